import { expect, type Request, test } from '@playwright/test';
import { text } from './support/catalog.ts';

test('demo mode starts from the sign-in screen, changes nothing on the server, and exits', async ({
  page,
}) => {
  const writes: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET') writes.push(request);
  });

  await page.goto('/auth');
  await page.getByRole('button', { name: text('en', 'auth', 'demo.start') }).click();
  await expect(page.getByText(text('en', 'account', 'toasts.demoModeDescription'))).toBeVisible();
  await expect(page.getByTestId('demo-banner')).toBeVisible();

  // Saving the demo person's profile is refused in the browser: no request reaches the server.
  await page.goto('/account?tab=profile');
  await page.getByLabel(text('en', 'account', 'fields.fullName'), { exact: true }).fill('Someone Else');
  await page
    .getByRole('button', { name: text('en', 'account', 'actions.save') })
    .first()
    .click();
  await expect(page.getByText(text('en', 'errors', 'demo_mode')).first()).toBeVisible();
  expect(writes.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);

  // Exit offers to continue or to create a real account.
  await page
    .getByTestId('demo-banner')
    .getByRole('button', { name: text('en', 'account', 'demo.leave') })
    .click();
  await page.getByRole('button', { name: text('en', 'account', 'demo.createAccount') }).click();
  await expect(page.getByText(text('en', 'account', 'toasts.exitDemoDescription'))).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('ztart.demo'))).toBeNull();
});
