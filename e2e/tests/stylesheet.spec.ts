import { expect, test } from '@playwright/test';
import { en } from './support/catalog.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn } from './support/people.ts';

test('the app’s stylesheet comes inside the page once: the screens’ later code neither fetches nor applies it again', async ({
  page,
}) => {
  await signIn(page, DEMO_PEOPLE.sam.email, DEMO_PASSWORD);
  const stylesheetRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheetRequests.push(request.url());
  });

  await page.goto('/wallet');
  // The lower half (recent activity, the chart, the methods) is code loaded after the first screen,
  // which names the app's stylesheet among what it needs.
  const recent = page.getByRole('region', { name: en('wallet', 'recent.title') });
  await expect(recent).toBeVisible();
  await expect(recent).not.toHaveAttribute('aria-busy', 'true');
  await page.getByRole('button', { name: en('wallet', 'actions.deposit') }).click();
  await expect(page.getByRole('dialog', { name: en('wallet', 'deposit.title') })).toBeVisible();

  expect(stylesheetRequests.filter((url) => /\/assets\/main-[\w-]+\.css$/.test(url))).toEqual([]);
  const applied = await page.evaluate(() =>
    [...document.styleSheets]
      .filter((sheet) => !sheet.disabled)
      .map((sheet) => ({
        inline: sheet.href === null,
        characters: [...sheet.cssRules].reduce((sum, rule) => sum + rule.cssText.length, 0),
      })),
  );
  // The page's own style element with the app's rules, and no second copy of them.
  expect(applied.filter((sheet) => sheet.characters > 10_000)).toEqual([
    { inline: true, characters: expect.any(Number) },
  ]);
});
