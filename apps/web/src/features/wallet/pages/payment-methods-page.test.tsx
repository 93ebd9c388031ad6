import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';
import { BANK_ID, bankAccount, card, OTHER_CARD_ID } from '@/test/wallet-data';

afterEach(() => {
  vi.unstubAllGlobals();
});

const visa = card();
const mastercard = card({
  id: OTHER_CARD_ID,
  brand: 'mastercard',
  last4: '4444',
  isDefault: false,
  expMonth: 1,
  expYear: 2020,
});

describe('/payment-methods', () => {
  it('lists cards (brand, last four, expiry, default) and bank accounts', async () => {
    mockApi({ 'GET /api/payment-methods': [200, { items: [visa, bankAccount(), mastercard] }] });
    renderRoute('/payment-methods', { auth: signedIn() });
    const visaRow = (await screen.findByText('Visa •••• 4242')).closest('li') as HTMLElement;
    expect(visaRow).toHaveTextContent('Default');
    expect(visaRow).toHaveTextContent('Expires 08/99 · Ana Lima');
    const mastercardRow = screen.getByText('Mastercard •••• 4444').closest('li') as HTMLElement;
    expect(mastercardRow).toHaveTextContent('Expired 01/20');
    const bankRow = screen.getByText('Bank account •••• 0154').closest('li') as HTMLElement;
    expect(bankRow).toHaveTextContent('IBAN · Portugal · Ana Lima');
  });

  it('makes a card the default, and removes a method only after confirming', async () => {
    const api = mockApi({
      'GET /api/payment-methods': [200, { items: [visa, bankAccount(), mastercard] }],
      [`POST /api/payment-methods/${OTHER_CARD_ID}/default`]: [200, { ...mastercard, isDefault: true }],
      [`DELETE /api/payment-methods/${BANK_ID}`]: [204],
    });
    renderRoute('/payment-methods', { auth: signedIn() });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Make Mastercard •••• 4444 the default' }),
    );
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/payment-methods/${OTHER_CARD_ID}/default`)).toHaveLength(1),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove Bank account •••• 0154' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bank account •••• 0154?' });
    expect(api.callsTo('DELETE', `/api/payment-methods/${BANK_ID}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE', `/api/payment-methods/${BANK_ID}`)).toHaveLength(1));
  });

  it('with nothing saved, says how to start', async () => {
    mockApi({ 'GET /api/payment-methods': [200, { items: [] }] });
    renderRoute('/payment-methods', { auth: signedIn() });
    expect(
      await screen.findByText('No cards yet. Add one to top up your wallet in seconds.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No bank accounts yet. Add one to withdraw your money.')).toBeInTheDocument();
  });
});
