import { expect, test } from '@playwright/test';
import { LANGUAGE_STORAGE_KEY } from '@ztart/shared/languages';
import { text } from './support/catalog.ts';

test('switching to Spanish shows Spanish texts and survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('screen-title')).toHaveText(text('en', 'screens', 'dashboard.title'));

  await page.getByTestId('language-switcher').selectOption('es');
  await expect(page.getByTestId('screen-title')).toHaveText(text('es', 'screens', 'dashboard.title'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.reload();
  await expect(page.getByTestId('screen-title')).toHaveText(text('es', 'screens', 'dashboard.title'));
  await expect(page.getByText(text('es', 'screens', 'dashboard.description'))).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_STORAGE_KEY)).toBe('es');
});

test.describe('a browser set to Brazilian Portuguese, with no stored choice', () => {
  test.use({ locale: 'pt-BR' });

  test('gets Portuguese', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('screen-title')).toHaveText(text('pt', 'screens', 'dashboard.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await expect(page.getByTestId('language-switcher')).toHaveValue('pt');
  });
});

test('a text missing from the French catalogue falls back to English', async ({ page }) => {
  // Serve a French catalogue that lacks one key, as a partial translation would.
  // The app loads every French namespace in one file.
  await page.route('**/locales/fr.json*', async (route) => {
    const response = await route.fetch();
    const catalogues = await response.json();
    delete catalogues.screens.dashboard.title;
    await route.fulfill({ response, json: catalogues });
  });
  await page.addInitScript((key) => localStorage.setItem(key, 'fr'), LANGUAGE_STORAGE_KEY);

  await page.goto('/');
  await expect(page.getByTestId('screen-title')).toHaveText(text('en', 'screens', 'dashboard.title'));
  await expect(page.getByText(text('fr', 'screens', 'dashboard.description'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
