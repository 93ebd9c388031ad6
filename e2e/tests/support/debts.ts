import type { Page } from '@playwright/test';

/** The debt a run recorded, found by its note (a retried run records another). */
export function debtItem(page: Page, note: string) {
  return page.getByTestId('debt-item').filter({ hasText: note });
}
