import type { PaymentMethod } from '@ztart/shared/contracts/payment-methods';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import type { RecipientResponse, WalletResponse } from '@ztart/shared/contracts/wallet';
import type { Currency } from '@ztart/shared/money';

/** Answers of the wallet, payment-method and transfer APIs, shaped by the shared contracts, for tests. */

export const CARD_ID = '5c1d2e3f-0000-4000-8000-00000000c4d1';
export const OTHER_CARD_ID = '5c1d2e3f-0000-4000-8000-00000000c4d2';
export const BANK_ID = '5c1d2e3f-0000-4000-8000-00000000ba01';
export const MOVEMENT_ID = '9e8d7c6b-0000-4000-8000-0000000a11ce';

export function walletAnswer(
  available: Partial<Record<Currency, number>> = { USD: 10_000 },
  limits: Partial<WalletResponse['limits']> = {},
  pending: Partial<Record<Currency, number>> = {},
): WalletResponse {
  const currencies: Currency[] = ['USD', 'EUR', 'BRL', 'MXN'];
  return {
    balances: currencies.map((currency) => {
      const availableMinor = available[currency] ?? 0;
      const pendingMinor = pending[currency] ?? 0;
      return {
        currency,
        availableMinor,
        pendingMinor,
        totalMinor: availableMinor + pendingMinor,
        inGoalsMinor: 0,
      };
    }),
    limits: {
      minMinor: 1,
      transferMaxMinor: 1_000_000,
      noPinMaxMinor: 5_000,
      pinSet: false,
      verified: true,
      dailyLimitMinor: null,
      sentLast24h: [],
      sentLast24hReferenceMinor: 0,
      ...limits,
    },
  };
}

export function card(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: CARD_ID,
    type: 'card',
    brand: 'visa',
    last4: '4242',
    expMonth: 8,
    expYear: 2099,
    holderName: 'Ana Lima',
    billingAddress: { line1: '1 Main St', city: 'Austin', postalCode: '73301', country: 'US' },
    bankAccountKind: null,
    country: null,
    isDefault: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function bankAccount(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: BANK_ID,
    type: 'bank_account',
    brand: null,
    last4: '0154',
    expMonth: null,
    expYear: null,
    holderName: 'Ana Lima',
    billingAddress: null,
    bankAccountKind: 'iban',
    country: 'PT',
    isDefault: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const LEO: RecipientResponse = {
  ztartag: 'leo_guitar',
  displayName: 'Leo Martins',
  avatarUrl: null,
  verified: true,
};

export function movement(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: MOVEMENT_ID,
    type: 'expense',
    kind: 'transfer_out',
    status: 'completed',
    amountMinor: 6_000,
    currency: 'USD',
    categoryId: null,
    description: 'Transfer to @leo_guitar',
    note: null,
    counterparty: { ztartag: 'leo_guitar', displayName: 'Leo Martins' },
    paymentMethod: null,
    failureCode: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    settledAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}
