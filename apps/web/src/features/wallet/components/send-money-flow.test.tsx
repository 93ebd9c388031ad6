import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendMoneyFlow } from '@/features/wallet/components/send-money-flow';
import { error, type MockAnswer, mockApi } from '@/test/mock-api';
import { renderWithProviders, signedIn } from '@/test/render';
import { LEO, MOVEMENT_ID, movement, walletAnswer } from '@/test/wallet-data';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BASE: Record<string, MockAnswer> = {
  'GET /api/wallet': [200, walletAnswer({ USD: 10_000 }, { pinSet: true })],
  'GET /api/transfers/recipient': [200, LEO],
  [`GET /api/transactions/${MOVEMENT_ID}`]: [200, movement()],
};

/** Fills the form, waits for the lookup to say who (or that nobody) it is, and continues. */
async function fillAndContinue(recipient: string, amount: string, lookedUp: string | RegExp = 'Leo Martins') {
  await userEvent.type(await screen.findByRole('textbox', { name: 'To' }), recipient);
  await screen.findByText(lookedUp);
  await userEvent.type(screen.getByRole('textbox', { name: /Amount/ }), amount);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('sending money', () => {
  it('shows who the recipient is while typing, and moves nothing before the confirmation step', async () => {
    const api = mockApi(BASE);
    renderWithProviders(<SendMoneyFlow />, { auth: signedIn() });
    await userEvent.type(await screen.findByRole('textbox', { name: 'To' }), '@leo_guitar');
    expect(await screen.findByText('Leo Martins')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/transfers/recipient').at(-1)?.path).toBe(
      '/api/transfers/recipient?q=%40leo_guitar',
    );

    await userEvent.type(screen.getByRole('textbox', { name: /Amount/ }), '12.34');
    await userEvent.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'For the song');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Check before you send' })).toHaveFocus();
    expect(screen.getByText('Leo Martins')).toBeInTheDocument();
    expect(screen.getByText('@leo_guitar')).toBeInTheDocument();
    expect(screen.getByText('$12.34')).toBeInTheDocument();
    expect(screen.getByText('For the song')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/transfers')).toHaveLength(0);
  });

  it('asks for the PIN when the server does, then sends the same transfer again with the same key', async () => {
    let attempts = 0;
    const api = mockApi({
      ...BASE,
      'POST /api/transfers': () => {
        attempts += 1;
        return attempts === 1 ? [403, error('pin_required')] : [201, { transaction: movement() }];
      },
      'POST /api/pin/verify': [
        200,
        { pinSet: true, unlockedUntil: '2099-01-01T00:00:00.000Z', lockedUntil: null },
      ],
    });
    renderWithProviders(<SendMoneyFlow />, { auth: signedIn() });
    await fillAndContinue('@leo_guitar', '60');
    await userEvent.click(await screen.findByRole('button', { name: 'Send $60.00' }));

    expect(await screen.findByRole('heading', { name: 'Enter your PIN' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('PIN'), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and send $60.00' }));

    expect(await screen.findByText('Sent to @leo_guitar')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/pin/verify')[0]?.body).toEqual({ pin: '2468' });
    const sends = api.callsTo('POST', '/api/transfers');
    expect(sends).toHaveLength(2);
    const [first, second] = sends;
    expect(first?.body).toEqual({ recipient: '@leo_guitar', amountMinor: 6_000, currency: 'USD' });
    expect(second?.body).toEqual(first?.body);
    const key = first?.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers.get('idempotency-key')).toBe(key);
  });

  it('a lost answer is retried with the same key; a new confirmation gets a new one', async () => {
    let attempts = 0;
    const api = mockApi({
      ...BASE,
      'POST /api/transfers': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return [422, error('insufficient_balance')];
      },
    });
    renderWithProviders(<SendMoneyFlow />, { auth: signedIn() });
    await fillAndContinue('@leo_guitar', '5');
    await userEvent.click(await screen.findByRole('button', { name: 'Send $5.00' }));
    expect(
      await screen.findByText('Network error. Check your connection and try again.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Insufficient balance to complete the transfer')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send $5.00' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/transfers')).toHaveLength(3));
    const keys = api.callsTo('POST', '/api/transfers').map((call) => call.headers.get('idempotency-key'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('says why a transfer was refused, with the limit and what is left of it', async () => {
    mockApi({
      ...BASE,
      'POST /api/transfers': [
        422,
        error('limit_exceeded', { limit: 'daily', limitMinor: 50_000, remainingMinor: 12_000 }),
      ],
    });
    renderWithProviders(<SendMoneyFlow />, { auth: signedIn() });
    await fillAndContinue('@leo_guitar', '20');
    await userEvent.click(await screen.findByRole('button', { name: 'Send $20.00' }));
    expect(
      await screen.findByText(
        /That's over your daily limit of \$500\.00\. You can still send \$120\.00 today/,
      ),
    ).toBeInTheDocument();
  });

  it('explains an unknown recipient and does not continue', async () => {
    const api = mockApi({
      ...BASE,
      'GET /api/transfers/recipient': (call) =>
        call.path.includes('q=%40')
          ? [404, error('recipient_user_not_found')]
          : [404, error('recipient_not_found')],
    });
    renderWithProviders(<SendMoneyFlow />, { auth: signedIn() });
    await userEvent.type(await screen.findByRole('textbox', { name: 'To' }), 'someone@example.com');
    expect(
      await screen.findByText(/Recipient not found\. Transfers to external emails are coming soon/),
    ).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('textbox', { name: 'To' }));
    await fillAndContinue('@nobody', '5', 'Recipient user not found');
    // Now the form's own error on the field, announced with it.
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: 'Check before you send' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/transfers')).toHaveLength(0);
  });

  it('checks the amount before the confirmation: over the balance, over the largest transfer', async () => {
    mockApi(BASE);
    renderWithProviders(<SendMoneyFlow />, { auth: signedIn() });
    await fillAndContinue('@leo_guitar', '100.01');
    expect(await screen.findByText(/Insufficient balance to complete the transfer/)).toBeInTheDocument();
    // "Available" once: in the field's hint, not again in the error.
    expect(screen.getAllByText(/Available/)).toHaveLength(1);
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(amount);
    await userEvent.type(amount, '20,000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The maximum amount is $10,000.00')).toBeInTheDocument();
  });

  it('starts in euros for someone who holds only euros, and sends euros', async () => {
    const api = mockApi({ ...BASE, 'GET /api/wallet': [200, walletAnswer({ EUR: 250 })] });
    renderWithProviders(<SendMoneyFlow />, { auth: signedIn() });
    expect(await screen.findByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
    expect(screen.getByText(/Available: €2\.50/)).toBeInTheDocument();

    await fillAndContinue('@leo_guitar', '2.50');
    await userEvent.click(await screen.findByRole('button', { name: /Send €2\.50/ }));

    await waitFor(() => expect(api.callsTo('POST', '/api/transfers')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/transfers')[0]?.body).toMatchObject({
      amountMinor: 250,
      currency: 'EUR',
    });
  });
});
