import { expect, type Page } from '@playwright/test';

/** Entering the demo loads the app and the home's code: on a busy two-core machine, well over 10 s. */
const DEMO_START_TIMEOUT_MS = 25_000;

/** Enters demo mode the way a visitor does ("Try the demo"), so private screens can be visited. */
export async function enterDemo(page: Page): Promise<void> {
  await page.goto('/auth?mode=demo');
  await expect(page.getByTestId('demo-banner')).toBeVisible({ timeout: DEMO_START_TIMEOUT_MS });
}
