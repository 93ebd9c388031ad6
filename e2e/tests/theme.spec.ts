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

  test('the page itself sets the chosen theme before any of the app’s code runs, within its security policy', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    // Without the app's scripts, only the page's own theme script can set the class.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/auth');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(violations).toEqual([]);
  });

  test.describe('with a dark operating system', () => {
    test.use({ colorScheme: 'dark' });

    test('system follows it', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    });
  });
});
