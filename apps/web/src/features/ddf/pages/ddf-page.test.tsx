import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DdfSheet } from '@ztart/shared/contracts/ddf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

const wallet: DdfSheet = {
  product: 'wallet',
  plan: { role: 'user', userLevel: 'freemium' },
  figures: [
    { key: 'balance', kind: 'money', amountMinor: 1_234_56, currency: 'USD' },
    { key: 'balance', kind: 'money', amountMinor: 50_00, currency: 'EUR' },
    { key: 'transactionsThisMonth', kind: 'count', value: 12 },
  ],
  limits: [
    { key: 'transferMax', kind: 'money', amountMinor: 1_000_000, currency: 'USD' },
    { key: 'unverifiedDaily', kind: 'money', amountMinor: 50_000, currency: 'USD' },
  ],
};

describe('/{product}-ddf', () => {
  it("shows what the product does, the person's figures in their money format, the plan's limits and a link to the product", async () => {
    const api = mockApi({ 'GET /api/ddf/wallet': [200, wallet] });
    renderRoute('/wallet-ddf', { auth: signedIn() });

    expect(await screen.findByTestId('screen-title')).toHaveTextContent('Wallet — product sheet');
    expect(screen.getByText(/Your wallet holds your money in each currency/)).toBeInTheDocument();
    const figures = await screen.findByTestId('ddf-figures');
    const rows = within(figures)
      .getAllByRole('term')
      .map((term) => term.parentElement?.textContent);
    expect(rows).toEqual(['Balance$1,234.56', 'Balance€50.00', 'Transactions this month12']);
    const limits = screen.getByTestId('ddf-limits');
    expect(limits).toHaveTextContent('Largest transfer$10,000.00');
    expect(limits).toHaveTextContent('Daily limit until verified$500.00');
    expect(screen.getByText('Role user, plan freemium.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Wallet' })).toHaveAttribute('href', '/wallet');
    expect(api.callsTo('GET', '/api/ddf/wallet')).toHaveLength(1);
  });

  it('shows the figures in the chosen language', async () => {
    mockApi({ 'GET /api/ddf/wallet': [200, wallet] });
    renderRoute('/wallet-ddf', { auth: signedIn(), language: 'es' });
    const figures = await screen.findByTestId('ddf-figures');
    expect(figures).toHaveTextContent('Saldo');
    expect(figures).toHaveTextContent(/1234,56\sUS\$/);
  });

  it('asks for the sheet of the product in the address and links to that product', async () => {
    const api = mockApi({
      'GET /api/ddf/assistant': [
        200,
        {
          product: 'assistant',
          plan: { role: 'pro', userLevel: 'business' },
          figures: [{ key: 'tokensToday', kind: 'count', value: 1_500 }],
          limits: [{ key: 'dailyTokens', kind: 'count', value: 100_000 }],
        } satisfies DdfSheet,
      ],
    });
    renderRoute('/assistant-ddf', { auth: signedIn() });
    expect(await screen.findByTestId('ddf-figures')).toHaveTextContent('Tokens used today1,500');
    expect(screen.getByTestId('ddf-limits')).toHaveTextContent('Tokens per day100,000');
    expect(screen.getByRole('link', { name: 'Open Assistant' })).toHaveAttribute(
      'href',
      '/conversational-agent',
    );
    expect(api.callsTo('GET', '/api/ddf/wallet')).toHaveLength(0);
  });

  it('shows a skeleton while loading, then an error with a retry that loads the sheet', async () => {
    let failing = true;
    mockApi({
      'GET /api/ddf/wallet': () => (failing ? [500, error('internal_error')] : [200, wallet]),
    });
    renderRoute('/wallet-ddf', { auth: signedIn() });
    expect(await screen.findByText('Loading the product sheet…')).toBeInTheDocument();
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    expect(screen.queryByTestId('ddf-figures')).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByTestId('ddf-figures')).toHaveTextContent('Transactions this month12');
  });

  it('shows the not-found page for a product the app does not have', async () => {
    const api = mockApi({});
    renderRoute('/bitcoin-ddf', { auth: signedIn() });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/ddf/bitcoin')).toHaveLength(0);
  });
});
