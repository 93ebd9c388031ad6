import type { Page } from '@playwright/test';

/** The debt a run recorded, found by its note (a retried run records another). */
export function debtItem(page: Page, note: string) {
  return page.getByTestId('debt-item').filter({ hasText: note });
}

/** Opens the transactions and finds the settlement's transfer, by its words and amount. */
export async function settlementTransfer(page: Page, words: string, amount: string) {
  await page.goto('/transactions');
  return page.getByTestId('transaction-row').filter({ hasText: words }).filter({ hasText: amount }).first();
}
