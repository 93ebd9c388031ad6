import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardResponse } from '@ztart/shared/contracts/dashboard';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardKeys, prefetchDashboard } from '@/features/dashboard/api/get-dashboard';
import { demoDashboard } from '@/features/dashboard/demo-dashboard';
import { shownCurrencies } from '@/features/dashboard/figures';
import { setDemoMode } from '@/lib/demo/demo-mode';
import { demoBalances, demoTransactions, resetDemoMoney } from '@/lib/demo/demo-money';
import { sessionResponse } from '@/test/fixtures';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';
import { movement } from '@/test/wallet-data';

afterEach(() => {
  vi.unstubAllGlobals();
  setDemoMode(false);
  resetDemoMoney();
});

const CATEGORY_ID = '5b0c1f7e-8f3a-4d2b-9c6e-1a2b3c4d5e6f';

function dashboard(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  const zero = (currency: Currency) => ({
    currency,
    availableMinor: 0,
    pendingMinor: 0,
    totalMinor: 0,
    inGoalsMinor: 0,
  });
  return {
    timeZone: 'UTC',
    balances: CURRENCIES.map((currency) =>
      currency === 'USD'
        ? { currency, availableMinor: 12_345, pendingMinor: 500, totalMinor: 12_845, inGoalsMinor: 0 }
        : currency === 'EUR'
          ? { currency, availableMinor: 2_000, pendingMinor: 0, totalMinor: 2_000, inGoalsMinor: 0 }
          : zero(currency),
    ),
    month: {
      firstDay: '2026-05-01',
      from: '2026-05-01T00:00:00.000Z',
      until: '2026-06-01T00:00:00.000Z',
      totals: CURRENCIES.map((currency) =>
        currency === 'USD'
          ? { currency, incomeMinor: 40_000, expenseMinor: 6_000 }
          : { currency, incomeMinor: 0, expenseMinor: 0 },
      ),
    },
    tipsThisWeek: {
      firstDay: '2026-05-04',
      from: '2026-05-04T00:00:00.000Z',
      until: '2026-05-11T00:00:00.000Z',
      totals: CURRENCIES.map((currency) =>
        currency === 'USD'
          ? { currency, amountMinor: 1_500, count: 3 }
          : { currency, amountMinor: 0, count: 0 },
      ),
    },
    recent: {
      items: [movement({ categoryId: CATEGORY_ID })],
      categories: [{ id: CATEGORY_ID, key: 'food', name: null, color: '#ea580c' }],
    },
    firstSteps: { addedMoney: true, receivedMoney: true, sentMoney: true },
    ...overrides,
  };
}

describe('/ (home)', () => {
  it('shows the balances, this month, this week’s tips and the recent activity from one request', async () => {
    const api = mockApi({ 'GET /api/dashboard': [200, dashboard()] });
    renderRoute('/', { auth: signedIn() });

    expect(await screen.findByText('Welcome back, Ana Lima')).toBeInTheDocument();
    const balances = await screen.findByRole('region', { name: 'Balances' });
    const usd = within(balances).getByTestId('balance-USD');
    expect(usd).toHaveTextContent('$128.45');
    expect(usd).toHaveTextContent('Available$123.45');
    expect(usd).toHaveTextContent('Pending$5.00');
    expect(within(balances).getByTestId('balance-EUR')).toHaveTextContent('€20.00');
    expect(within(balances).queryByTestId('balance-BRL')).not.toBeInTheDocument();

    const month = screen.getByRole('region', { name: 'This month' });
    expect(month).toHaveTextContent('Since May 1');
    expect(within(month).getByTestId('month-in-USD')).toHaveTextContent('+$400.00');
    expect(within(month).getByTestId('month-out-USD')).toHaveTextContent('−$60.00');
    // EUR is shown (money held) even without movement this month: plain zeros, no sign.
    expect(within(month).getByTestId('month-in-EUR')).toHaveTextContent(/^€0\.00$/);

    const tips = screen.getByRole('region', { name: 'Tips this week' });
    expect(tips).toHaveTextContent('+$15.00');
    expect(tips).toHaveTextContent('3 tips');

    const recent = screen.getByRole('region', { name: 'Recent activity' });
    const row = within(recent).getByRole('link', { name: /Transfer to @leo_guitar/ });
    expect(row).toHaveAttribute('href', `/transactions/${movement().id}`);
    expect(row).toHaveTextContent('Food');
    expect(within(recent).getByRole('link', { name: 'See all transactions' })).toHaveAttribute(
      'href',
      '/transactions',
    );

    // All three first steps are taken: no checklist.
    expect(screen.queryByTestId('first-steps')).not.toBeInTheDocument();
    // Everything came in one answer; the server counts months in the profile's time zone.
    // (The session and the bell's count are the layout's own requests; the gamification panel,
    // whose code comes after the first paint, asks for its own.)
    const ownPaths = ['/api/auth/session', '/api/notifications/unread-count', '/api/gamification'];
    expect(api.calls.filter((call) => !ownPaths.includes(call.path)).map((call) => call.path)).toEqual([
      '/api/dashboard',
    ]);
  });

  it('shows money put aside in goals under its balance, with a way to the goals, even when nothing else is left', async () => {
    const base = dashboard();
    const withGoals = dashboard({
      balances: base.balances.map((balance) =>
        balance.currency === 'USD'
          ? { ...balance, inGoalsMinor: 7_500 }
          : balance.currency === 'MXN'
            ? { ...balance, inGoalsMinor: 20_000 }
            : balance,
      ),
    });
    expect(shownCurrencies(base)).not.toContain('MXN');
    expect(shownCurrencies(withGoals)).toContain('MXN');
    mockApi({ 'GET /api/dashboard': [200, withGoals] });
    renderRoute('/', { auth: signedIn() });

    const balances = await screen.findByRole('region', { name: 'Balances' });
    const usd = within(within(balances).getByTestId('balance-USD')).getByRole('link', {
      name: '$75.00 more in your goals',
    });
    expect(usd).toHaveAttribute('href', '/goals');
    // MXN holds nothing but what is in a goal: its card is there to say so.
    const mxn = within(balances).getByTestId('balance-MXN');
    expect(within(mxn).getByTestId('balance-in-goals')).toHaveAttribute('href', '/goals');
    expect(within(within(balances).getByTestId('balance-EUR')).queryByTestId('balance-in-goals')).toBeNull();
  });

  it('leads each quick action to its screen', async () => {
    mockApi({ 'GET /api/dashboard': [200, dashboard()] });
    renderRoute('/', { auth: signedIn() });
    const actions = await screen.findByRole('navigation', { name: 'Quick actions' });
    const hrefs = within(actions)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Send', '/wallet?action=send'],
      ['Tip', '/quick-tip/send'],
      ['Add money', '/wallet?action=deposit'],
      ['My QR', '/qr-codes?tab=my'],
      ['Scan', '/qr-codes?tab=scan'],
    ]);
  });

  it('teaches a new person the first three steps instead of empty figures', async () => {
    mockApi({
      'GET /api/dashboard': [
        200,
        dashboard({
          balances: CURRENCIES.map((currency) => ({
            currency,
            availableMinor: 0,
            pendingMinor: 0,
            totalMinor: 0,
            inGoalsMinor: 0,
          })),
          recent: { items: [], categories: [] },
          firstSteps: { addedMoney: false, receivedMoney: false, sentMoney: false },
        }),
      ],
    });
    renderRoute('/', { auth: signedIn() });
    const steps = await screen.findByRole('region', { name: 'Get started in three steps' });
    expect(steps).toHaveTextContent('0 of 3 done');
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Add money',
      'Share your QR code',
      'Send money or a tip',
    ]);
    expect(within(steps).getByRole('link', { name: 'Add money' })).toHaveAttribute(
      'href',
      '/wallet?action=deposit',
    );
    expect(within(steps).getByRole('link', { name: 'Show my QR' })).toHaveAttribute(
      'href',
      '/qr-codes?tab=my',
    );
    expect(within(steps).getByRole('link', { name: 'Send a tip' })).toHaveAttribute(
      'href',
      '/quick-tip/send',
    );
    expect(screen.queryByRole('region', { name: 'This month' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent activity' })).not.toBeInTheDocument();
    expect(screen.getByTestId('balance-USD')).toHaveTextContent('$0.00');
  });

  it('ticks the steps taken, in words as well as with a mark', async () => {
    mockApi({
      'GET /api/dashboard': [
        200,
        dashboard({ firstSteps: { addedMoney: true, receivedMoney: false, sentMoney: false } }),
      ],
    });
    renderRoute('/', { auth: signedIn() });
    const steps = await screen.findByRole('region', { name: 'Get started in three steps' });
    expect(steps).toHaveTextContent('1 of 3 done');
    expect(within(steps).getByTestId('first-step-addMoney')).toHaveTextContent('Done');
    expect(within(steps).queryByRole('link', { name: 'Add money' })).not.toBeInTheDocument();
    // The figures show as well: this person has activity.
    expect(screen.getByRole('region', { name: 'This month' })).toBeInTheDocument();
  });

  it('says what went wrong and tries again on request', async () => {
    let answers = 0;
    mockApi({
      'GET /api/dashboard': () => {
        answers += 1;
        return answers === 1 ? [503, error('service_unavailable')] : [200, dashboard()];
      },
    });
    renderRoute('/', { auth: signedIn() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your dashboard.");
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('balance-USD')).toHaveTextContent('$128.45');
  });

  it('refreshes with the button and says so to screen readers', async () => {
    let answers = 0;
    mockApi({
      'GET /api/dashboard': () => {
        answers += 1;
        const base = dashboard();
        const usd = {
          currency: 'USD' as const,
          availableMinor: 100 * answers,
          pendingMinor: 0,
          totalMinor: 100 * answers,
          inGoalsMinor: 0,
        };
        return [200, { ...base, balances: [usd, ...base.balances.slice(1)] }];
      },
    });
    renderRoute('/', { auth: signedIn() });
    expect(await screen.findByTestId('balance-USD')).toHaveTextContent('$1.00');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('balance-USD')).toHaveTextContent('$2.00'));
    expect(await screen.findByText('Your dashboard is up to date.')).toBeInTheDocument();
  });

  it('offers a visitor the ways in, and asks the server nothing about money', async () => {
    const api = mockApi({});
    renderRoute('/', {});
    await screen.findByText('Welcome to Ztart Tips');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: /Sign in or create an account/ })).toHaveAttribute('href', '/auth');
    expect(main.getByRole('link', { name: /Try the demo/ })).toHaveAttribute('href', '/auth?mode=demo');
    expect(main.getByRole('link', { name: /Send a tip without an account/ })).toHaveAttribute(
      'href',
      '/quick-tip',
    );
    expect(api.callsTo('GET', '/api/dashboard')).toHaveLength(0);
  });
});

describe('the home screen’s data', () => {
  it('starts as soon as the session says someone is signed in, and not for a visitor', async () => {
    const signedInApi = mockApi({
      'GET /api/auth/session': [200, sessionResponse(['user'], 'freemium', { timeZone: 'Asia/Tokyo' })],
      'GET /api/dashboard': [200, dashboard({ timeZone: 'Asia/Tokyo' })],
    });
    const queryClient = new QueryClient();
    prefetchDashboard(queryClient);
    // Kept under the profile's zone (the server's months and weeks), not the browser's.
    const key = dashboardKeys.home('Asia/Tokyo');
    await waitFor(() => expect(queryClient.getQueryData(key)).toEqual(dashboard({ timeZone: 'Asia/Tokyo' })));
    expect(signedInApi.callsTo('GET', '/api/dashboard')).toHaveLength(1);
    expect(signedInApi.callsTo('GET', '/api/dashboard')[0]?.path).toBe('/api/dashboard');

    vi.unstubAllGlobals();
    const visitorApi = mockApi({});
    const visitorClient = new QueryClient();
    prefetchDashboard(visitorClient);
    await waitFor(() => expect(visitorApi.callsTo('GET', '/api/auth/session')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(visitorApi.callsTo('GET', '/api/dashboard')).toHaveLength(0);
  });

  it('in the demo, comes from the demo’s money by the server’s rules', async () => {
    setDemoMode(true);
    const api = mockApi({});
    const now = new Date();
    const demo = demoDashboard('UTC', now);
    expect(demo.balances).toEqual(demoBalances());
    expect(demo.recent.items).toEqual(demoTransactions().slice(0, 5));
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const income = demoTransactions()
      .filter(
        (row) =>
          row.currency === 'USD' &&
          row.type === 'income' &&
          row.status === 'completed' &&
          Date.parse(row.settledAt ?? row.createdAt) >= monthStart,
      )
      .reduce((sum, row) => sum + row.amountMinor, 0);
    expect(demo.month.totals.find((total) => total.currency === 'USD')?.incomeMinor).toBe(income);
    expect(shownCurrencies(demo)[0]).toBe('USD');

    renderRoute('/', { auth: signedIn() });
    expect(await screen.findByRole('region', { name: 'Recent activity' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/dashboard')).toHaveLength(0);
  });
});
