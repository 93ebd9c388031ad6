import { expect, test } from '@playwright/test';
import { expectNoSevereAxeIssue } from './support/axe.ts';
import { en, text } from './support/catalog.ts';
import { enterDemo } from './support/demo.ts';

test('on a phone, language and theme live in the account menu and Preferences, and the tabs show there are more', async ({
  page,
}) => {
  // Three whole-page axe scans on a phone take most of the default half minute on a loaded machine.
  test.setTimeout(90_000);
  await enterDemo(page);
  await page.goto('/account?tab=preferences');
  await expect(page.getByTestId('screen-title')).toHaveText(text('en', 'screens', 'account.title'));

  // The header keeps the brand and the photo; the account menu has language and theme.
  const header = page.locator('header').first();
  await expect(header.getByTestId('language-switcher')).toBeHidden();
  await expect(header.getByTestId('theme-switcher')).toBeHidden();
  await header.getByRole('button', { name: new RegExp(en('common', 'userMenu.label')) }).click();
  await expect(header.getByRole('combobox', { name: en('common', 'language.label') })).toBeVisible();
  await expect(header.getByRole('combobox', { name: en('common', 'theme.label') })).toBeVisible();
  await page.keyboard.press('Escape');

  // Preferences works instead of "coming soon"; the tab list scrolled to it says more are before it.
  const preferences = page.getByRole('region', { name: text('en', 'account', 'preferences.title') });
  await expect(preferences).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  await expect(page.getByTestId('tabs-more-before')).toBeVisible();
  await expectNoSevereAxeIssue(page, 'Preferences');

  await preferences
    .getByRole('combobox', { name: text('en', 'account', 'preferences.theme') })
    .selectOption('dark');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await preferences
    .getByRole('combobox', { name: text('en', 'account', 'preferences.language') })
    .selectOption('es');
  await expect(page.getByTestId('screen-title')).toHaveText(text('es', 'screens', 'account.title'));
  await expectNoSevereAxeIssue(page, 'Preferences in Spanish');

  // The transaction rows (the wallet's recent activity uses the same rows) pass axe on a phone too.
  await page.goto('/transactions');
  await expect(page.getByTestId('transaction-row').first()).toBeVisible();
  await expectNoSevereAxeIssue(page, 'the transactions');
});
