import { analyticsSchema, presetPeriod } from '@ztart/shared/contracts/analytics';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import { describe, expect, it } from 'vitest';
import { analyticsFromTransactions, stepStartOf, stepsOf } from '@/features/analytics/figures';
import { selectionFromSearchParams, selectionToSearchParams } from '@/features/analytics/period';
import { demoCategories, demoTransactionsSeed } from '@/lib/demo/demo-money';

function transaction(overrides: Partial<Transaction>): Transaction {
  return {
    id: crypto.randomUUID(),
    type: 'income',
    kind: 'deposit',
    status: 'completed',
    amountMinor: 1_000,
    currency: 'USD',
    categoryId: null,
    description: 'Test',
    note: null,
    counterparty: null,
    paymentMethod: null,
    failureCode: null,
    createdAt: '2026-05-10T12:00:00.000Z',
    settledAt: null,
    ...overrides,
  };
}

describe('analytics periods and steps', () => {
  it('names the presets from the person’s today', () => {
    expect(presetPeriod('thisMonth', '2026-03-15')).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(presetPeriod('lastMonth', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('lastMonth', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('last3Months', '2026-02-10')).toEqual({ from: '2025-12-01', to: '2026-02-10' });
    expect(presetPeriod('thisYear', '2026-07-04')).toEqual({ from: '2026-01-01', to: '2026-07-04' });
  });

  it('cuts weeks (Monday first) and months at the edges of the period', () => {
    expect(stepStartOf('2026-03-08', 'week')).toBe('2026-03-02');
    expect(stepStartOf('2026-03-09', 'week')).toBe('2026-03-09');
    expect(stepsOf('2026-03-04', '2026-03-20', 'week')).toEqual([
      { start: '2026-03-04', end: '2026-03-08' },
      { start: '2026-03-09', end: '2026-03-15' },
      { start: '2026-03-16', end: '2026-03-20' },
    ]);
    expect(stepsOf('2026-01-31', '2026-03-02', 'month')).toEqual([
      { start: '2026-01-31', end: '2026-01-31' },
      { start: '2026-02-01', end: '2026-02-28' },
      { start: '2026-03-01', end: '2026-03-02' },
    ]);
  });

  it('keeps the period in the address and falls back to this month on anything it cannot read', () => {
    const today = '2026-05-20';
    const custom = selectionFromSearchParams(
      new URLSearchParams('period=custom&from=2026-04-02&to=2026-04-09&currency=EUR'),
      today,
    );
    expect(custom).toEqual({ preset: 'custom', from: '2026-04-02', to: '2026-04-09', currency: 'EUR' });
    expect(selectionToSearchParams(custom).toString()).toBe(
      'period=custom&from=2026-04-02&to=2026-04-09&currency=EUR',
    );
    for (const odd of ['period=custom&from=2026-04-09&to=2026-04-02', 'period=soon', 'currency=XYZ', '']) {
      expect(selectionFromSearchParams(new URLSearchParams(odd), today), odd).toEqual({
        preset: 'thisMonth',
        from: '2026-05-01',
        to: '2026-05-20',
        currency: null,
      });
    }
    expect(
      selectionToSearchParams({
        preset: 'thisMonth',
        from: '2026-05-01',
        to: '2026-05-20',
        currency: null,
      }).toString(),
    ).toBe('');
  });
});

describe('the demo’s figures, added up in the browser', () => {
  it('counts completed money on the day it completed in the person’s zone, in one currency', () => {
    const figures = analyticsFromTransactions(
      [
        // 23:30 on 30 April in São Paulo.
        transaction({ amountMinor: 100, createdAt: '2026-05-01T02:30:00.000Z' }),
        transaction({ amountMinor: 200, createdAt: '2026-05-01T03:30:00.000Z' }),
        transaction({ amountMinor: 400, status: 'pending', createdAt: '2026-05-02T12:00:00.000Z' }),
        transaction({ amountMinor: 800, currency: 'EUR' }),
        transaction({
          type: 'expense',
          kind: 'transfer_out',
          amountMinor: 50,
          counterparty: { ztartag: 'leo_guitar', displayName: 'Leo' },
        }),
        transaction({
          kind: 'tip_in',
          amountMinor: 25,
          counterparty: { ztartag: 'leo_guitar', displayName: 'Leo' },
        }),
      ],
      [],
      { from: '2026-05-01', to: '2026-05-31', timeZone: 'America/Sao_Paulo', currency: 'USD' },
    );
    expect(figures.totals).toEqual({
      incomeMinor: 225,
      expenseMinor: 50,
      netMinor: 175,
      tipsMinor: 25,
      tipsCount: 1,
    });
    expect(figures.series[0]).toEqual({
      start: '2026-05-01',
      end: '2026-05-01',
      incomeMinor: 200,
      expenseMinor: 0,
    });
    expect(figures.currencies).toEqual(['USD', 'EUR']);
    expect(figures.byCategory).toEqual([
      { categoryId: null, key: null, name: null, color: null, amountMinor: 50, count: 1 },
    ]);
    expect(figures.topCounterparties).toEqual([
      { ztartag: 'leo_guitar', displayName: 'Leo', incomeMinor: 25, expenseMinor: 50, count: 2 },
    ]);
  });

  it('answers the demo’s seeded history in the API’s own shape', () => {
    const now = Date.parse('2026-05-20T12:00:00.000Z');
    const figures = analyticsFromTransactions(demoTransactionsSeed(now), demoCategories(), {
      from: '2026-04-21',
      to: '2026-05-20',
      timeZone: 'UTC',
      currency: null,
    });
    expect(analyticsSchema.parse(figures)).toEqual(figures);
    expect(figures.totals.incomeMinor).toBeGreaterThan(0);
    expect(figures.series).toHaveLength(30);
  });
});
