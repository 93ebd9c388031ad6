import { expect, type Page } from '@playwright/test';
import { type MessageKey, en as quickTipMessages } from '../../../apps/web/src/quick-tip/messages/en.ts';
import { futureExpiry } from './money.ts';

/** A text of the quick-tip page (its own small catalogue, not i18next), with `{name}` values filled. */
export function qt(key: MessageKey, values: Record<string, string | number> = {}): string {
  return quickTipMessages[key].replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** Fills the quick-tip page's card fields. */
export async function fillTipCard(page: Page, number: string, name: string): Promise<void> {
  const card = page.getByTestId('card-fields');
  await card.getByLabel(qt('card.number'), { exact: true }).fill(number);
  await card.getByLabel(qt('card.expiry'), { exact: true }).fill(futureExpiry());
  await card.getByLabel(qt('card.cvc'), { exact: true }).fill('123');
  await card.getByLabel(qt('card.name'), { exact: true }).fill(name);
}

/** Types an amount of one's own ("Other") on the quick-tip page. */
export async function chooseOtherAmount(page: Page, amount: string, currency: string): Promise<void> {
  await page.getByText(qt('amount.other'), { exact: true }).click();
  await page.getByLabel(qt('amount.custom', { currency }), { exact: true }).fill(amount);
}

/** Continue, then the confirmation's "Tip $5.00". */
export async function confirmTip(page: Page, amount: string): Promise<void> {
  await page.getByRole('button', { name: qt('form.continue') }).click();
  await expect(page.getByTestId('confirm-step')).toBeVisible();
  await expect(page.getByTestId('confirm-amount')).toHaveText(amount);
  await page.getByRole('button', { name: qt('confirm.pay', { amount }) }).click();
}
