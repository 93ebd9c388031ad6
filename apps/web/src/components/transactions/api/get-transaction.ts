import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Transaction,
  type TransactionListResponse,
  transactionParamsSchema,
  transactionSchema,
} from '@ztart/shared/contracts/transactions';
import { refetchOnMountIfInvalidated, transactionKeys } from '@/components/transactions/api/transaction-keys';
import { ApiError, api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

/** `GET /api/transactions/{id}`. */
export async function fetchTransaction(id: string, signal?: AbortSignal): Promise<Transaction> {
  if (isDemoMode()) return (await import('@/components/transactions/demo')).demoTransaction(id);
  return transactionSchema.parse(
    await api.get<unknown>(`/api/transactions/${encodeURIComponent(id)}`, { signal }),
  );
}

/** The row as a loaded list already holds it, so a detail opened from the list shows at once. */
function fromLists(
  queryClient: QueryClient,
  id: string,
): { transaction: Transaction; updatedAt: number } | null {
  const lists = queryClient.getQueriesData<InfiniteData<TransactionListResponse>>({
    queryKey: transactionKeys.lists(),
  });
  for (const [queryKey, data] of lists) {
    const transaction = data?.pages.flatMap((page) => page.items).find((item) => item.id === id);
    if (transaction) {
      return { transaction, updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0 };
    }
  }
  return null;
}

/** A failure that asking again cannot mend: no such transaction (or not the person's), or a malformed id. */
export function isMissingTransaction(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function isTransactionId(id: string): boolean {
  return transactionParamsSchema.safeParse({ id }).success;
}

export function useTransaction(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: transactionKeys.detail(id),
    queryFn: ({ signal }) => fetchTransaction(id, signal),
    // A malformed id cannot name a transaction: no request, the screen says it was not found.
    enabled: isTransactionId(id),
    initialData: () => fromLists(queryClient, id)?.transaction,
    initialDataUpdatedAt: () => fromLists(queryClient, id)?.updatedAt,
    refetchOnMount: refetchOnMountIfInvalidated,
  });
}
