import { cleanFilters, type TransactionFilters } from '@/components/transactions/filters';

/**
 * Query keys of the transactions feature. Every list and detail sits under `['transactions']`:
 * a screen that moves money invalidates that root and every list refreshes.
 */
export const transactionKeys = {
  all: ['transactions'] as const,
  lists: () => [...transactionKeys.all, 'list'] as const,
  list: (filters: TransactionFilters, limit: number) =>
    [...transactionKeys.lists(), { ...cleanFilters(filters), limit }] as const,
  details: () => [...transactionKeys.all, 'detail'] as const,
  detail: (id: string) => [...transactionKeys.details(), id] as const,
};

/** The person's categories: their own root, as they change far less often than transactions. */
export const categoryKeys = {
  all: ['categories'] as const,
};

/**
 * Our queries keep the app's default of no refetch on mount, except after an invalidation: a
 * list cached before a payment must not be shown again as if nothing had happened.
 */
export function refetchOnMountIfInvalidated(query: { state: { isInvalidated: boolean } }): boolean {
  return query.state.isInvalidated;
}
