import { expect, test } from '@playwright/test';
import { en } from './support/catalog.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn } from './support/people.ts';

test('on a phone, pulling the home screen down from the top refreshes it', async ({ page }) => {
  await signIn(page, DEMO_PEOPLE.sam.email, DEMO_PASSWORD);
  let requests = 0;
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/dashboard') requests += 1;
  });
  await page.goto('/');
  await expect(page.getByTestId('balance-USD')).toBeVisible();
  // The figures came with the page (rendered on the server with them): nothing asked yet.
  expect(requests).toBe(0);
  // The quick actions fit one row on a phone.
  const actions = page.getByRole('navigation', { name: en('dashboard', 'actions.label') }).getByRole('link');
  await expect(actions).toHaveCount(5);
  const tops = await actions.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);

  // A finger drags from near the top of the page down by 300 px, then lets go.
  const touch = await page.context().newCDPSession(page);
  const x = 180;
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: 200 }] });
  for (let y = 220; y <= 500; y += 20) {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  const indicator = page.getByTestId('pull-indicator');
  await expect(indicator).toHaveAttribute('data-phase', 'ready');
  await expect(indicator).toContainText(en('dashboard', 'release'));
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

  await expect.poll(() => requests).toBe(1);
  await expect(indicator).toHaveAttribute('data-phase', 'idle');
  await expect(page.getByRole('status').filter({ hasText: en('dashboard', 'refreshed') })).toBeAttached();

  // A short pull is not enough.
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: 200 }] });
  await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: 260 }] });
  await expect(indicator).toHaveAttribute('data-phase', 'pulling');
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(indicator).toHaveAttribute('data-phase', 'idle');
  await page.waitForTimeout(500);
  expect(requests).toBe(1);
});
