import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '@ztart/shared/limits';

/** The app's query client with the data-query defaults of spec §9. */
export function createQueryClient(): QueryClient {
  const { queries, mutations } = QUERY_DEFAULTS;
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: queries.retry,
        staleTime: queries.staleTimeMs,
        gcTime: queries.gcTimeMs,
        refetchOnWindowFocus: queries.refetchOnWindowFocus,
        refetchOnMount: queries.refetchOnMount,
      },
      mutations: { retry: mutations.retry },
    },
  });
}
