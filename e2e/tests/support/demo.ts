import { expect, type Page } from '@playwright/test';

/** Enters demo mode the way a visitor does ("Try the demo"), so private screens can be visited. */
export async function enterDemo(page: Page): Promise<void> {
  await page.goto('/auth?mode=demo');
  await expect(page.getByTestId('demo-banner')).toBeVisible();
}
