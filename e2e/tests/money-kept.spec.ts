import { expect, type Page, test } from '@playwright/test';
import { en } from './support/catalog.ts';
import { addCard, balanceOf, money, SETTLEMENT_TIMEOUT_MS, TEST_CARDS } from './support/money.ts';
import { signUpNewPerson } from './support/people.ts';

const amountField = new RegExp(`^${en('wallet', 'flows.amount')}`);

/** A new person deposits 2.50 EUR by card on /wallet and waits until it is available. */
async function depositEuros(page: Page) {
  await addCard(page, TEST_CARDS.succeeds, 'Euro Holder');
  await page.goto('/wallet');
  await page.getByRole('button', { name: en('wallet', 'actions.deposit'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en('wallet', 'deposit.title') });
  await dialog.getByLabel(en('wallet', 'flows.currency'), { exact: true }).selectOption('EUR');
  await dialog.getByLabel(amountField).fill('2.50');
  await dialog.getByRole('button', { name: en('wallet', 'actions.continue') }).click();
  await dialog
    .getByRole('button', { name: en('wallet', 'deposit.confirmAction', { amount: money(250, 'EUR') }) })
    .click();
  await expect(dialog.getByText(en('wallet', 'deposit.completedTitle'))).toBeVisible({
    timeout: SETTLEMENT_TIMEOUT_MS,
  });
  await dialog.getByRole('button', { name: en('wallet', 'actions.done') }).click();
  expect(await balanceOf(page, 'EUR')).toMatchObject({ availableMinor: 250 });
}

/** Types the password and DELETE on the account screen's delete section and submits. */
async function tryToDeleteAccount(page: Page, password: string) {
  await page.goto('/account?tab=advanced');
  await page.getByLabel(en('account', 'fields.currentPassword'), { exact: true }).fill(password);
  await page.getByLabel(en('account', 'deleteAccount.confirmPrompt', { word: 'DELETE' })).fill('DELETE');
  await page.getByRole('button', { name: en('account', 'deleteAccount.submit'), exact: true }).click();
}

test('someone holding only euros starts sending in euros', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUpNewPerson(page, request, 'euros');
  await depositEuros(page);

  await page.getByRole('button', { name: en('wallet', 'actions.send'), exact: true }).click();
  const send = page.getByRole('dialog', { name: en('wallet', 'send.title') });
  await expect(send.getByLabel(en('wallet', 'flows.currency'), { exact: true })).toHaveValue('EUR');
  await expect(
    send.getByText(en('wallet', 'withdraw.available', { amount: money(250, 'EUR') })),
  ).toBeVisible();

  // The payments screen's form starts the same way.
  await page.goto('/payments');
  await expect(page.getByLabel(en('wallet', 'flows.currency'), { exact: true })).toHaveValue('EUR');
});

test('an account holding 2.50 EUR is not deleted: the screen lists the money and leads to withdrawing it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const person = await signUpNewPerson(page, request, 'keeps');
  await depositEuros(page);

  await tryToDeleteAccount(page, person.password);
  const notice = page.getByTestId('money-still-held');
  await expect(notice.getByText(en('account', 'moneyHeld.title'))).toBeVisible();
  await expect(notice.getByText(en('errors', 'balance_not_empty'))).toBeVisible();
  await expect(notice.getByText(en('account', 'moneyHeld.kinds.available'))).toBeVisible();
  await expect(notice.getByText(money(250, 'EUR'), { exact: true })).toBeVisible();
  // Still signed in, account intact.
  await expect(page).toHaveURL(/\/account/);
  expect(await balanceOf(page, 'EUR')).toMatchObject({ availableMinor: 250 });

  // The way out: the withdrawal, in euros, to a bank account added on the way.
  await notice.getByRole('link', { name: en('account', 'moneyHeld.withdraw') }).click();
  const withdraw = page.getByRole('dialog', { name: en('wallet', 'withdraw.title') });
  await expect(withdraw.getByRole('heading', { name: en('wallet', 'withdraw.addBankTitle') })).toBeVisible();
  await withdraw.getByLabel(en('wallet', 'banks.holder'), { exact: true }).fill('Euro Holder');
  await withdraw.getByLabel(en('wallet', 'banks.iban'), { exact: true }).fill('GB82 WEST 1234 5698 7654 32');
  await withdraw.getByRole('button', { name: en('wallet', 'banks.add'), exact: true }).click();
  await expect(withdraw.getByLabel(en('wallet', 'flows.currency'), { exact: true })).toHaveValue('EUR');
  await withdraw.getByLabel(amountField).fill('2.50');
  await withdraw.getByRole('button', { name: en('wallet', 'actions.continue') }).click();
  await withdraw
    .getByRole('button', { name: en('wallet', 'withdraw.confirmAction', { amount: money(250, 'EUR') }) })
    .click();
  await expect(withdraw.getByText(en('wallet', 'withdraw.pendingTitle'))).toBeVisible();

  // Once the payout is paid nothing is left, and the account goes. (While it is on its way the
  // deletion is still refused; the API test holds that moment, too short to catch here.)
  await expect
    .poll(async () => (await page.request.get('/api/transactions?kind=withdrawal')).json(), {
      timeout: SETTLEMENT_TIMEOUT_MS,
    })
    .toMatchObject({ items: [{ status: 'completed' }] });
  await tryToDeleteAccount(page, person.password);
  await expect(page.getByText(en('account', 'deleteAccount.deleted'), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
