import type { Category, Transaction, TransactionListResponse } from '@ztart/shared/contracts/transactions';

/** Answers of the transactions API, shaped by the shared contract, for this feature's tests. */

let counter = 0;

export function transactionId(n: number): string {
  return `3f2b6c1e-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export const FOOD_ID = 'a1b2c3d4-0000-4000-8000-00000000f00d';
export const TIPS_ID = 'a1b2c3d4-0000-4000-8000-0000000071b5';
export const GIGS_ID = 'a1b2c3d4-0000-4000-8000-00000000616b';

export function categories(): Category[] {
  return [
    { id: TIPS_ID, key: 'tips', name: null, color: '#d97706' },
    { id: FOOD_ID, key: 'food', name: null, color: '#ea580c' },
    { id: GIGS_ID, key: null, name: 'Gigs', color: '#2563eb' },
  ];
}

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  counter += 1;
  return {
    id: transactionId(counter),
    type: 'income',
    kind: 'tip_in',
    status: 'completed',
    amountMinor: 500,
    currency: 'USD',
    categoryId: TIPS_ID,
    description: 'Tip from @leo_guitar',
    note: null,
    counterparty: { ztartag: 'leo_guitar', displayName: 'Leo Martins' },
    paymentMethod: null,
    failureCode: null,
    createdAt: new Date().toISOString(),
    settledAt: new Date().toISOString(),
    ...overrides,
  };
}

export function page(items: Transaction[], nextCursor: string | null = null): TransactionListResponse {
  return { items, nextCursor };
}

/** The query string of a recorded request, as an object (`cursor`, `limit` and the filters). */
export function queryOf(path: string): Record<string, string> {
  return Object.fromEntries(new URL(path, 'http://localhost').searchParams);
}
