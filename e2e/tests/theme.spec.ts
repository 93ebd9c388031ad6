import { expect, test } from '@playwright/test';

test.describe('theme', () => {
  test.use({ colorScheme: 'light' });

  test('follows the system by default, and a chosen theme persists across reloads', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(page.getByTestId('theme-switcher')).toHaveValue('system');
    await expect(html).toHaveAttribute('data-theme', 'light');

    await page.getByTestId('theme-switcher').selectOption('dark');
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(page.getByTestId('theme-switcher')).toHaveValue('dark');

    await page.getByTestId('theme-switcher').selectOption('light');
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test.describe('with a dark operating system', () => {
    test.use({ colorScheme: 'dark' });

    test('system follows it', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    });
  });
});
