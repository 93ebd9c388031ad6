import { expect, type Page, test } from '@playwright/test';
import { en } from './support/catalog.ts';
import {
  addCard,
  balanceCard,
  balanceOf,
  money,
  SETTLEMENT_TIMEOUT_MS,
  submitCard,
  TEST_CARDS,
} from './support/money.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn, signUpNewPerson } from './support/people.ts';

/** A row of the transaction list, found by the line a person reads ("Transfer to @leo_guitar"). */
function transactionRow(page: Page, description: string) {
  return page.getByTestId('transaction-row').filter({ hasText: description });
}

/** Opens the deposit dialog on /wallet and confirms a deposit of `amount` with the chosen card. */
async function depositWith(page: Page, last4: string, amount: string, amountMinor: number) {
  await page.goto('/wallet');
  await page.getByRole('button', { name: en('wallet', 'actions.deposit'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en('wallet', 'deposit.title') });
  await dialog.getByRole('radio', { name: new RegExp(`•••• ${last4}`) }).check();
  await dialog.getByLabel(new RegExp(`^${en('wallet', 'flows.amount')}`)).fill(amount);
  await dialog.getByRole('button', { name: en('wallet', 'actions.continue') }).click();
  await expect(dialog.getByText(en('wallet', 'deposit.confirmTitle'))).toBeVisible();
  await expect(dialog.getByText(en('wallet', 'methods.cardName', { brand: 'Visa', last4 }))).toBeVisible();
  await dialog
    .getByRole('button', { name: en('wallet', 'deposit.confirmAction', { amount: money(amountMinor) }) })
    .click();
  return dialog;
}

test('a new person adds a card, deposits 50.00, sends 12.34 to a ztartag who sees it live; a card its bank refuses is not saved, and a declined one moves nothing', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const payer = await signUpNewPerson(page, request, 'payer');

  // The receiver is signed in elsewhere with the wallet open.
  const receiverContext = await browser.newContext();
  const receiverPage = await receiverContext.newPage();
  await signIn(receiverPage, DEMO_PEOPLE.leo.email, DEMO_PASSWORD);
  await receiverPage.goto('/wallet');
  const receiverBefore = await balanceOf(receiverPage);
  await expect(balanceCard(receiverPage).total).toHaveText(money(receiverBefore.totalMinor));

  // Add the card that always succeeds.
  await addCard(page, TEST_CARDS.succeeds, 'Payer Person');

  // Deposit 50.00: pending, then completed on settlement, without reloading.
  const deposit = await depositWith(page, '4242', '50.00', 5000);
  await expect(deposit.getByText(en('wallet', 'deposit.pendingTitle'))).toBeVisible();
  await expect(deposit.getByText(en('wallet', 'deposit.completedTitle'))).toBeVisible({
    timeout: SETTLEMENT_TIMEOUT_MS,
  });
  await expect(page.getByText(en('wallet', 'live.depositCompleted', { amount: money(5000) }))).toBeVisible();
  await deposit.getByRole('button', { name: en('wallet', 'actions.done') }).click();
  const payerBalance = balanceCard(page);
  await expect(payerBalance.total).toHaveText(money(5000));
  await expect(payerBalance.available).toHaveText(money(5000));
  await expect(payerBalance.pending).toHaveText(money(0));

  // Send 12.34 by ztartag: nothing moves before the confirmation names the recipient and the amount.
  await page.getByRole('button', { name: en('wallet', 'actions.send'), exact: true }).click();
  const send = page.getByRole('dialog', { name: en('wallet', 'send.title') });
  await send.getByLabel(en('wallet', 'send.recipient'), { exact: true }).fill(DEMO_PEOPLE.leo.ztartag);
  await expect(send.getByText(`@${DEMO_PEOPLE.leo.ztartag}`)).toBeVisible();
  await send.getByLabel(new RegExp(`^${en('wallet', 'flows.amount')}`)).fill('12.34');
  await send.getByRole('button', { name: en('wallet', 'actions.continue') }).click();
  await expect(send.getByText(en('wallet', 'send.confirmTitle'))).toBeVisible();
  await expect(send.getByText('Leo Martín')).toBeVisible();
  await expect(send.getByText(`@${DEMO_PEOPLE.leo.ztartag}`)).toBeVisible();
  await expect(send.getByText(money(1234), { exact: true })).toBeVisible();
  expect((await balanceOf(receiverPage)).totalMinor).toBe(receiverBefore.totalMinor);
  await send
    .getByRole('button', { name: en('wallet', 'send.confirmAction', { amount: money(1234) }) })
    .click();
  await expect(
    send.getByText(en('wallet', 'send.completedTitle', { name: `@${DEMO_PEOPLE.leo.ztartag}` })),
  ).toBeVisible();
  await send.getByRole('button', { name: en('wallet', 'actions.done') }).click();
  await expect(payerBalance.total).toHaveText(money(5000 - 1234));

  // The receiver's open page hears of it: a toast, the balance and the recent activity.
  await expect(
    receiverPage.getByText(
      en('wallet', 'live.transferReceived', { amount: money(1234), from: `@${payer.ztartag}` }),
    ),
  ).toBeVisible();
  await expect(balanceCard(receiverPage).total).toHaveText(money(receiverBefore.totalMinor + 1234));
  await expect(
    transactionRow(
      receiverPage,
      en('transactions', 'description.transfer_in', { name: `@${payer.ztartag}` }),
    ),
  ).toBeVisible();

  // A card its bank refuses at the check is not saved, and the form says why.
  const refusedCard = await submitCard(page, TEST_CARDS.declined, 'Payer Person');
  await expect(refusedCard.getByRole('alert')).toHaveText(en('wallet', 'cards.notSaved.card_declined'));
  await refusedCard.getByRole('button', { name: en('wallet', 'actions.cancel') }).click();
  await expect(
    page.getByText(en('wallet', 'methods.cardName', { brand: 'Visa', last4: '0002' })),
  ).toHaveCount(0);

  // A saved card its bank declines later: the deposit is refused and moves nothing.
  await addCard(page, TEST_CARDS.declinedAfterVerification, 'Payer Person');
  const declined = await depositWith(page, '1117', '20.00', 2000);
  await expect(declined.getByText(en('errors', 'card_declined'))).toBeVisible();
  expect(await balanceOf(page)).toEqual({ availableMinor: 3766, pendingMinor: 0, totalMinor: 3766 });
  await declined.getByRole('button', { name: en('wallet', 'actions.close') }).click();
  await expect(payerBalance.total).toHaveText(money(3766));

  // The payer's history: both deposits (one failed) and the transfer, with signs and statuses.
  await page.goto('/transactions');
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(3);
  const completedDeposit = transactionRow(
    page,
    en('transactions', 'description.deposit', { method: 'Visa •••• 4242' }),
  );
  await expect(completedDeposit).toContainText(`${en('transactions', 'type.income')}: +${money(5000)}`);
  await expect(completedDeposit).toContainText(en('transactions', 'status.completed'));
  const sent = transactionRow(
    page,
    en('transactions', 'description.transfer_out', { name: `@${DEMO_PEOPLE.leo.ztartag}` }),
  );
  await expect(sent).toContainText(`${en('transactions', 'type.expense')}: \u2212${money(1234)}`);
  await expect(sent).toContainText(en('transactions', 'status.completed'));
  const failedDeposit = transactionRow(
    page,
    en('transactions', 'description.deposit', { method: 'Visa •••• 1117' }),
  );
  await expect(failedDeposit).toContainText(`+${money(2000)}`);
  await expect(failedDeposit).toContainText(en('transactions', 'status.failed'));

  // The receiver's history has the transfer as income.
  await receiverPage.goto('/transactions');
  const received = transactionRow(
    receiverPage,
    en('transactions', 'description.transfer_in', { name: `@${payer.ztartag}` }),
  );
  await expect(received).toHaveCount(1);
  await expect(received).toContainText(`${en('transactions', 'type.income')}: +${money(1234)}`);
  await expect(received).toContainText(en('transactions', 'status.completed'));
  expect((await balanceOf(receiverPage)).totalMinor).toBe(receiverBefore.totalMinor + 1234);
  await receiverContext.close();
});
