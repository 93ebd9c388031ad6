import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import {
  type Transaction,
  type TransactionListResponse,
  transactionListResponseSchema,
} from '@ztart/shared/contracts/transactions';
import { PAGE_SIZE } from '@ztart/shared/limits';
import { useMemo } from 'react';
import { refetchOnMountIfInvalidated, transactionKeys } from '@/components/transactions/api/transaction-keys';
import { filtersToSearchParams, type TransactionFilters } from '@/components/transactions/filters';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

/** `GET /api/transactions`: one page of the person's transactions, newest first. */
export async function fetchTransactionPage(
  filters: TransactionFilters,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<TransactionListResponse> {
  // The demo has no server: its simulated history is filtered and paged here, by code that loads
  // only in the demo.
  if (isDemoMode())
    return (await import('@/components/transactions/demo')).demoTransactionPage(filters, cursor, limit);
  const params = filtersToSearchParams(filters);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return transactionListResponseSchema.parse(
    await api.get<unknown>(`/api/transactions?${params.toString()}`, { signal }),
  );
}

/** Every loaded page as one list; a row that shows up on two pages (a race with a new payment) shows once. */
export function flattenPages(data: InfiniteData<TransactionListResponse> | undefined): Transaction[] {
  const seen = new Set<string>();
  const rows: Transaction[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      rows.push(item);
    }
  }
  return rows;
}

export interface UseTransactionsOptions {
  /** Rows per page (the API allows up to PAGE_SIZE.max). */
  limit?: number;
  enabled?: boolean;
}

/** The transactions matching `filters`, a page at a time ("Load more" calls `fetchNextPage`). */
export function useTransactions(filters: TransactionFilters, options: UseTransactionsOptions = {}) {
  const limit = Math.min(Math.max(1, options.limit ?? PAGE_SIZE.default), PAGE_SIZE.max);
  const query = useInfiniteQuery({
    queryKey: transactionKeys.list(filters, limit),
    queryFn: ({ pageParam, signal }) => fetchTransactionPage(filters, pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled: options.enabled ?? true,
    refetchOnMount: refetchOnMountIfInvalidated,
  });
  const transactions = useMemo(() => flattenPages(query.data), [query.data]);
  return { ...query, transactions };
}
