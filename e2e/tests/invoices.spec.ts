import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { text } from './support/catalog.ts';
import {
  balanceOf,
  fundWallet,
  futureExpiry,
  money,
  SETTLEMENT_TIMEOUT_MS,
  TEST_CARDS,
} from './support/money.ts';
import { linkInMail } from './support/outbox.ts';
import { signUpNewPerson, uniqueSuffix } from './support/people.ts';

const en = (key: string, values?: Record<string, string>) => text('en', 'invoices', key, values);

/** Fills one line of the invoice form (the n-th, from 0). */
async function fillLine(page: Page, index: number, description: string, quantity: string, price: string) {
  const line = page.getByTestId('invoice-line').nth(index);
  await line.getByLabel(en('form.lineDescription'), { exact: true }).fill(description);
  await line.getByLabel(en('form.lineQuantity'), { exact: true }).fill(quantity);
  await line.getByLabel(new RegExp(`^${en('form.lineUnitPrice')}`)).fill(price);
}

async function payByCard(pay: Page, total: string): Promise<Locator> {
  const card = pay.getByTestId('card-fields');
  await card.getByLabel(en('card.number'), { exact: true }).fill(TEST_CARDS.succeeds);
  await card.getByLabel(en('card.expiry'), { exact: true }).fill(futureExpiry());
  await card.getByLabel(en('card.cvc'), { exact: true }).fill('123');
  await card.getByLabel(en('card.name'), { exact: true }).fill('Carla Customer');
  await pay.getByRole('button', { name: en('pay.payCard') }).click();
  const confirm = pay.getByRole('dialog', { name: en('pay.confirmCardTitle', { total }) });
  await expect(confirm.getByTestId('confirm-payment')).toContainText('•••• 4242');
  await confirm.getByRole('button', { name: en('pay.confirmPay', { total }) }).click();
  return confirm;
}

test('a new person bills a customer for two lines with tax, the customer pays the emailed link by card without an account, and the exact total lands in the issuer’s wallet', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await signUpNewPerson(page, request, 'biller');
  const before = await balanceOf(page);
  const customerEmail = `carla.${uniqueSuffix()}@example.com`;

  // No invoice yet: the empty state leads to the form.
  await page.goto('/invoices');
  await expect(page.getByTestId('screen-title')).toHaveText(en('title'));
  const empty = page.getByTestId('invoices-empty');
  await expect(empty).toContainText(en('list.emptyTitle'));
  await empty.getByRole('link', { name: en('list.emptyAction') }).click();
  await expect(page.getByTestId('screen-title')).toHaveText(en('form.createTitle'));

  // Two lines and 8.25 % tax: 2 × 12.50 + 1 × 4.75 = 29.75, tax 2.454375 → 2.45, total 32.20.
  await page.getByLabel(en('form.customerName'), { exact: true }).fill('Carla Customer');
  await page.getByLabel(en('form.customerEmail'), { exact: true }).fill(customerEmail);
  await fillLine(page, 0, 'Logo design', '2', '12.50');
  await page.getByRole('button', { name: en('form.addLine') }).click();
  await fillLine(page, 1, 'Business cards', '1', '4.75');
  await page.getByLabel(en('form.taxRate'), { exact: true }).fill('8.25');
  await page.getByLabel(en('form.notes'), { exact: true }).fill('Thank you for your business.');
  const preview = page.getByTestId('invoice-totals');
  await expect(preview).toContainText(money(2_975));
  await expect(preview).toContainText(money(245));
  await expect(page.getByTestId('invoice-total')).toHaveText(money(3_220));
  await page.getByRole('button', { name: en('actions.saveDraft') }).click();
  await expect(page.getByText(en('form.created'))).toBeVisible();

  // The draft has the first number of the year; sending it asks first.
  const number = `INV-${new Date().getFullYear()}-0001`;
  await expect(page.getByTestId('screen-title')).toHaveText(number);
  await expect(page.getByTestId('invoice-status')).toHaveText(en('status.draft'));
  await expect(page.getByTestId('invoice-lines')).toContainText('Logo design');
  await expect(page.getByTestId('invoice-total')).toHaveText(money(3_220));
  await page.getByRole('button', { name: en('actions.send'), exact: true }).click();
  const send = page.getByRole('dialog', { name: en('send.title', { number }) });
  await expect(send).toContainText(customerEmail);
  await send.getByRole('button', { name: en('send.confirm') }).click();
  await expect(page.getByText(en('send.sent', { email: customerEmail }))).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText(en('status.sent'));
  await expect(page.getByRole('button', { name: en('actions.send'), exact: true })).toBeHidden();
  const shownLink = (await page.getByTestId('pay-url').textContent()) ?? '';
  await expect(page.getByTestId('pay-link')).toBeVisible();
  await expectNoSevereAxeIssue(page, 'a sent invoice');

  // The customer's mail has the pay link; they open it in a browser of their own, signed out.
  const link = await linkInMail(request, customerEmail, /https?:\/\/\S+\/i\/[A-Za-z0-9_-]{22}/);
  expect(new URL(link).pathname).toBe(new URL(shownLink).pathname);
  const customer = await browser.newContext();
  const pay = await customer.newPage();
  await pay.goto(new URL(link).pathname);
  await expect(pay.getByTestId('screen-title')).toHaveText(en('pay.title', { number }));
  await expect(pay.getByTestId('amount-due')).toContainText(money(3_220));
  await expect(pay.getByTestId('invoice-lines')).toContainText('Business cards');
  await expect(pay.getByText(en('pay.signInToUseWallet'))).toBeVisible();
  await expectNoSevereAxeIssue(pay, 'the public pay page');

  const confirm = await payByCard(pay, money(3_220));
  await expect(confirm).toBeHidden();
  // Pending while the processor settles, then paid — without a reload.
  await expect(pay.getByTestId('invoice-paid')).toBeVisible({ timeout: SETTLEMENT_TIMEOUT_MS });
  await expect(pay.getByTestId('invoice-paid')).toContainText(en('pay.paidState'));
  await expect(pay.getByRole('button', { name: en('pay.payCard') })).toBeHidden();
  await pay.reload();
  await expect(pay.getByTestId('invoice-paid')).toBeVisible();
  await expect(pay.getByTestId('card-fields')).toBeHidden();
  await customer.close();

  // The issuer: exactly the total more in the wallet, the invoice paid in the list, nothing owed.
  await expect
    .poll(async () => (await balanceOf(page)).availableMinor, { timeout: SETTLEMENT_TIMEOUT_MS })
    .toBe(before.availableMinor + 3_220);
  await page.goto('/invoices?status=paid');
  const row = page.getByTestId('invoice-row').filter({ hasText: number });
  await expect(row).toContainText(en('status.paid'));
  await expect(row).toContainText(money(3_220));
  await expect(page.getByRole('button', { name: en('status.paid') })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('invoice-outstanding')).toContainText(en('list.nothingOutstanding'));
  await page.getByRole('button', { name: en('status.draft') }).click();
  await expect(page.getByText(en('list.emptyFiltered'))).toBeVisible();

  // The PDF says what the invoice says.
  await page.goto('/invoices');
  await page.getByTestId('invoice-row').filter({ hasText: number }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText(en('status.paid'));
  await expect(page.getByRole('button', { name: en('actions.void'), exact: true })).toBeHidden();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: en('actions.downloadPdf') }).click();
  const download = await downloading;
  const pdfPath = path.join(mkdtempSync(path.join(tmpdir(), 'invoice-')), 'invoice.pdf');
  await download.saveAs(pdfPath);
  const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(pdfText).toContain(number);
  expect(pdfText).toContain('Logo design');
  expect(pdfText).toContain('Business cards');
  expect(pdfText).toContain('32.20');
});

test('a draft can be changed until it is sent, and a voided invoice can no longer be paid', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await signUpNewPerson(page, request, 'drafter');
  await page.goto('/invoices/new');
  await page.getByLabel(en('form.customerName'), { exact: true }).fill('Dan Dropped');
  await page.getByLabel(en('form.customerEmail'), { exact: true }).fill(`dan.${uniqueSuffix()}@example.com`);
  await fillLine(page, 0, 'Consulting', '3', '20');
  // A problem is named on its field and nothing is saved.
  await page.getByLabel(en('form.taxRate'), { exact: true }).fill('150');
  await page.getByRole('button', { name: en('actions.saveDraft') }).click();
  await expect(page.getByText(en('validation.taxRate', { max: '100' }))).toBeVisible();
  await page.getByLabel(en('form.taxRate'), { exact: true }).fill('0');
  await page.getByRole('button', { name: en('actions.saveDraft') }).click();
  await expect(page.getByTestId('invoice-total')).toHaveText(money(6_000));

  // Editing the draft: one more hour.
  await page.getByRole('link', { name: en('actions.edit') }).click();
  await page
    .getByTestId('invoice-line')
    .first()
    .getByLabel(en('form.lineQuantity'), { exact: true })
    .fill('4');
  await expect(page.getByTestId('invoice-total')).toHaveText(money(8_000));
  await page.getByRole('button', { name: en('actions.saveDraft') }).click();
  await expect(page.getByText(en('form.saved'))).toBeVisible();
  await expect(page.getByTestId('invoice-total')).toHaveText(money(8_000));

  await page.getByRole('button', { name: en('actions.send'), exact: true }).click();
  await page.getByRole('button', { name: en('send.confirm') }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText(en('status.sent'));
  const payPath = new URL((await page.getByTestId('pay-url').textContent()) ?? '').pathname;
  await expect(page.getByRole('link', { name: en('actions.edit') })).toBeHidden();

  const number = (await page.getByTestId('screen-title').textContent()) ?? '';
  await page
    .getByTestId('invoice-actions')
    .getByRole('button', { name: en('actions.void'), exact: true })
    .click();
  await page
    .getByRole('dialog', { name: en('void.title', { number }) })
    .getByRole('button', { name: en('void.confirm') })
    .click();
  await expect(page.getByTestId('invoice-status')).toHaveText(en('status.void'));
  await expect(page.getByTestId('pay-link')).toBeHidden();

  const customer = await browser.newContext();
  const pay = await customer.newPage();
  await pay.goto(payPath);
  await expect(pay.getByTestId('invoice-void')).toContainText(en('pay.voidState'));
  await expect(pay.getByTestId('card-fields')).toBeHidden();
  await customer.close();
});

test('a signed-in customer pays from their wallet after a confirmation, and a second try is told the invoice is already paid', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await signUpNewPerson(page, request, 'issuer');
  const payerContext = await browser.newContext();
  const payer = await payerContext.newPage();
  const payerPerson = await signUpNewPerson(payer, request, 'payer');
  await fundWallet(payer, 5_000, 'Paula Payer');

  await page.goto('/invoices/new');
  await page.getByLabel(en('form.customerName'), { exact: true }).fill('Paula Payer');
  await page.getByLabel(en('form.customerEmail'), { exact: true }).fill(payerPerson.email);
  await fillLine(page, 0, 'Piano lesson', '1', '20');
  await page.getByRole('button', { name: en('actions.saveDraft') }).click();
  await expect(page.getByTestId('invoice-total')).toHaveText(money(2_000));
  await page.getByRole('button', { name: en('actions.send'), exact: true }).click();
  await page.getByRole('button', { name: en('send.confirm') }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText(en('status.sent'));
  const payPath = new URL((await page.getByTestId('pay-url').textContent()) ?? '').pathname;
  const issuerBefore = await balanceOf(page);
  const payerBefore = await balanceOf(payer);

  // A second tab opened before paying: it still offers to pay.
  const staleTab = await payerContext.newPage();
  await staleTab.goto(payPath);
  await expect(staleTab.getByTestId('invoice-pay')).toBeVisible();

  await payer.goto(payPath);
  await payer.getByRole('radio', { name: en('pay.methodWallet') }).check();
  await expect(payer.getByTestId('wallet-available')).toHaveText(
    en('pay.available', { amount: money(payerBefore.availableMinor) }),
  );
  await payer.getByRole('button', { name: en('pay.payWallet') }).click();
  const confirm = payer.getByRole('dialog', { name: en('pay.confirmTitle', { total: money(2_000) }) });
  await expect(confirm).toBeVisible();
  await expectNoSevereAxeIssue(payer, 'the wallet payment confirmation');
  await confirm.getByRole('button', { name: en('pay.confirmPay', { total: money(2_000) }) }).click();
  await expect(payer.getByTestId('invoice-paid')).toBeVisible();

  expect((await balanceOf(payer)).availableMinor).toBe(payerBefore.availableMinor - 2_000);
  await expect
    .poll(async () => (await balanceOf(page)).availableMinor, { timeout: SETTLEMENT_TIMEOUT_MS })
    .toBe(issuerBefore.availableMinor + 2_000);

  // The stale tab tries again: refused with the catalogue's words, no money moves, and it shows paid.
  await staleTab.getByRole('radio', { name: en('pay.methodWallet') }).check();
  await staleTab.getByRole('button', { name: en('pay.payWallet') }).click();
  await staleTab.getByRole('button', { name: en('pay.confirmPay', { total: money(2_000) }) }).click();
  // The reason stays on screen as a toast (the dialog, which may show it a moment too, goes as the page
  // turns to paid).
  const toasts = staleTab.getByRole('region', { name: text('en', 'common', 'toasts.regionLabel') });
  await expect(toasts.getByText(text('en', 'errors', 'invoice_not_payable'))).toBeVisible();
  await expect(staleTab.getByTestId('invoice-paid')).toBeVisible();
  await expect(staleTab.getByTestId('invoice-pay')).toBeHidden();
  expect((await balanceOf(payer)).availableMinor).toBe(payerBefore.availableMinor - 2_000);
  await payerContext.close();
});
