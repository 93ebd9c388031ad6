import { useQueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransactionList, type TransactionListProps, transactionKeys } from '@/components/transactions';
import { categories, page, queryOf, transaction } from '@/components/transactions/test-data';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders, signedIn } from '@/test/render';

/** What another screen does after moving money: invalidate the transactions root. */
function RefreshButton() {
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      onClick={() => void queryClient.invalidateQueries({ queryKey: transactionKeys.all })}
    >
      Refresh
    </button>
  );
}

function renderEmbedded(props: TransactionListProps) {
  const router = createMemoryRouter(
    [
      {
        path: '/wallet',
        element: (
          <>
            <RefreshButton />
            <TransactionList {...props} />
          </>
        ),
      },
    ],
    { initialEntries: ['/wallet'] },
  );
  return renderWithProviders(<RouterProvider router={router} />, { auth: signedIn() });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TransactionList embedded in another screen (compact)', () => {
  it('asks for its filters and limit, shows dated rows without day headers and links to the full list', async () => {
    const api = mockApi({
      'GET /api/categories': [200, { items: categories() }],
      'GET /api/transactions': [
        200,
        page([transaction({ currency: 'EUR' }), transaction({ currency: 'EUR' })], 'next'),
      ],
    });
    renderEmbedded({ filters: { currency: 'EUR', type: 'income' }, limit: 2, compact: true });

    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(2));
    expect(queryOf(api.callsTo('GET', '/api/transactions')[0]?.path ?? '')).toEqual({
      type: 'income',
      currency: 'EUR',
      limit: '2',
    });
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all transactions' })).toHaveAttribute(
      'href',
      '/transactions?type=income&currency=EUR',
    );
  });

  it('shows the empty text it is given', async () => {
    mockApi({
      'GET /api/categories': [200, { items: categories() }],
      'GET /api/transactions': [200, page([])],
    });
    renderEmbedded({ compact: true, emptyText: 'No tips yet — share your QR code' });
    expect(await screen.findByTestId('transactions-empty')).toHaveTextContent(
      'No tips yet — share your QR code',
    );
  });

  it("with a screen's own filter and nothing to clear, says the list is empty, not that filters match nothing", async () => {
    mockApi({
      'GET /api/categories': [200, { items: categories() }],
      'GET /api/transactions': [200, page([])],
    });
    renderEmbedded({
      compact: true,
      filters: { kind: 'transfer_out' },
      emptyText: "You haven't sent any money yet.",
    });
    const empty = await screen.findByTestId('transactions-empty');
    expect(empty).toHaveTextContent("No transactions yetYou haven't sent any money yet.");
    expect(empty).not.toHaveTextContent('Nothing matches these filters');
  });

  it('invalidating transactionKeys.all refreshes it (a payment made elsewhere shows up)', async () => {
    let items = [transaction()];
    mockApi({
      'GET /api/categories': [200, { items: categories() }],
      'GET /api/transactions': () => [200, page(items)],
    });
    renderEmbedded({ compact: true });
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(1));

    items = [
      transaction({ kind: 'transfer_in', counterparty: { ztartag: 'sam', displayName: 'Sam' } }),
      ...items,
    ];
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(2));
    expect(screen.getAllByTestId('transaction-row')[0]).toHaveTextContent('Transfer from @sam');
  });
});
