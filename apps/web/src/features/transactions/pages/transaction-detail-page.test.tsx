import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetDemoTransactionEdits } from '@/components/transactions/demo';
import { categories, GIGS_ID, TIPS_ID, transaction } from '@/components/transactions/test-data';
import { setDemoMode } from '@/lib/demo/demo-mode';
import { demoTransactions, resetDemoMoney } from '@/lib/demo/demo-money';
import { error, type MockAnswer, mockApi } from '@/test/mock-api';
import { demoUser, renderRoute, signedIn } from '@/test/render';

const VISA = {
  id: 'b1b2c3d4-0000-4000-8000-000000004242',
  type: 'card',
  brand: 'visa',
  last4: '4242',
} as const;

function serve(shown: Transaction, extra: Record<string, MockAnswer> = {}) {
  return mockApi({
    'GET /api/categories': [200, { items: categories() }],
    [`GET /api/transactions/${shown.id}`]: [200, shown],
    ...extra,
  });
}

/** The value shown for a label of the detail list. */
function detail(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/transactions/:id', () => {
  it('shows every field of a failed card deposit, the reason translated from its code', async () => {
    const failed = transaction({
      kind: 'deposit',
      type: 'income',
      status: 'failed',
      amountMinor: 15000,
      counterparty: null,
      paymentMethod: VISA,
      failureCode: 'card_declined',
      description: 'Deposit from card •••• 4242',
      createdAt: '2026-03-14T18:30:00.000Z',
      settledAt: '2026-03-14T18:31:00.000Z',
    });
    serve(failed);
    renderRoute(`/transactions/${failed.id}`, { auth: signedIn() });

    expect(await screen.findByTestId('transaction-description')).toHaveTextContent(
      'Deposit from Visa •••• 4242',
    );
    expect(screen.getByText('$150.00').parentElement).toHaveTextContent('Income: +$150.00');
    expect(detail('Status')).toHaveTextContent('Failed');
    expect(detail('Type')).toHaveTextContent('Income');
    expect(detail('Kind')).toHaveTextContent('Deposit');
    expect(detail('Date')).toHaveTextContent(/March 14, 2026/);
    expect(detail('Settled')).toHaveTextContent(/March 14, 2026/);
    expect(detail('Payment method')).toHaveTextContent('Visa •••• 4242');
    expect(detail('Why it failed')).toHaveTextContent('Your card was declined. Nothing was charged.');
    expect(detail('Reference')).toHaveTextContent(failed.id);
  });

  it('names the other person of a transfer, and copies the reference', async () => {
    const sent = transaction({
      kind: 'transfer_out',
      type: 'expense',
      amountMinor: 1850,
      counterparty: { ztartag: 'maria_santos', displayName: 'Maria Santos' },
      note: 'Dinner at the tasca',
    });
    serve(sent);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoute(`/transactions/${sent.id}`, { auth: signedIn(), toaster: true });

    expect(await screen.findByTestId('transaction-description')).toHaveTextContent(
      'Transfer to @maria_santos',
    );
    expect(detail('With')).toHaveTextContent('Maria Santos (@maria_santos)');
    expect(screen.getByTestId('transaction-note')).toHaveTextContent('Dinner at the tasca');
    await userEvent.click(screen.getByRole('button', { name: 'Copy reference' }));
    expect(writeText).toHaveBeenCalledWith(sent.id);
    expect(await screen.findByText('Reference copied')).toBeInTheDocument();
  });

  it('changing the category sends PATCH with the new category and shows it', async () => {
    const tip = transaction({ categoryId: TIPS_ID });
    const api = serve(tip, {
      [`PATCH /api/transactions/${tip.id}`]: ({ body }) => [
        200,
        { ...tip, categoryId: (body as { categoryId: string }).categoryId },
      ],
    });
    renderRoute(`/transactions/${tip.id}`, { auth: signedIn(), toaster: true });
    const select = await screen.findByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(select).toHaveDisplayValue('Tips'));

    await userEvent.selectOptions(select, 'Gigs');
    expect(await screen.findByText('Category changed')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/transactions/${tip.id}`).map((call) => call.body)).toEqual([
      { categoryId: GIGS_ID },
    ]);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Gigs');
  });

  it('a category change the server refuses is explained, and nothing looks changed', async () => {
    const tip = transaction({ categoryId: TIPS_ID });
    serve(tip, { [`PATCH /api/transactions/${tip.id}`]: [503, error('service_unavailable')] });
    renderRoute(`/transactions/${tip.id}`, { auth: signedIn() });
    const select = await screen.findByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(select).toHaveDisplayValue('Tips'));
    await userEvent.selectOptions(select, 'Gigs');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is temporarily unavailable. Please try again shortly.',
    );
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Tips');
  });

  it('adding a note sends it with PATCH and shows it', async () => {
    const tip = transaction({ note: null });
    const api = serve(tip, {
      [`PATCH /api/transactions/${tip.id}`]: ({ body }) => [200, { ...tip, ...(body as object) }],
    });
    renderRoute(`/transactions/${tip.id}`, { auth: signedIn() });
    const user = userEvent.setup();
    expect(await screen.findByTestId('transaction-note')).toHaveTextContent('No note yet.');

    await user.click(screen.getByRole('button', { name: 'Add a note' }));
    await user.type(screen.getByRole('textbox', { name: 'Note' }), '  Friday gig at the pier  ');
    await user.click(screen.getByRole('button', { name: 'Save note' }));

    await waitFor(() =>
      expect(screen.getByTestId('transaction-note')).toHaveTextContent('Friday gig at the pier'),
    );
    expect(api.callsTo('PATCH', `/api/transactions/${tip.id}`).map((call) => call.body)).toEqual([
      { note: 'Friday gig at the pier' },
    ]);
  });

  it('someone else’s (or a deleted) transaction reads as not found, with the way back', async () => {
    const id = '3f2b6c1e-0000-4000-8000-0000000fffff';
    mockApi({ [`GET /api/transactions/${id}`]: [404, error('not_found')] });
    renderRoute(`/transactions/${id}`, { auth: signedIn() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This transaction doesn't exist, or it isn't yours.",
    );
    expect(screen.getByRole('link', { name: 'Back to transactions' })).toHaveAttribute(
      'href',
      '/transactions',
    );
  });

  it('a malformed address is not found without asking the server', async () => {
    const api = mockApi({});
    renderRoute('/transactions/not-a-real-id', { auth: signedIn() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This transaction doesn't exist, or it isn't yours.",
    );
    expect(api.calls.filter((call) => call.path.startsWith('/api/transactions'))).toEqual([]);
  });

  it('manage categories opens from the detail', async () => {
    const tip = transaction();
    serve(tip);
    renderRoute(`/transactions/${tip.id}`, { auth: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage categories' }));
    const dialog = await screen.findByRole('dialog', { name: 'Categories' });
    expect(await within(dialog).findByText('Gigs')).toBeInTheDocument();
  });
});

describe('/transactions/:id in demo mode', () => {
  afterEach(() => {
    setDemoMode(false);
    resetDemoMoney();
    resetDemoTransactionEdits();
  });

  it('a category change applies here, says it is simulated and sends nothing', async () => {
    setDemoMode(true);
    const api = mockApi({});
    const [first] = demoTransactions();
    if (!first) throw new Error('the demo has no transactions');
    renderRoute(`/transactions/${first.id}`, { auth: demoUser(), toaster: true });

    const select = await screen.findByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(select).toHaveDisplayValue('Deposits'));
    await userEvent.selectOptions(select, 'Shopping');
    expect(await screen.findByText('Category changed')).toBeInTheDocument();
    expect(
      screen.getByText('Simulated in the demo: it shows here only, nothing is saved to a real account.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Shopping');
    expect(api.calls.filter((call) => call.path.startsWith('/api/'))).toEqual([]);
  });
});
