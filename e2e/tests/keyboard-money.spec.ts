import { expect, type Locator, type Page, test } from '@playwright/test';
import { en } from './support/catalog.ts';
import { fundWallet, money, SETTLEMENT_TIMEOUT_MS } from './support/money.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn } from './support/people.ts';

/** Presses Tab (never the mouse) until `target` has focus; fails if it never comes. */
async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('send, deposit and withdraw with the keyboard alone: each dialog opens on its first field and gives focus back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_PEOPLE.sam.email, DEMO_PASSWORD);
  await fundWallet(page, 5000, 'Sam Okafor');
  await page.goto('/wallet');

  // Deposit: the chosen card is the first field; Enter submits; the receipt takes focus.
  const depositButton = page.getByRole('button', { name: en('wallet', 'actions.deposit'), exact: true });
  // The ways to move money are enabled once the balances have rendered (a disabled button takes no focus).
  await expect(depositButton).toBeEnabled();
  await tabTo(page, depositButton);
  await page.keyboard.press('Enter');
  const deposit = page.getByRole('dialog', { name: en('wallet', 'deposit.title') });
  await expect(deposit.getByRole('radio', { name: /•••• 4242/, checked: true })).toBeFocused();
  await tabTo(page, deposit.getByLabel(new RegExp(`^${en('wallet', 'flows.amount')}`)));
  await page.keyboard.type('20.00');
  await page.keyboard.press('Enter');
  await expect(deposit.getByRole('heading', { name: en('wallet', 'deposit.confirmTitle') })).toBeFocused();
  await tabTo(
    page,
    deposit.getByRole('button', { name: en('wallet', 'deposit.confirmAction', { amount: money(2000) }) }),
  );
  await page.keyboard.press('Enter');
  await expect(deposit.getByRole('heading', { name: en('wallet', 'deposit.pendingTitle') })).toBeFocused();
  await expect(deposit.getByText(en('wallet', 'deposit.completedTitle'))).toBeVisible({
    timeout: SETTLEMENT_TIMEOUT_MS,
  });
  await tabTo(page, deposit.getByRole('button', { name: en('wallet', 'actions.done') }));
  await page.keyboard.press('Enter');
  await expect(deposit).toBeHidden();
  await expect(depositButton).toBeFocused();

  // Withdraw: the bank account first, the same way through, back to "Withdraw".
  const withdrawButton = page.getByRole('button', { name: en('wallet', 'actions.withdraw'), exact: true });
  await tabTo(page, withdrawButton);
  await page.keyboard.press('Enter');
  const withdraw = page.getByRole('dialog', { name: en('wallet', 'withdraw.title') });
  await expect(withdraw.getByRole('radio', { name: /•••• 5432/, checked: true })).toBeFocused();
  await tabTo(page, withdraw.getByLabel(new RegExp(`^${en('wallet', 'flows.amount')}`)));
  await page.keyboard.type('10.00');
  await page.keyboard.press('Enter');
  await expect(withdraw.getByRole('heading', { name: en('wallet', 'withdraw.confirmTitle') })).toBeFocused();
  await tabTo(
    page,
    withdraw.getByRole('button', { name: en('wallet', 'withdraw.confirmAction', { amount: money(1000) }) }),
  );
  await page.keyboard.press('Enter');
  await expect(withdraw.getByRole('heading', { name: /withdrawal/i })).toBeFocused();
  await tabTo(page, withdraw.getByRole('button', { name: en('wallet', 'actions.done') }));
  await page.keyboard.press('Enter');
  await expect(withdraw).toBeHidden();
  await expect(withdrawButton).toBeFocused();

  // Send: the recipient is the first field; after "Send" the receipt has focus; Done → "Send".
  const sendButton = page.getByRole('button', { name: en('wallet', 'actions.send'), exact: true });
  await tabTo(page, sendButton);
  await page.keyboard.press('Enter');
  const send = page.getByRole('dialog', { name: en('wallet', 'send.title') });
  await expect(send.getByLabel(en('wallet', 'send.recipient'), { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PEOPLE.claire.ztartag);
  await expect(send.getByText(`@${DEMO_PEOPLE.claire.ztartag}`)).toBeVisible();
  await tabTo(page, send.getByLabel(new RegExp(`^${en('wallet', 'flows.amount')}`)));
  await page.keyboard.type('5.00');
  await page.keyboard.press('Enter');
  await expect(send.getByRole('heading', { name: en('wallet', 'send.confirmTitle') })).toBeFocused();
  await tabTo(
    page,
    send.getByRole('button', { name: en('wallet', 'send.confirmAction', { amount: money(500) }) }),
  );
  await page.keyboard.press('Enter');
  await expect(
    send.getByRole('heading', {
      name: en('wallet', 'send.completedTitle', { name: `@${DEMO_PEOPLE.claire.ztartag}` }),
    }),
  ).toBeFocused();
  await tabTo(page, send.getByRole('button', { name: en('wallet', 'actions.done') }));
  await page.keyboard.press('Enter');
  await expect(send).toBeHidden();
  await expect(sendButton).toBeFocused();

  // Escape closes a dialog too, and focus is back on its trigger. (Pressed on the button itself:
  // money arriving from other journeys may re-render the screen between two key presses.)
  await sendButton.press('Enter');
  await expect(send.getByLabel(en('wallet', 'send.recipient'), { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(send).toBeHidden();
  await expect(sendButton).toBeFocused();
});
