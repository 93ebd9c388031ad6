import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Analytics } from '@ztart/shared/contracts/analytics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

/** The first screen loads its route lazily: slow on a busy machine. */
const FIRST_LOAD = { timeout: 10_000 };

function figures(overrides: Partial<Analytics> = {}): Analytics {
  return {
    period: { from: '2026-05-01', to: '2026-05-03', timeZone: 'UTC', bucket: 'day' },
    currency: 'USD',
    currencies: ['USD', 'EUR'],
    totals: { incomeMinor: 12_000, expenseMinor: 4_550, netMinor: 7_450, tipsMinor: 2_000, tipsCount: 3 },
    series: [
      { start: '2026-05-01', end: '2026-05-01', incomeMinor: 10_000, expenseMinor: 0 },
      { start: '2026-05-02', end: '2026-05-02', incomeMinor: 2_000, expenseMinor: 4_550 },
      { start: '2026-05-03', end: '2026-05-03', incomeMinor: 0, expenseMinor: 0 },
    ],
    byCategory: [
      {
        categoryId: crypto.randomUUID(),
        key: 'food',
        name: null,
        color: '#ea580c',
        amountMinor: 3_000,
        count: 2,
      },
      { categoryId: null, key: null, name: null, color: null, amountMinor: 1_550, count: 1 },
    ],
    tips: [
      { start: '2026-05-01', end: '2026-05-01', amountMinor: 0, count: 0 },
      { start: '2026-05-02', end: '2026-05-02', amountMinor: 2_000, count: 3 },
      { start: '2026-05-03', end: '2026-05-03', amountMinor: 0, count: 0 },
    ],
    topCounterparties: [
      { ztartag: 'leo_guitar', displayName: 'Leo Martin', incomeMinor: 2_000, expenseMinor: 1_550, count: 4 },
    ],
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Each test loads the screen's lazy route and charts, and the retry test waits out two retries.
describe('/analytics', { timeout: 40_000 }, () => {
  it('shows the totals, says what each chart shows, and switches a chart to a table of the same figures', async () => {
    const api = mockApi({ 'GET /api/analytics': [200, figures()] });
    renderRoute('/analytics', { auth: signedIn() });

    expect(await screen.findByTestId('analytics-total-income', {}, FIRST_LOAD)).toHaveTextContent('$120.00');
    expect(screen.getByTestId('analytics-total-expense')).toHaveTextContent('$45.50');
    expect(screen.getByTestId('analytics-total-tips')).toHaveTextContent('3 tips');
    const series = screen.getByTestId('analytics-series');
    expect(
      within(series).getByRole('img', { name: /you received \$120\.00 and spent \$45\.50/i }),
    ).toBeInTheDocument();
    await userEvent.click(within(series).getByRole('button', { name: 'Show as table' }));
    const table = within(series).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(
      within(table)
        .getByRole('rowheader', { name: /May 2, 2026/ })
        .closest('tr'),
    ).toHaveTextContent('$20.00$45.50-$25.50');
    expect(within(series).getByRole('button', { name: 'Show as chart' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const categories = screen.getByTestId('analytics-categories');
    expect(categories).toHaveTextContent(
      'Most of your spending went to Food & drink: $30.00 of $45.50 (66%).',
    );
    expect(categories).toHaveTextContent('No category');
    expect(screen.getByRole('link', { name: 'History with Leo Martin' })).toHaveAttribute(
      'href',
      '/transactions?counterparty=leo_guitar',
    );
    // The request names the device's zone; the export link carries the same filters.
    const [call] = api.callsTo('GET', '/api/analytics');
    expect(call?.path).toMatch(/timeZone=/);
    const csv = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '';
    expect(csv.startsWith('/api/analytics/export.csv?')).toBe(true);
    expect(new URLSearchParams(csv.split('?')[1]).get('currency')).toBe('USD');
  });

  it('asks again for another period and currency, kept in the address', async () => {
    const api = mockApi({ 'GET /api/analytics': [200, figures()] });
    const { router } = renderRoute('/analytics', { auth: signedIn() });
    await screen.findByTestId('analytics-total-income', {}, FIRST_LOAD);

    await userEvent.click(screen.getByRole('radio', { name: 'Last month' }));
    expect(router.state.location.search).toBe('?period=lastMonth');
    // The radio group stays in place: the chosen period keeps the keyboard's focus.
    expect(screen.getByRole('radio', { name: 'Last month' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Last month' })).toHaveFocus();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'EUR');
    expect(router.state.location.search).toBe('?period=lastMonth&currency=EUR');
    const last = api.callsTo('GET', '/api/analytics').at(-1);
    expect(new URLSearchParams(last?.path.split('?')[1]).get('currency')).toBe('EUR');

    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    await userEvent.clear(screen.getByLabelText('From'));
    await userEvent.type(screen.getByLabelText('From'), '2026-05-10');
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2026-05-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The end date must be on or after the start date')).toBeInTheDocument();
  });

  it('teaches what fills an empty period', async () => {
    const empty = figures({
      totals: { incomeMinor: 0, expenseMinor: 0, netMinor: 0, tipsMinor: 0, tipsCount: 0 },
      byCategory: [],
      topCounterparties: [],
    });
    mockApi({ 'GET /api/analytics': [200, empty] });
    renderRoute('/analytics', { auth: signedIn() });
    const emptyState = await screen.findByTestId('analytics-empty', {}, FIRST_LOAD);
    expect(within(emptyState).getByRole('link', { name: 'Add money' })).toHaveAttribute(
      'href',
      '/wallet?action=deposit',
    );
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    let fail = true;
    mockApi({ 'GET /api/analytics': () => (fail ? [500, error('internal_error')] : [200, figures()]) });
    renderRoute('/analytics?period=thisYear', { auth: signedIn() });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 15_000 });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByTestId('analytics-total-income', {}, FIRST_LOAD)).toHaveTextContent('$120.00');
  });
});
