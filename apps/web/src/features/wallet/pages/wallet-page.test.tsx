import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDemoMode } from '@/lib/demo/demo-mode';
import { resetDemoMoney } from '@/lib/demo/demo-money';
import { error, type MockAnswer, mockApi } from '@/test/mock-api';
import { demoUser, renderRoute, signedIn } from '@/test/render';
import { bankAccount, card, MOVEMENT_ID, movement, OTHER_CARD_ID, walletAnswer } from '@/test/wallet-data';

afterEach(() => {
  vi.unstubAllGlobals();
  resetDemoMoney();
});

const deposit = movement({
  type: 'income',
  kind: 'deposit',
  status: 'pending',
  amountMinor: 5_000,
  counterparty: null,
  paymentMethod: { id: OTHER_CARD_ID, type: 'card', brand: 'mastercard', last4: '4444' },
  settledAt: null,
});

function routes(overrides: Record<string, MockAnswer> = {}): Record<string, MockAnswer> {
  return {
    'GET /api/wallet': [
      200,
      walletAnswer(
        { USD: 12_345, EUR: 2_000 },
        {
          verified: false,
          dailyLimitMinor: 50_000,
          sentLast24h: [{ currency: 'USD', amountMinor: 38_000 }],
          sentLast24hReferenceMinor: 38_000,
        },
        { USD: 500 },
      ),
    ],
    'GET /api/payment-methods': [
      200,
      {
        items: [
          card(),
          card({ id: OTHER_CARD_ID, brand: 'mastercard', last4: '4444', isDefault: false }),
          bankAccount(),
        ],
      },
    ],
    'GET /api/wallet/analytics': [
      200,
      {
        currency: 'USD',
        days: [
          { date: '2026-05-01', incomeMinor: 4_000, expenseMinor: 0 },
          { date: '2026-05-02', incomeMinor: 0, expenseMinor: 1_500 },
        ],
        incomeMinor: 4_000,
        expenseMinor: 1_500,
      },
    ],
    'GET /api/transactions': [200, { items: [], nextCursor: null }],
    'GET /api/categories': [200, { items: [] }],
    [`GET /api/transactions/${MOVEMENT_ID}`]: [200, deposit],
    ...overrides,
  };
}

/** A way to move money, once the balances have rendered (they enable it). */
async function actionButton(name: string): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('/wallet', () => {
  it('shows each currency held (total, available, pending), hiding empty ones but the main', async () => {
    mockApi(routes());
    renderRoute('/wallet', { auth: signedIn() });
    const balances = await screen.findByRole('region', { name: 'Balances' });
    const usd = within(balances).getByRole('heading', { name: 'USD balance' }).closest('div')?.parentElement;
    expect(usd).toHaveTextContent('$128.45');
    expect(usd).toHaveTextContent('Available$123.45');
    expect(usd).toHaveTextContent('Pending$5.00');
    expect(within(balances).getByRole('heading', { name: 'EUR balance' })).toBeInTheDocument();
    expect(within(balances).queryByRole('heading', { name: 'BRL balance' })).not.toBeInTheDocument();
  });

  it('summarises the chart in words, and shows the limits left for an unverified person', async () => {
    mockApi(routes());
    renderRoute('/wallet', { auth: signedIn() });
    expect(
      await screen.findByText('In the last 30 days you received $40.00 and spent $15.00.'),
    ).toBeInTheDocument();
    const limits = screen.getByRole('region', { name: 'Your limits' });
    expect(limits).toHaveTextContent('Left today in USD$120.00');
    expect(limits).toHaveTextContent('Protect payments over $50.00 with a PIN.');
    const methods = screen.getByRole('region', { name: 'Payment methods' });
    expect(await within(methods).findByText('2 cards · 1 bank account')).toBeInTheDocument();
  });

  it('deposits from the chosen card after a confirmation, with an idempotency key, and shows it pending', async () => {
    const api = mockApi(routes({ 'POST /api/wallet/deposits': [201, { transaction: deposit }] }));
    renderRoute('/wallet', { auth: signedIn() });
    await userEvent.click(await actionButton('Deposit'));
    const dialog = await screen.findByRole('dialog', { name: 'Add money' });
    // The default card is chosen first; the person picks the other one.
    expect(await within(dialog).findByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: /Mastercard •••• 4444/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await within(dialog).findByRole('heading', { name: 'Check your deposit' })).toBeInTheDocument();
    expect(within(dialog).getByText('Mastercard •••• 4444')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/wallet/deposits')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add $50.00' }));

    expect(await within(dialog).findByText('Your deposit is on its way')).toBeInTheDocument();
    expect(within(dialog).getByText(/It completes as soon as your card payment settles/)).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/api/wallet/deposits');
    expect(call?.body).toEqual({ paymentMethodId: OTHER_CARD_ID, amountMinor: 5_000, currency: 'USD' });
    expect(call?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a declined card says so, and nothing is shown as added', async () => {
    mockApi(routes({ 'POST /api/wallet/deposits': [402, error('card_declined')] }));
    renderRoute('/wallet', { auth: signedIn() });
    await userEvent.click(await actionButton('Deposit'));
    const dialog = await screen.findByRole('dialog', { name: 'Add money' });
    await userEvent.type(await within(dialog).findByRole('textbox', { name: /Amount/ }), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add $50.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Your card was declined. Nothing was charged.',
    );
    expect(within(dialog).queryByText('Your deposit is on its way')).not.toBeInTheDocument();
  });

  it('refuses a withdrawal above the available balance before the confirmation', async () => {
    const api = mockApi(routes());
    renderRoute('/wallet', { auth: signedIn() });
    await userEvent.click(await actionButton('Withdraw'));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    await userEvent.type(await within(dialog).findByRole('textbox', { name: /Amount/ }), '123.46');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText("That's more than you can withdraw in this currency."),
    ).toBeInTheDocument();
    // What is available is said once, in the hint.
    expect(within(dialog).getAllByText(/\$123\.45/)).toHaveLength(1);
    expect(api.callsTo('POST', '/api/wallet/withdrawals')).toHaveLength(0);
  });

  it('in demo mode works on the simulated wallet, asks the server nothing, and says so', async () => {
    setDemoMode(true);
    const api = mockApi({});
    renderRoute('/wallet', { auth: demoUser() });
    const balances = await screen.findByRole('region', { name: 'Balances' });
    expect(within(balances).getByRole('heading', { name: 'EUR balance' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send money' });
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'To' }), '@leo_guitar');
    await within(dialog).findByText('Leo Martins');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send $3.00' }));
    expect(await within(dialog).findByText('Sent to @leo_guitar')).toBeInTheDocument();
    expect(within(dialog).getByText('Simulated in demo mode: nothing real happened.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call.path.startsWith('/api/') && call.path !== '/api/auth/session'),
      ).toEqual([]),
    );
  });
});
