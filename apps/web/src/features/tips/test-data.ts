import type { Tip, TipListResponse, TipTotal } from '@ztart/shared/contracts/qr-codes';

let nextId = 0;

/** A tip as `GET /api/tips/received` lists it, for tests. */
export function tip(overrides: Partial<Tip> = {}): Tip {
  nextId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    status: 'completed',
    source: 'card',
    amountMinor: 500,
    currency: 'USD',
    message: null,
    receiver: { ztartag: 'ana', displayName: 'Ana Lima' },
    sender: null,
    card: { brand: 'visa', last4: '4242' },
    failureCode: null,
    createdAt: '2026-06-15T12:00:00.000Z',
    settledAt: '2026-06-15T12:00:05.000Z',
    ...overrides,
  };
}

export function total(overrides: Partial<TipTotal> = {}): TipTotal {
  return { currency: 'USD', period: 'last30d', completedMinor: 0, pendingMinor: 0, count: 0, ...overrides };
}

export function tipPage(
  items: Tip[],
  nextCursor: string | null = null,
  totals: TipTotal[] = [],
): TipListResponse {
  return { items, nextCursor, totals };
}
