import { QUERY_DEFAULTS } from '@ztart/shared/limits';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/query-client';

describe('createQueryClient', () => {
  it('uses the data-query defaults of spec §9', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();

    expect(queries).toEqual({
      retry: 2,
      staleTime: 5 * 60 * 1000,
      gcTime: 10 * 60 * 1000,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
    });
    expect(mutations).toEqual({ retry: 1 });
  });

  it('takes those values from the shared constants', () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(QUERY_DEFAULTS.queries.retry);
    expect(queries?.staleTime).toBe(QUERY_DEFAULTS.queries.staleTimeMs);
    expect(queries?.gcTime).toBe(QUERY_DEFAULTS.queries.gcTimeMs);
  });
});
