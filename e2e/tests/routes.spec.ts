import { expect, test } from '@playwright/test';
import { SCREEN_PATHS } from '@ztart/shared/routes';
import { text } from './support/catalog.ts';
import { enterDemo } from './support/demo.ts';

/** Guarded by role: a demo user (role user, level freemium) is denied. */
const GUARDED_PATHS = new Set(['/admin', '/meta-dashboard']);
/** Open to everyone; every other screen needs sign-in. */
const PUBLIC_PATHS = new Set(['/', '/auth', '/quick-tip', '/@:ztartag']);

/** A concrete address for each route of the table. */
function addressOf(path: string): string {
  return path.replace(':id', 'summer-gig').replace(':product', 'wallet').replace(':ztartag', 'maria_waits');
}

test.describe('signed out, public screens render and private ones send the visitor to sign in', () => {
  for (const path of SCREEN_PATHS) {
    const address = addressOf(path);
    test(address, async ({ page }) => {
      await page.goto(address);
      await expect(page).toHaveURL(PUBLIC_PATHS.has(path) ? new RegExp(`${address}$`) : /\/auth$/);
      await expect(page.getByTestId('screen-title')).toBeVisible();
    });
  }
});

/** The demo's routes in this many tests, each entering the demo once: two workers share them. */
const DEMO_ROUTE_GROUPS = 4;

test.describe('in demo mode, every route of the spec renders its screen', () => {
  // The demo, then a screen or two: on a busy two-core machine, more than the default 30 s.
  test.describe.configure({ timeout: 60_000 });
  for (let group = 0; group < DEMO_ROUTE_GROUPS; group += 1) {
    const paths = SCREEN_PATHS.filter((_, index) => index % DEMO_ROUTE_GROUPS === group);
    test(`routes ${paths.map(addressOf).join(', ')}`, async ({ page }) => {
      // The demo once, then a full load of each screen: on a busy two-core machine, about 5 s each.
      test.setTimeout(60_000 + paths.length * 15_000);
      await enterDemo(page);
      for (const path of paths) {
        const address = addressOf(path);
        await test.step(address, async () => {
          await page.goto(address);
          await expect(page).toHaveURL(new RegExp(`${address}$`));
          await expect(page.getByTestId('not-found')).toHaveCount(0);
          if (GUARDED_PATHS.has(path)) {
            await expect(page.getByTestId('access-denied')).toBeVisible();
          } else {
            await expect(page.getByTestId('screen-title')).toBeVisible();
          }
        });
      }
    });
  }

  test('a product sheet names its product and an unknown product is not found', async ({ page }) => {
    await enterDemo(page);
    await page.goto('/investments-ddf');
    await expect(page.getByTestId('screen-title')).toContainText(text('en', 'nav', 'items.investments'));
    await page.goto('/cars-ddf');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
});

test.describe('redirects', () => {
  for (const [from, tab] of [
    ['/profile/edit', 'profile'],
    ['/settings', 'security'],
  ] as const) {
    test(`${from} opens the account with the ${tab} tab selected`, async ({ page }) => {
      await enterDemo(page);
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`/account\\?tab=${tab}$`));
      await expect(page.getByRole('tab', { selected: true })).toHaveText(
        text('en', 'account', `tabs.${tab}`),
      );
    });
  }
});

test('an unknown address shows not-found, and its action returns home', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'common', 'notFound.title'));
  await page.getByRole('link', { name: text('en', 'common', 'notFound.returnHome') }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('screen-title')).toHaveText(text('en', 'screens', 'dashboard.title'));
});

test('a signed-out visit to /admin is sent to sign in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId('access-denied')).toHaveCount(0);
});
