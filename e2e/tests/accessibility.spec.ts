import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const PAGES = ['/', '/wallet', '/account?tab=security', '/quick-tip', '/auth', '/no-such-page'];

for (const path of PAGES) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${path} in the ${theme} theme has no serious or critical accessibility violations`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ colorScheme: theme });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByTestId('screen-title')).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        'serious or critical violations',
      ).toEqual([]);
      await context.close();
    });
  }
}
