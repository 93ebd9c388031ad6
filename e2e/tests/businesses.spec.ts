import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { text } from './support/catalog.ts';
import { balanceOf, fundWallet, money, SETTLEMENT_TIMEOUT_MS, TEST_CARDS } from './support/money.ts';
import { type NewPerson, signUpNewPerson, uniqueSuffix } from './support/people.ts';
import { chooseOtherAmount, confirmTip, fillTipCard, qt } from './support/quick-tip.ts';

const en = (key: string, values?: Record<string, string>) => text('en', 'business', key, values);

/** A new person in a browser of their own (their own cookies), signed up and signed in. */
async function newPersonInOwnBrowser(browser: Browser, request: APIRequestContext, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const person = await signUpNewPerson(page, request, prefix);
  return { context, page, person };
}

/** Claire invites a person by their ztartag on the team screen. */
async function invite(page: Page, person: NewPerson): Promise<void> {
  const form = page.getByRole('region', { name: en('invite.title') });
  await form.getByLabel(en('invite.ztartag'), { exact: true }).fill(person.ztartag);
  await form.getByRole('button', { name: en('invite.submit') }).click();
  await expect(page.getByText(en('invite.sent', { who: `@${person.ztartag}` }))).toBeVisible();
}

/** The invited person finds the invitation on /businesses and accepts it. */
async function accept(page: Page, businessName: string): Promise<void> {
  await page.goto('/businesses');
  const invitation = page.getByTestId('invitation').filter({ hasText: businessName });
  await expect(invitation).toContainText(en('invitations.body', { name: businessName }));
  await invitation.getByRole('button', { name: en('invitations.accept') }).click();
  await expect(page.getByText(en('invitations.accepted', { name: businessName }))).toBeVisible();
  await expect(page.getByTestId('business-card').filter({ hasText: businessName })).toContainText(
    en('roles.member'),
  );
}

test('Claire upgrades to Business, opens Café Aurora with two colleagues, and shares a stranger’s 9.00 tip equally: 4.50 each, nothing left in the business', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  await signUpNewPerson(page, request, 'claire');
  await fundWallet(page, 5_000, 'Claire Dubois');

  // Without the plan, a business cannot be created: the message says so and points to the plans.
  await page.goto('/businesses');
  await expect(page.getByTestId('screen-title')).toHaveText(en('title'));
  await expect(page.getByTestId('businesses-empty')).toBeVisible();
  await page
    .getByRole('button', { name: en('create.open') })
    .first()
    .click();
  const create = page.getByRole('dialog', { name: en('create.title') });
  const tag = `aurora_${uniqueSuffix()}`.slice(0, 20);
  await create.getByLabel(en('create.name'), { exact: true }).fill('Café Aurora');
  await create.getByLabel(en('create.tag'), { exact: true }).fill(tag);
  await create.getByRole('button', { name: en('create.submit') }).click();
  await expect(create.getByText(text('en', 'errors', 'business_level_required'))).toBeVisible();
  await expect(create.getByRole('link', { name: en('plans.seePlans') })).toHaveAttribute(
    'href',
    '/businesses#plans',
  );
  await create.getByRole('button', { name: en('actions.close') }).click();

  // The plans, with their prices; the upgrade says what is paid and from where before it is paid.
  const plans = page.getByRole('region', { name: en('plans.title') });
  await expect(plans.getByTestId('current-plan')).toContainText(en('plans.levels.freemium'));
  const businessPlan = plans
    .getByTestId('plan-card')
    .filter({ hasText: en('plans.levels.business') })
    .first();
  await expect(businessPlan).toContainText(money(2_900));
  await businessPlan.getByRole('button', { name: en('plans.upgrade', { plan: 'Business' }) }).click();
  const upgrade = page.getByRole('dialog', { name: en('plans.changeTitle', { plan: 'Business' }) });
  await expect(upgrade.getByTestId('plan-price')).toHaveText(money(2_900));
  await upgrade.getByRole('button', { name: en('plans.pay', { amount: money(2_900) }) }).click();
  await expect(upgrade.getByText(en('plans.doneActive', { plan: 'Business' }))).toBeVisible();
  await upgrade.getByRole('button', { name: en('actions.done') }).click();
  await expect(plans.getByTestId('current-plan')).toContainText(en('plans.levels.business'));
  expect((await balanceOf(page)).availableMinor).toBe(5_000 - 2_900);

  // Now the business: Café Aurora, in dollars.
  await page
    .getByRole('button', { name: en('create.open') })
    .first()
    .click();
  await create.getByLabel(en('create.name'), { exact: true }).fill('Café Aurora');
  await create.getByLabel(en('create.tag'), { exact: true }).fill(tag);
  await create.getByRole('button', { name: en('create.submit') }).click();
  await expect(page.getByText(en('create.created', { name: 'Café Aurora' }))).toBeVisible();
  await expect(page).toHaveURL(/\/business-admin\?business=/);
  await expect(page.getByTestId('business-summary')).toContainText('Café Aurora');
  await expect(page.getByTestId('business-balance')).toHaveText(money(0));
  const businessId = new URL(page.url()).searchParams.get('business') ?? '';

  // A QR code for the tables.
  await page.getByLabel(en('qr.newTitle'), { exact: true }).fill('Tables');
  await page.getByRole('button', { name: en('qr.create') }).click();
  await expect(page.getByText(en('qr.created', { title: 'Tables' }))).toBeVisible();
  const qrLink = page
    .getByTestId('business-qr')
    .filter({ hasText: 'Tables' })
    .getByTestId('business-qr-link');
  const qrPath = new URL((await qrLink.getAttribute('href')) ?? '').pathname;
  await expectNoSevereAxeIssue(page, 'the business admin screen');

  // Two colleagues, each with a new account of their own, invited by their ztartag.
  const ana = await newPersonInOwnBrowser(browser, request, 'ana');
  const bruno = await newPersonInOwnBrowser(browser, request, 'bruno');
  await page.getByRole('link', { name: en('list.team') }).click();
  await expect(page.getByTestId('screen-title')).toHaveText(en('team.title'));
  await invite(page, ana.person);
  await invite(page, bruno.person);
  await expect(page.getByTestId('team-usage')).toHaveText(en('team.usage', { used: '2', max: '5' }));
  await expectNoSevereAxeIssue(page, 'the team screen');

  await accept(ana.page, 'Café Aurora');
  await accept(bruno.page, 'Café Aurora');
  await page.reload();
  const members = page.getByTestId('team-member');
  await expect(members.filter({ hasText: ana.person.ztartag })).toContainText(en('approval.approved'));
  await expect(members.filter({ hasText: bruno.person.ztartag })).toContainText(en('approval.approved'));

  // A customer with no account scans the table's code and tips 9.00 with a card.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto(qrPath);
  await expect(customer.getByTestId('receiver')).toContainText('Café Aurora');
  await chooseOtherAmount(customer, '9.00', 'USD');
  await fillTipCard(customer, TEST_CARDS.succeeds, 'Kind Customer');
  await confirmTip(customer, money(900));
  await expect(customer.getByTestId('done-step').getByTestId('receipt-status')).toHaveText(
    qt('done.statusCompleted'),
    { timeout: SETTLEMENT_TIMEOUT_MS },
  );
  await customerContext.close();

  // Once the card settled, the pool holds 9.00.
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/businesses/${businessId}/wallet`);
        const wallet = (await response.json()) as {
          balances: { currency: string; availableMinor: number }[];
        };
        return wallet.balances.find((balance) => balance.currency === 'USD')?.availableMinor ?? 0;
      },
      { timeout: SETTLEMENT_TIMEOUT_MS },
    )
    .toBe(900);
  const anaBefore = (await balanceOf(ana.page)).availableMinor;
  const brunoBefore = (await balanceOf(bruno.page)).availableMinor;

  // Claire shares it in equal shares: the preview first, then the move.
  await page.goto(`/business-admin?business=${businessId}`);
  await expect(page.getByTestId('business-balance')).toHaveText(money(900));
  await page.getByRole('button', { name: en('distribute.open') }).click();
  const share = page.getByRole('dialog', { name: en('distribute.title') });
  await expect(share.getByRole('radio', { name: new RegExp(en('distribute.rules.equal')) })).toBeChecked();
  await share.getByRole('button', { name: en('distribute.preview') }).click();
  const preview = share.getByTestId('distribution-preview');
  await expect(preview.getByTestId('distribution-share')).toHaveCount(2);
  await expect(
    preview.getByTestId('distribution-share').filter({ hasText: ana.person.ztartag }),
  ).toContainText(money(450));
  await expect(
    preview.getByTestId('distribution-share').filter({ hasText: bruno.person.ztartag }),
  ).toContainText(money(450));
  await expect(preview.getByTestId('distribution-total')).toHaveText(money(900));
  await expectNoSevereAxeIssue(page, 'the distribution preview');
  await share.getByRole('button', { name: en('distribute.confirm', { amount: money(900) }) }).click();
  await expect(
    share.getByText(en('distribute.done_other', { amount: money(900), count: '2' })),
  ).toBeVisible();
  await share.getByRole('button', { name: en('actions.done') }).click();

  // Each colleague has exactly 4.50 more; the business holds nothing.
  await expect(page.getByTestId('business-balance')).toHaveText(money(0));
  expect((await balanceOf(ana.page)).availableMinor).toBe(anaBefore + 450);
  expect((await balanceOf(bruno.page)).availableMinor).toBe(brunoBefore + 450);

  await ana.context.close();
  await bruno.context.close();
});
