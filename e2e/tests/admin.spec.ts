import { type Browser, expect, type Page, test } from '@playwright/test';
import { en } from './support/catalog.ts';
import { balanceOf, fundAtLeast, money } from './support/money.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn, signUpNewPerson } from './support/people.ts';

/** A page of its own (cookies apart from every other page), signed in as Ada, the demo admin. */
async function adaPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, DEMO_PEOPLE.ada.email, DEMO_PASSWORD);
  return page;
}

/** Opens /admin, searches for `email` and opens that person's page. */
async function openPerson(page: Page, email: string): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByTestId('screen-title')).toHaveText(en('admin', 'title'));
  await page.getByLabel(en('admin', 'users.search'), { exact: true }).fill(email);
  const row = page.getByTestId('admin-user-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Open / }).click();
  await expect(page.getByTestId('admin-user-profile')).toContainText(email);
}

/** Confirms the admin action the open dialog asks about. */
async function confirmIn(page: Page, title: string, action: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('Ada suspends a person signed in elsewhere: their next request is refused and their sign-in fails, until she restores them', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const person = await signUpNewPerson(page, request, 'suspended');
  const name = `@${person.ztartag}`;
  expect((await page.request.get('/api/wallet')).ok()).toBe(true);

  const ada = await adaPage(browser);
  await openPerson(ada, person.email);
  await ada.getByRole('button', { name: en('admin', 'users.suspend'), exact: true }).click();
  await confirmIn(ada, en('admin', 'confirm.suspendTitle', { name }), en('admin', 'confirm.suspendAction'));
  await expect(ada.getByText(en('admin', 'users.suspendedToast', { name }))).toBeVisible();
  await expect(ada.getByTestId('admin-user-profile')).toContainText(/Suspended since/);

  // Their open session ended at once: the very next request is refused.
  const refused = await page.request.get('/api/wallet');
  expect(refused.status()).toBe(401);

  // Signing in again is refused with the translated reason.
  await page.goto('/auth');
  await page.getByLabel(en('auth', 'fields.email'), { exact: true }).fill(person.email);
  await page.getByLabel(en('auth', 'fields.password'), { exact: true }).fill(person.password);
  await page.getByRole('button', { name: en('auth', 'signIn.submit'), exact: true }).click();
  await expect(page.getByText(en('errors', 'account_suspended'))).toBeVisible();
  expect((await page.request.get('/api/wallet')).status()).toBe(401);

  // Restored, they can sign in again.
  await ada.getByRole('button', { name: en('admin', 'users.restore'), exact: true }).click();
  await confirmIn(ada, en('admin', 'confirm.restoreTitle', { name }), en('admin', 'confirm.restoreAction'));
  await expect(ada.getByText(en('admin', 'users.restoredToast', { name }))).toBeVisible();
  await signIn(page, person.email, person.password);
  expect((await page.request.get('/api/wallet')).ok()).toBe(true);
  await ada.context().close();
});

test('Ada views the app as Maria, read-only: she sees her wallet, cannot send money, ends it, and the audit log shows the session', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  // Maria has money to send, so the refusal comes from the impersonation, not from her balance.
  await signIn(page, DEMO_PEOPLE.maria.email, DEMO_PASSWORD);
  await fundAtLeast(page, 1_000, 'Maria Santos');
  const before = await balanceOf(page);

  const ada = await adaPage(browser);
  await openPerson(ada, DEMO_PEOPLE.maria.email);
  await ada.getByRole('button', { name: en('admin', 'users.impersonate'), exact: true }).click();
  await confirmIn(
    ada,
    en('admin', 'confirm.impersonateTitle', { name: 'Maria Santos' }),
    en('admin', 'confirm.impersonateAction'),
  );

  // Her wallet, with the banner that says whose it is and for how long.
  await expect(ada).toHaveURL(/\/wallet$/);
  const banner = ada.getByTestId('impersonation-banner');
  await expect(banner).toContainText(en('common', 'impersonation.viewingAs', { name: 'Maria Santos' }));
  await expect(ada.getByTestId('impersonation-time-left')).toHaveText(/1[45] minutes left/);
  await expect(ada.getByTestId('screen-title')).toHaveText(en('screens', 'wallet.title'));
  expect((await balanceOf(ada)).availableMinor).toBe(before.availableMinor);

  // The banner follows her to every screen.
  await ada.goto('/transactions');
  await expect(banner).toBeVisible();
  await ada.goto('/wallet');

  // Sending money is refused, in words, and nothing moves.
  await ada.getByRole('button', { name: en('wallet', 'actions.send'), exact: true }).click();
  const send = ada.getByRole('dialog', { name: en('wallet', 'send.title') });
  await send.getByLabel(en('wallet', 'send.recipient'), { exact: true }).fill(DEMO_PEOPLE.leo.ztartag);
  await expect(send.getByText(`@${DEMO_PEOPLE.leo.ztartag}`)).toBeVisible();
  await send.getByLabel(new RegExp(`^${en('wallet', 'flows.amount')}`)).fill('5.00');
  await send.getByRole('button', { name: en('wallet', 'actions.continue') }).click();
  await send
    .getByRole('button', { name: en('wallet', 'send.confirmAction', { amount: money(500) }) })
    .click();
  await expect(send.getByText(en('errors', 'impersonation_read_only'))).toBeVisible();
  expect((await balanceOf(page)).availableMinor).toBe(before.availableMinor);
  await ada.keyboard.press('Escape');
  await expect(send).toBeHidden();

  // Ending it: Ada is herself again, on the audit log, which shows the session from start to end.
  await banner.getByRole('button', { name: en('common', 'impersonation.end') }).click();
  await expect(banner).toBeHidden();
  await expect(ada).toHaveURL(/\/admin\?tab=system$/);
  const log = ada.getByTestId('audit-log');
  // Newest first: the end, the refused transfer, and every screen she opened as Maria.
  for (const action of ['impersonation_ended', 'impersonation_refused', 'impersonation_request']) {
    await expect(log.getByTestId('audit-entry').filter({ hasText: action }).first()).toBeVisible();
  }
  // Filtered by its action, the start names the admin who viewed.
  await log.getByLabel(en('admin', 'audit.action'), { exact: true }).fill('impersonation_started');
  await log.getByRole('button', { name: en('admin', 'audit.filter') }).click();
  await expect(ada).toHaveURL(/action=impersonation_started/);
  const started = log.getByTestId('audit-entry').first();
  await expect(started).toContainText('impersonation_started');
  await expect(started).toContainText(DEMO_PEOPLE.ada.email);
  await ada.context().close();
});

test('the observatory is live over its stream; system metrics only for a role allowed them', async ({
  browser,
  page,
}) => {
  // Two people sign in and one waits for a snapshot over the stream: more than the default on a busy machine.
  test.setTimeout(90_000);
  const ada = await adaPage(browser);
  await ada.goto('/observatory');
  await expect(ada.getByTestId('screen-title')).toHaveText(en('observatory', 'title'));
  await expect(ada.getByTestId('observatory-stream')).toHaveAttribute('data-state', 'live');
  await expect(ada.getByTestId('service-database')).toContainText(en('observatory', 'status.up'));
  await expect(ada.getByTestId('observatory-system')).toBeVisible();
  // A snapshot arrives over the stream every few seconds: the time of the figures moves on.
  const updated = ada.getByTestId('observatory-stream').locator('xpath=following-sibling::span');
  const first = await updated.textContent();
  await expect(updated).not.toHaveText(first ?? '', { timeout: 15_000 });
  await ada.context().close();

  await signIn(page, DEMO_PEOPLE.leo.email, DEMO_PASSWORD);
  await page.goto('/observatory');
  await expect(page.getByTestId('observatory-services')).toBeVisible();
  await expect(page.getByTestId('observatory-system')).toHaveCount(0);
});
