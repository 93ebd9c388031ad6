import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

import { enterDemo } from './support/demo.ts';

const PUBLIC_PAGES = ['/', '/quick-tip', '/auth', '/no-such-page'];
const PRIVATE_PAGES = [
  '/wallet',
  '/account?tab=profile',
  '/account?tab=security',
  '/account?tab=advanced',
  '/profile',
];
const PAGES = [...PUBLIC_PAGES, ...PRIVATE_PAGES];

for (const path of PAGES) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${path} in the ${theme} theme has no serious or critical accessibility violations`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ colorScheme: theme });
      const page = await context.newPage();
      if (PRIVATE_PAGES.includes(path)) await enterDemo(page);
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
