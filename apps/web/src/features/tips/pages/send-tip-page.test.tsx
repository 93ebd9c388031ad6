import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuickTipProfile } from '@ztart/shared/contracts/qr-codes';
import { IDEMPOTENCY_HEADER } from '@ztart/shared/contracts/wallet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, transaction, transactionId } from '@/components/transactions/test-data';
import { tip } from '@/features/tips/test-data';
import { error, type MockAnswer, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';
import { LEO, walletAnswer } from '@/test/wallet-data';

afterEach(() => {
  vi.unstubAllGlobals();
});

function profileOf(ztartag: string, fullName: string): QuickTipProfile {
  return {
    ztartag,
    fullName,
    avatarUrl: null,
    verified: true,
    currency: 'USD',
    minMinor: 100,
    maxMinor: 10_000,
    presetsMinor: [200, 500, 1_000, 2_000],
  };
}

const BASE: Record<string, MockAnswer> = {
  'GET /api/wallet': [200, walletAnswer({ USD: 1_000 }, { verified: false })],
  'GET /api/transactions': [
    200,
    page([
      transaction({
        id: transactionId(1),
        counterparty: { ztartag: 'maria_waits', displayName: 'Maria Santos' },
      }),
      transaction({ id: transactionId(2), counterparty: null }),
    ]),
  ],
  'GET /api/transfers/recipient': [200, LEO],
  'GET /api/public/profiles/leo_guitar': [200, profileOf('leo_guitar', 'Leo Martins')],
  'GET /api/public/profiles/maria_waits': [200, profileOf('maria_waits', 'Maria Santos')],
};

describe('the quick tip of a signed-in person, inside the app', () => {
  it('finds a ztartag, tips 5.00 from the balance after a confirmation, once, and shows the receipt', async () => {
    const api = mockApi({
      ...BASE,
      'POST /api/tips': [201, { tip: tip({ source: 'wallet', amountMinor: 500, card: null }) }],
    });
    renderRoute('/quick-tip/send', { auth: signedIn() });

    await userEvent.type(await screen.findByRole('textbox', { name: 'To' }), 'leo_guitar');
    await userEvent.click(await screen.findByRole('button', { name: 'Tip @leo_guitar' }));

    // The balance (10.00) covers the preset chosen first (5.00): it is offered, card second.
    expect(await screen.findByText('Paid from your balance: $10.00 available.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '$5.00' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Pay by card instead' })).toHaveAttribute(
      'href',
      expect.stringContaining('/quick-tip?to=leo_guitar'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Check your tip' })).toHaveFocus();
    expect(api.callsTo('POST', '/api/tips')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Tip $5.00' }));

    expect(await screen.findByRole('heading', { name: 'You tipped @leo_guitar' })).toHaveFocus();
    const [sent] = api.callsTo('POST', '/api/tips');
    expect(sent?.body).toEqual({
      receiver: 'leo_guitar',
      amountMinor: 500,
      currency: 'USD',
      source: 'wallet',
    });
    expect(sent?.headers.get(IDEMPOTENCY_HEADER)).toBeTruthy();
    expect(api.callsTo('POST', '/api/tips')).toHaveLength(1);
  });

  it('offers the people of recent transactions, and the card when the balance does not cover the tip', async () => {
    mockApi(BASE);
    renderRoute('/quick-tip/send', { auth: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Tip Maria Santos (@maria_waits)' }));

    await userEvent.type(await screen.findByRole('textbox', { name: /Other amount/ }), '20');
    expect(
      screen.getByText(
        "Your balance ($10.00 available) doesn't cover this tip. You can pay by card instead.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay by card' })).toHaveAttribute(
      'href',
      expect.stringContaining('/quick-tip?to=maria_waits'),
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('says why a tip was refused, moves nothing else, and keeps the confirmation to try again', async () => {
    mockApi({ ...BASE, 'POST /api/tips': [422, error('insufficient_balance')] });
    renderRoute('/quick-tip/send?to=leo_guitar', { auth: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Tip $5.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/balance/i);
    expect(screen.getByRole('heading', { name: 'Check your tip' })).toBeInTheDocument();
  });

  it('refuses an amount above the quick-tip maximum of an unverified sender before the confirmation', async () => {
    const api = mockApi({
      ...BASE,
      'GET /api/wallet': [200, walletAnswer({ USD: 100_000 }, { verified: false })],
    });
    renderRoute('/quick-tip/send?to=leo_guitar', { auth: signedIn() });
    await userEvent.type(await screen.findByRole('textbox', { name: /Other amount/ }), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Other amount/ })).toBeInvalid());
    expect(api.callsTo('POST', '/api/tips')).toHaveLength(0);
  });
});
