import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '@ztart/shared/limits';
import { isTransientFailure } from '@/lib/api-client';

/**
 * Retries up to `limit` times (spec §9), but only failures that a retry could mend: a wrong
 * password or PIN asked twice would cost the person an attempt and prove nothing.
 */
export function retryTransient(limit: number) {
  return (failureCount: number, error: unknown): boolean => failureCount < limit && isTransientFailure(error);
}

/** The app's query client with the data-query defaults of spec §9. */
export function createQueryClient(): QueryClient {
  const { queries, mutations } = QUERY_DEFAULTS;
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryTransient(queries.retry),
        staleTime: queries.staleTimeMs,
        gcTime: queries.gcTimeMs,
        refetchOnWindowFocus: queries.refetchOnWindowFocus,
        refetchOnMount: queries.refetchOnMount,
      },
      mutations: { retry: retryTransient(mutations.retry) },
    },
  });
}
