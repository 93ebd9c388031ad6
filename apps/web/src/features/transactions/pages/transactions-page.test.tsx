import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetDemoTransactionEdits } from '@/components/transactions/demo';
import { categories, FOOD_ID, page, queryOf, transaction } from '@/components/transactions/test-data';
import { setDemoMode } from '@/lib/demo/demo-mode';
import { demoTransactions, resetDemoMoney } from '@/lib/demo/demo-money';
import { error, type MockAnswer, mockApi } from '@/test/mock-api';
import { demoUser, renderRoute, signedIn } from '@/test/render';

const CATEGORIES: Record<string, MockAnswer> = {
  'GET /api/categories': [200, { items: categories() }],
};

function rows() {
  return screen.queryAllByTestId('transaction-row');
}

function search(router: { state: { location: { search: string } } }) {
  return router.state.location.search;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/transactions: the list', () => {
  it('groups rows by day, each with its description, category, status and signed amount', async () => {
    const today = new Date();
    const lastYear = new Date(today.getFullYear() - 1, 2, 14, 12, 0).toISOString();
    mockApi({
      ...CATEGORIES,
      'GET /api/transactions': [
        200,
        page([
          transaction({ kind: 'tip_in', amountMinor: 1250, status: 'pending', settledAt: null }),
          transaction({
            kind: 'transfer_out',
            type: 'expense',
            amountMinor: 1850,
            categoryId: FOOD_ID,
            counterparty: { ztartag: 'maria_santos', displayName: 'Maria Santos' },
            createdAt: lastYear,
          }),
        ]),
      ],
    });
    renderRoute('/transactions', { auth: signedIn() });

    const todaySection = (await screen.findByRole('heading', { name: 'Today' })).closest('section');
    expect(todaySection).not.toBeNull();
    const tip = within(todaySection as HTMLElement).getByTestId('transaction-row');
    expect(tip).toHaveTextContent('Tip from @leo_guitar');
    expect(tip).toHaveTextContent('Tips');
    expect(tip).toHaveTextContent('Pending');
    expect(tip).toHaveTextContent('+$12.50');

    // A day of another year is named with its year.
    const older = screen.getByRole('heading', { name: new RegExp(`${today.getFullYear() - 1}`) });
    const transfer = within(older.closest('section') as HTMLElement).getByTestId('transaction-row');
    expect(transfer).toHaveTextContent('Transfer to @maria_santos');
    expect(transfer).toHaveTextContent('Food & drink');
    expect(transfer).toHaveTextContent('Completed');
    expect(transfer).toHaveTextContent('−$18.50');
    expect(transfer.getAttribute('href')).toMatch(/^\/transactions\/[0-9a-f-]{36}$/);
  });

  it('formats amounts and dates in the current language', async () => {
    mockApi({
      ...CATEGORIES,
      'GET /api/transactions': [200, page([transaction({ amountMinor: 123456, currency: 'EUR' })])],
    });
    renderRoute('/transactions', { auth: signedIn(), language: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Aujourd’hui' })).toBeInTheDocument();
    const row = screen.getByTestId('transaction-row');
    expect(row).toHaveTextContent('Pourboire de @leo_guitar');
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('+1 234,56 €');
  });

  it('"Load more" asks for the next page with the cursor and appends it without duplicate rows', async () => {
    const first = [transaction(), transaction(), transaction()];
    const second = [first[2], transaction(), transaction()].filter((item) => item !== undefined);
    const api = mockApi({
      ...CATEGORIES,
      'GET /api/transactions': ({ path }) =>
        queryOf(path).cursor === 'cursor-1' ? [200, page(second)] : [200, page(first, 'cursor-1')],
    });
    renderRoute('/transactions', { auth: signedIn() });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    const ids = rows().map((row) => row.getAttribute('href'));
    expect(new Set(ids).size).toBe(5);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText("You've reached the end.")).toBeInTheDocument();
    const requests = api.callsTo('GET', '/api/transactions').map((call) => queryOf(call.path));
    expect(requests).toEqual([{ limit: '20' }, { cursor: 'cursor-1', limit: '20' }]);
  });

  it('shows a skeleton while loading, then an error with a retry that loads the list', async () => {
    let fail = true;
    mockApi({
      ...CATEGORIES,
      'GET /api/transactions': () => (fail ? [500, error('internal_error')] : [200, page([transaction()])]),
    });
    renderRoute('/transactions', { auth: signedIn() });
    expect(await screen.findByText('Loading transactions…')).toBeInTheDocument();
    expect(await screen.findByText(/We couldn't load your transactions\./)).toHaveTextContent(
      'Server error. Please try again in a moment.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('with no transactions at all, says so and points to the wallet', async () => {
    mockApi({ ...CATEGORIES, 'GET /api/transactions': [200, page([])] });
    renderRoute('/transactions', { auth: signedIn() });
    const empty = await screen.findByTestId('transactions-empty');
    expect(empty).toHaveTextContent('No transactions yet');
    expect(within(empty).getByRole('link', { name: 'Go to your wallet' })).toHaveAttribute('href', '/wallet');
  });
});

describe('/transactions: filters live in the URL', () => {
  it('a shared link opens with its filters applied, shown in the controls and sent to the API', async () => {
    const api = mockApi({ ...CATEGORIES, 'GET /api/transactions': [200, page([transaction()])] });
    renderRoute(`/transactions?status=pending&type=income&category=${FOOD_ID}&from=2026-03-01`, {
      auth: signedIn(),
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(queryOf(api.callsTo('GET', '/api/transactions')[0]?.path ?? '')).toEqual({
      type: 'income',
      status: 'pending',
      category: FOOD_ID,
      from: '2026-03-01',
      limit: '20',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    expect(screen.getByLabelText('Type')).toHaveValue('income');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveDisplayValue('Food & drink'));
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01');
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveAccessibleName('Filters Active filters: 4');
  });

  it('choosing a filter updates the URL and the list; Back restores the previous filters', async () => {
    const api = mockApi({
      ...CATEGORIES,
      'GET /api/transactions': ({ path }) =>
        queryOf(path).status === 'failed'
          ? [200, page([transaction({ status: 'failed', kind: 'deposit', counterparty: null })])]
          : [200, page([transaction(), transaction()])],
    });
    const { router } = renderRoute('/transactions?currency=USD', { auth: signedIn() });
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    expect(search(router)).toBe('?status=failed&currency=USD');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(queryOf(api.calls.at(-1)?.path ?? '')).toMatchObject({ status: 'failed', currency: 'USD' });

    await router.navigate(-1);
    expect(search(router)).toBe('?currency=USD');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('the search box waits for typing to pause, then searches and writes ?q=', async () => {
    const api = mockApi({ ...CATEGORIES, 'GET /api/transactions': [200, page([transaction()])] });
    const { router } = renderRoute('/transactions', { auth: signedIn() });
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'leo');
    expect(search(router)).toBe('');
    await waitFor(() => expect(search(router)).toBe('?q=leo'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/transactions').map((call) => queryOf(call.path).q)).toEqual([
        undefined,
        'leo',
      ]),
    );
  });

  it('nothing matching the filters offers to clear them, which empties the URL and the search box', async () => {
    mockApi({
      ...CATEGORIES,
      'GET /api/transactions': ({ path }) =>
        queryOf(path).q ? [200, page([])] : [200, page([transaction(), transaction()])],
    });
    const { router } = renderRoute('/transactions?q=zzz&status=failed', { auth: signedIn() });
    const empty = await screen.findByTestId('transactions-empty');
    expect(empty).toHaveTextContent('Nothing matches these filters');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('zzz');

    await userEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(search(router)).toBe('');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('the CSV export link carries the current filters', async () => {
    mockApi({ ...CATEGORIES, 'GET /api/transactions': [200, page([transaction()])] });
    const { router } = renderRoute('/transactions?type=expense&currency=EUR', { auth: signedIn() });
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/transactions/export.csv?type=expense&currency=EUR');
    expect(link).toHaveAttribute('download');

    await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'completed');
    expect(search(router)).toBe('?type=expense&status=completed&currency=EUR');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/transactions/export.csv?type=expense&status=completed&currency=EUR',
    );
  });

  it('opening a row and following the back link returns to the same filtered list', async () => {
    const shown = transaction({ note: 'Great set' });
    mockApi({
      ...CATEGORIES,
      'GET /api/transactions': [200, page([shown])],
      [`GET /api/transactions/${shown.id}`]: [200, shown],
    });
    const { router } = renderRoute('/transactions?status=completed', { auth: signedIn() });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('transaction-row'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/transactions/${shown.id}`);

    await user.click(screen.getByRole('link', { name: 'Back to transactions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(search(router)).toBe('?status=completed');
  });
});

describe('/transactions in demo mode', () => {
  afterEach(() => {
    setDemoMode(false);
    resetDemoMoney();
    resetDemoTransactionEdits();
  });

  it('shows the simulated history, filters it here and never asks the server', async () => {
    setDemoMode(true);
    const api = mockApi({});
    renderRoute('/transactions?status=failed', { auth: demoUser() });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Deposit from Mastercard •••• 4444');
    expect(rows()[0]).toHaveTextContent('Failed');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(api.calls.filter((call) => call.path.startsWith('/api/'))).toEqual([]);
  });

  it('pages through the simulated history like the real one', async () => {
    setDemoMode(true);
    mockApi({});
    renderRoute('/transactions', { auth: demoUser() });
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const total = demoTransactions().length;
    expect(rows().length).toBe(Math.min(total, 20));
    expect(screen.queryByRole('button', { name: 'Load more' }) !== null).toBe(total > 20);
  });
});
