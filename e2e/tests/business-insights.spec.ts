import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { text } from './support/catalog.ts';
import { fundWallet, money, SETTLEMENT_TIMEOUT_MS, TEST_CARDS } from './support/money.ts';
import { signUpNewPerson, uniqueSuffix } from './support/people.ts';
import { chooseOtherAmount, confirmTip, fillTipCard, qt } from './support/quick-tip.ts';

const en = (key: string, values?: Record<string, string>) => text('en', 'business', key, values);

/** Today and a week on, as the date inputs take them (the browser's own calendar). */
function isoDay(offsetDays: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

async function upgradeToEnterprise(page: Page): Promise<void> {
  await page.goto('/businesses#plans');
  const plans = page.getByRole('region', { name: en('plans.title') });
  const enterprise = plans
    .getByTestId('plan-card')
    .filter({ hasText: en('plans.levels.enterprise') })
    .first();
  await enterprise.getByRole('button', { name: en('plans.upgrade', { plan: 'Enterprise' }) }).click();
  const upgrade = page.getByRole('dialog', { name: en('plans.changeTitle', { plan: 'Enterprise' }) });
  await upgrade.getByRole('button', { name: en('plans.pay', { amount: money(9_900) }) }).click();
  await expect(upgrade.getByText(en('plans.doneActive', { plan: 'Enterprise' }))).toBeVisible();
  await upgrade.getByRole('button', { name: en('actions.done') }).click();
}

test('An enterprise owner runs a QR campaign, sees the tip in the admin charts and per QR code, and exports the statement as CSV', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  await signUpNewPerson(page, request, 'olga');
  await fundWallet(page, 10_000, 'Olga Ferreira');
  await upgradeToEnterprise(page);

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

  // Nothing came in yet: the figures say so.
  const insights = page.getByTestId('business-insights');
  await expect(insights.getByTestId('insights-empty')).toHaveText(en('insights.empty'));

  // A campaign from today for a week, with a goal of 20.00 and a QR code of its own.
  const campaigns = page.getByTestId('business-campaigns');
  await expect(campaigns.getByTestId('campaigns-empty')).toBeVisible();
  await campaigns.getByRole('button', { name: en('campaigns.new') }).click();
  const form = campaigns.getByTestId('campaign-form');
  // A campaign needs its name, dates and goal: refused before anything is sent.
  await form.getByRole('button', { name: en('campaigns.create') }).click();
  await expect(form.getByText(text('en', 'validation', 'required')).first()).toBeVisible();
  await form.getByLabel(en('campaigns.name'), { exact: true }).fill('Summer terrace');
  await form.getByLabel(en('campaigns.startsOn'), { exact: true }).fill(isoDay(0));
  await form.getByLabel(en('campaigns.endsOn'), { exact: true }).fill(isoDay(7));
  await form.getByLabel(en('campaigns.goal')).fill('20.00');
  await form.getByRole('button', { name: en('campaigns.create') }).click();
  await expect(page.getByText(en('campaigns.created', { name: 'Summer terrace' }))).toBeVisible();
  const campaign = campaigns.getByTestId('campaign').filter({ hasText: 'Summer terrace' });
  await expect(campaign.getByTestId('campaign-status')).toHaveText(en('campaigns.status.active'));
  await expect(campaign.getByTestId('campaign-progress')).toHaveText(
    en('campaigns.progress', { raised: money(0), goal: money(2_000), percent: '0' }),
  );
  // Its QR code is one of the business's, drawn for the team.
  await expect(
    page.getByTestId('business-qr').filter({ hasText: 'Summer terrace' }).getByRole('img'),
  ).toBeVisible();
  const qrLink = await campaign.getByRole('link').getAttribute('href');
  await expectNoSevereAxeIssue(page, 'the business admin with its figures and campaigns');

  // A customer with no account scans the campaign's code and tips 5.00 by card.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto(new URL(qrLink ?? '').pathname);
  await expect(customer.getByTestId('receiver')).toContainText('Aurora Group');
  await chooseOtherAmount(customer, '5.00', 'USD');
  await fillTipCard(customer, TEST_CARDS.succeeds, 'Kind Customer');
  await confirmTip(customer, money(500));
  await expect(customer.getByTestId('done-step').getByTestId('receipt-status')).toHaveText(
    qt('done.statusCompleted'),
    { timeout: SETTLEMENT_TIMEOUT_MS },
  );
  await customerContext.close();

  // Once the card settled, the admin charts, the per-QR table and the campaign count it.
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/businesses/${businessId}/insights`);
        return JSON.stringify((await response.json()).totals);
      },
      { timeout: SETTLEMENT_TIMEOUT_MS },
    )
    .toBe(JSON.stringify({ revenueMinor: 500, tipsMinor: 500, tipsCount: 1, distributedMinor: 0 }));
  await page.goto(`/business-admin?business=${businessId}`);
  // A whole screen loaded afresh: slower than a click on a busy machine.
  await expect(page.getByTestId('insights-total-revenue')).toContainText(money(500), { timeout: 30_000 });
  await expect(page.getByTestId('insights-total-tips')).toContainText(money(500));
  await expect(page.getByTestId('insights-total-tips')).toContainText(
    en('insights.tipsCount_one', { count: '1' }),
  );
  await expect(page.getByTestId('insights-chart')).toBeVisible();
  const series = page.getByTestId('insights-series');
  await series.getByRole('button', { name: text('en', 'analytics', 'view.showTable') }).click();
  await expect(series.getByRole('table')).toBeVisible();
  await expect(series.getByRole('table')).toContainText(money(500));
  const byQr = page.getByTestId('insights-qr-codes').getByRole('row').filter({ hasText: 'Summer terrace' });
  await expect(byQr).toContainText(money(500));
  await page.getByTestId('insights-bucket').selectOption('week');
  await expect(series.getByRole('table')).toContainText(money(500));

  const seen = campaigns.getByTestId('campaign').filter({ hasText: 'Summer terrace' });
  await expect(seen.getByTestId('campaign-scans')).toHaveText('1');
  await expect(seen.getByTestId('campaign-tips')).toHaveText('1');
  await expect(seen.getByTestId('campaign-progress')).toHaveText(
    en('campaigns.progress', { raised: money(500), goal: money(2_000), percent: '25' }),
  );
  await expectNoSevereAxeIssue(page, 'the business figures as tables');

  // The statement of the month as CSV: the tip, through the campaign's code.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('financials-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ztart-financials-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) ?? '', 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toBe('date,kind,amount,currency,counterparty,qr_code,note,transaction_id');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toMatch(/^\d{4}-\d{2}-\d{2},tip,5\.00,USD,,Summer terrace,,[0-9a-f-]{36}$/);

  // The PDF of the same period answers too.
  const pdf = await page.request.get(`/api/businesses/${businessId}/exports/financials.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});
