import { QUERY_DEFAULTS } from '@ztart/shared/limits';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { ApiError } from '@/lib/api-client';

type Retry = (failureCount: number, error: unknown) => boolean;

/** How many times a failure is retried under a retry function. */
function retriesOf(retry: unknown, error: unknown): number {
  let count = 0;
  while ((retry as Retry)(count, error) && count < 10) count += 1;
  return count;
}

const serverFault = new ApiError({ code: 'internal_error', status: 500 });
const lostConnection = new ApiError({ code: 'network_error', status: 0 });

describe('createQueryClient', () => {
  it('uses the data-query defaults of spec §9', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();

    expect(queries).toMatchObject({
      staleTime: 5 * 60 * 1000,
      gcTime: 10 * 60 * 1000,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
    });
    expect(retriesOf(queries?.retry, serverFault)).toBe(2);
    expect(retriesOf(queries?.retry, lostConnection)).toBe(2);
    expect(retriesOf(mutations?.retry, serverFault)).toBe(1);
  });

  it('takes those values from the shared constants', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(retriesOf(queries?.retry, serverFault)).toBe(QUERY_DEFAULTS.queries.retry);
    expect(retriesOf(mutations?.retry, serverFault)).toBe(QUERY_DEFAULTS.mutations.retry);
    expect(queries?.staleTime).toBe(QUERY_DEFAULTS.queries.staleTimeMs);
    expect(queries?.gcTime).toBe(QUERY_DEFAULTS.queries.gcTimeMs);
  });

  it('never repeats a request the server refused on its merits (a wrong password, a wrong PIN, demo mode)', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    for (const error of [
      new ApiError({ code: 'login_failed', status: 401 }),
      new ApiError({ code: 'pin_invalid', status: 403, details: { attemptsLeft: 3 } }),
      new ApiError({ code: 'demo_mode', status: 0 }),
      new ApiError({ code: 'validation_failed', status: 400 }),
    ]) {
      expect(retriesOf(mutations?.retry, error), error.code).toBe(0);
      expect(retriesOf(queries?.retry, error), error.code).toBe(0);
    }
  });
});
