import { type BrowserContext, expect, test } from '@playwright/test';
import { expectNoSevereAxeIssueInEachTheme } from './support/axe.ts';
import { enterDemo } from './support/demo.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, signIn } from './support/people.ts';

/** An invoice pay link whose code nobody holds: the pay page's "not found" state. */
const UNKNOWN_PAY_LINK = '/i/AAAAAAAAAAAAAAAAAAAAAA';
const PUBLIC_PAGES = [
  '/',
  '/quick-tip',
  '/quick-tip?to=maria_waits',
  '/auth',
  '/no-such-page',
  UNKNOWN_PAY_LINK,
];
const PRIVATE_PAGES = [
  '/wallet',
  '/payment-methods',
  '/payments',
  '/transactions',
  '/qr-codes',
  '/tips-me',
  '/account?tab=profile',
  '/account?tab=security',
  '/account?tab=advanced',
  '/profile',
  '/contacts/debts',
  '/budget',
  '/goals',
  '/notifications',
  '/achievements',
  '/activity',
  '/account?tab=notifications',
  '/analytics?period=last3Months',
  '/investments',
  '/invoices',
  '/invoices/new',
  '/businesses',
  '/business-admin',
  '/business-admin/team',
  '/conversational-agent',
  '/skiner-coherence',
  '/wallet-ddf',
  '/invoices-ddf',
];
const PAGES = [...PUBLIC_PAGES, ...PRIVATE_PAGES];
/** Pages whose content arrives after their title: checked once it has (a test id in it). */
const CONTENT_OF: Record<string, string> = {
  '/quick-tip?to=maria_waits': 'tip-form',
  '/transactions': 'transaction-row',
  '/qr-codes': 'my-tip-link',
  '/tips-me': 'tip-totals',
  '/contacts/debts': 'debt-totals',
  '/budget': 'budgets-empty',
  '/goals': 'goals-empty',
  '/notifications': 'notification',
  '/achievements': 'achievement',
  '/activity': 'transaction-row',
  '/analytics?period=last3Months': 'analytics-series',
  '/investments': 'instrument-row',
  '/invoices': 'invoices-empty',
  '/invoices/new': 'invoice-form',
  [UNKNOWN_PAY_LINK]: 'invoice-not-found',
  '/businesses': 'plan-card',
  '/business-admin': 'business-none',
  '/business-admin/team': 'business-none',
  '/conversational-agent': 'assistant-usage',
  '/skiner-coherence': 'coherence-empty',
  '/wallet-ddf': 'ddf-figures',
  '/invoices-ddf': 'ddf-figures',
};

for (const path of PAGES) {
  test(`${path} has no serious or critical accessibility violations, in the light and the dark theme`, async ({
    browser,
  }) => {
    // Entering the demo, loading the screen and two whole-page axe scans: more than the default on a busy machine.
    test.setTimeout(90_000);
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    if (PRIVATE_PAGES.includes(path)) await enterDemo(page);
    await page.goto(path);
    await expect(page.getByTestId('screen-title')).toBeVisible();
    const content = CONTENT_OF[path];
    if (content) await expect(page.getByTestId(content).first()).toBeVisible();
    await expectNoSevereAxeIssueInEachTheme(page, path);
    await context.close();
  });
}

/**
 * The admin's screens need a real administrator (the demo has no account): Ada, the demo admin,
 * signed in once for all of them (sign-in is rate limited per account). Each waits for its content.
 */
const ADMIN_PAGES: Record<string, string> = {
  '/admin': 'admin-user-row',
  // Maria's page (her id is fixed by the demo seed): profile, actions, balances, audit trail.
  '/admin?user=6f1c1a52-7d0e-4c1b-9a61-0c5b1d0a0001': 'admin-user-audit',
  '/admin?tab=finances': 'ledger-totals',
  '/admin?tab=system': 'audit-entry',
  '/meta-dashboard': 'meta-product',
  '/observatory': 'observatory-services',
};

test.describe('admin screens', () => {
  let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, DEMO_PEOPLE.ada.email, DEMO_PASSWORD);
    adminState = await context.storageState();
    await context.close();
  });

  for (const [path, content] of Object.entries(ADMIN_PAGES)) {
    test(`${path}, as an admin, has no serious or critical accessibility violations, in the light and the dark theme`, async ({
      browser,
    }) => {
      test.setTimeout(60_000);
      const context = await browser.newContext({ colorScheme: 'light', storageState: adminState });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByTestId('screen-title')).toBeVisible();
      await expect(page.getByTestId(content).first()).toBeVisible();
      await expectNoSevereAxeIssueInEachTheme(page, path);
      await context.close();
    });
  }
});
