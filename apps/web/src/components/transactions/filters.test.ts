import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  exportCsvUrl,
  filtersFromSearchParams,
  filtersToSearchParams,
} from '@/components/transactions/filters';

const CATEGORY = 'a1b2c3d4-0000-4000-8000-00000000f00d';

describe('transaction filters in the URL', () => {
  it('reads every filter the API knows, and writes them back in a stable order', () => {
    const params = new URLSearchParams(
      `q=coffee&to=2026-03-31&from=2026-03-01&currency=EUR&category=${CATEGORY}&status=pending&kind=deposit&type=income`,
    );
    const filters = filtersFromSearchParams(params);
    expect(filters).toEqual({
      type: 'income',
      kind: 'deposit',
      status: 'pending',
      category: CATEGORY,
      currency: 'EUR',
      from: '2026-03-01',
      to: '2026-03-31',
      q: 'coffee',
    });
    expect(filtersToSearchParams(filters).toString()).toBe(
      `type=income&kind=deposit&status=pending&category=${CATEGORY}&currency=EUR&from=2026-03-01&to=2026-03-31&q=coffee`,
    );
  });

  it('drops what the API would refuse (an old or mistyped link) instead of failing the list', () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams(
        'status=lost&currency=GBP&category=food&from=yesterday&q=%20%20&type=expense&page=2',
      ),
    );
    expect(filters).toEqual({ type: 'expense' });
    expect(countActiveFilters(filters)).toBe(1);
  });

  it('the CSV export link carries the same filters, and none when there are none', () => {
    expect(exportCsvUrl({ status: 'completed', currency: 'BRL', q: 'rent & bills' })).toBe(
      '/api/transactions/export.csv?status=completed&currency=BRL&q=rent+%26+bills',
    );
    expect(exportCsvUrl({})).toBe('/api/transactions/export.csv');
  });
});
