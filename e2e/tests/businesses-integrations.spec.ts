import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { text } from './support/catalog.ts';
import { fundWallet, money } from './support/money.ts';
import { signUpNewPerson, uniqueSuffix } from './support/people.ts';

const en = (key: string, values?: Record<string, string>) => text('en', 'business', key, values);

test('An enterprise owner adds a webhook, sends it a signed test event, and creates, uses and revokes an API key', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  // A receiver started by the test (the e2e server may call loopback: WEBHOOK_ALLOW_LOOPBACK).
  const received: { body: string; signature: string }[] = [];
  const receiver = createServer((incoming, answer) => {
    let body = '';
    incoming.on('data', (chunk) => {
      body += chunk;
    });
    incoming.on('end', () => {
      received.push({ body, signature: String(incoming.headers['x-ztart-signature']) });
      answer.statusCode = 200;
      answer.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  try {
    await signUpNewPerson(page, request, 'ines');
    await fundWallet(page, 20_000, 'Ines Moreau');
    await page.goto('/businesses');
    const plans = page.getByRole('region', { name: en('plans.title') });
    await plans
      .getByTestId('plan-card')
      .filter({ hasText: en('plans.levels.enterprise') })
      .first()
      .getByRole('button', { name: en('plans.upgrade', { plan: 'Enterprise' }) })
      .click();
    const upgrade = page.getByRole('dialog', { name: en('plans.changeTitle', { plan: 'Enterprise' }) });
    await upgrade.getByRole('button', { name: en('plans.pay', { amount: money(9_900) }) }).click();
    await upgrade.getByRole('button', { name: en('actions.done') }).click();

    await page
      .getByRole('button', { name: en('create.open') })
      .first()
      .click();
    const create = page.getByRole('dialog', { name: en('create.title') });
    await create.getByLabel(en('create.name'), { exact: true }).fill('Aurora Group');
    await create.getByLabel(en('create.tag'), { exact: true }).fill(`group_${uniqueSuffix()}`.slice(0, 20));
    await create.getByRole('button', { name: en('create.submit') }).click();
    await expect(page).toHaveURL(/\/business-admin\?business=/);
    const businessId = new URL(page.url()).searchParams.get('business') ?? '';

    const integrations = page.getByRole('region', { name: en('integrations.title') });
    await expect(integrations.getByText(en('integrations.webhooks.empty'))).toBeVisible();

    // An internal address is refused, in words.
    const url = integrations.getByLabel(en('integrations.webhooks.url'), { exact: true });
    await url.fill('http://169.254.169.254/latest/meta-data');
    await integrations.getByRole('button', { name: en('integrations.webhooks.submit') }).click();
    await expect(integrations.getByText(text('en', 'errors', 'webhook_address_not_allowed'))).toBeVisible();

    await url.fill(receiverUrl);
    await integrations.getByRole('button', { name: en('integrations.webhooks.submit') }).click();
    const secret = (await integrations.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const hook = integrations.getByTestId('webhook').filter({ hasText: receiverUrl });
    await expect(hook).toContainText(en('integrations.events.invoicePaid'));

    // The test event arrives signed with that secret, and the log says it was delivered.
    await hook.getByRole('button', { name: en('integrations.webhooks.test') }).click();
    await expect(page.getByText(en('integrations.webhooks.testDelivered'))).toBeVisible();
    const log = hook.getByTestId('delivery-log');
    await expect(log.getByTestId('delivery').first()).toContainText(en('integrations.events.ping'));
    await expect(log.getByTestId('delivery').first()).toContainText(en('integrations.log.delivered'));
    expect(received).toHaveLength(1);
    const [t, v1] = (received[0]?.signature ?? '').split(',').map((part) => part.split('=')[1]);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${received[0]?.body}`).digest('hex'));
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({ event: 'ping', businessId });
    await expectNoSevereAxeIssue(page, 'the integrations of the business admin screen');

    // An API key, shown once, reads the business's wallet and nothing else; revoked, nothing at all.
    await integrations.getByLabel(en('integrations.keys.name'), { exact: true }).fill('Accounting');
    await integrations.getByRole('button', { name: en('integrations.keys.create') }).click();
    const key = (await integrations.getByTestId('api-key').textContent()) ?? '';
    expect(key).toMatch(/^ztk_/);
    const bearer = { headers: { authorization: `Bearer ${key}` } };
    const wallet = await request.get(`/api/businesses/${businessId}/wallet`, bearer);
    expect(wallet.status()).toBe(200);
    expect((await request.get('/api/wallet', bearer)).status()).toBe(401);
    const row = integrations.getByTestId('api-key-row').filter({ hasText: 'Accounting' });
    await expect(row).toContainText(key.slice(0, 12));
    await row
      .getByRole('button', { name: en('integrations.keys.revokeNamed', { name: 'Accounting' }) })
      .click();
    const revoke = page.getByRole('dialog', {
      name: en('integrations.keys.revokeTitle', { name: 'Accounting' }),
    });
    await revoke.getByRole('button', { name: en('integrations.keys.revokeConfirm') }).click();
    await expect(page.getByText(en('integrations.keys.revoked', { name: 'Accounting' }))).toBeVisible();
    await expect(integrations.getByText(en('integrations.keys.empty'))).toBeVisible();
    expect((await request.get(`/api/businesses/${businessId}/wallet`, bearer)).status()).toBe(401);

    // An invitation by email is taken back from the team screen, after a confirmation.
    await page.getByRole('link', { name: en('list.team') }).click();
    const form = page.getByRole('region', { name: en('invite.title') });
    await form.getByText(en('invite.by_email')).click();
    const email = `late.${uniqueSuffix()}@example.com`;
    await form.getByLabel(en('invite.email'), { exact: true }).fill(email);
    await form.getByRole('button', { name: en('invite.submit') }).click();
    const invitation = page.getByTestId('team-invitation').filter({ hasText: email });
    await invitation.getByRole('button', { name: en('team.revokeInvitationNamed', { who: email }) }).click();
    const confirm = page.getByRole('dialog', { name: en('team.revokeTitle', { who: email }) });
    await confirm.getByRole('button', { name: en('team.revokeConfirm') }).click();
    await expect(page.getByText(en('team.revoked', { who: email }))).toBeVisible();
    await expect(page.getByTestId('team-invitation')).toHaveCount(0);
    await expectNoSevereAxeIssue(page, 'the team screen');
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
