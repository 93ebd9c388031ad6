import { expect, test } from '@playwright/test';
import { text } from './support/catalog.ts';
import { enterDemo } from './support/demo.ts';

test('on a phone, the bottom bar and the More sheet reach every section', async ({ page }) => {
  await enterDemo(page);
  await page.goto('/');
  const bottomBar = page.getByRole('navigation', { name: text('en', 'nav', 'bottomBarLabel') });
  await expect(bottomBar).toBeVisible();

  await bottomBar.getByRole('link', { name: text('en', 'nav', 'short.wallet') }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(bottomBar.getByRole('link', { name: text('en', 'nav', 'short.wallet') })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const more = bottomBar.getByRole('button', { name: text('en', 'nav', 'more') });
  await more.click();
  const sheet = page.getByRole('dialog', { name: text('en', 'nav', 'moreTitle') });
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(more).toBeFocused();

  await more.click();
  await sheet.getByRole('link', { name: text('en', 'nav', 'items.budget') }).click();
  await expect(page).toHaveURL(/\/budget$/);
  await expect(page.getByTestId('screen-title')).toHaveText(text('en', 'screens', 'budget.title'));
  await expect(sheet).toBeHidden();
});
