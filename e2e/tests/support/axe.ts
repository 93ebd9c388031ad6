import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The axe rules whose outcome depends on the colours: all that can change with the theme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe finds no serious or critical issue on what the page shows now (with `rules`, those rules only). */
export async function expectNoSevereAxeIssue(page: Page, what: string, rules?: string[]): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `serious or critical violations on ${what}`,
  ).toEqual([]);
}

/**
 * axe on what the page shows in the light theme, then its colour rules again once the system has
 * switched to dark (the page is left in dark): the app follows the system's theme while it is open,
 * so one load serves both (a new page and, for a private screen, a new demo for each theme took
 * twice as long). The dark theme changes colours only, so the other rules would find the same.
 */
export async function expectNoSevereAxeIssueInEachTheme(page: Page, what: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectNoSevereAxeIssue(page, `${what} (light)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Colours that are still changing would be read half-way: the scan waits for their transitions.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await expectNoSevereAxeIssue(page, `${what} (dark)`, COLOUR_RULES);
}
