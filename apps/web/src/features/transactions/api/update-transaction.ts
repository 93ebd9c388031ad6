import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Transaction,
  type TransactionListResponse,
  transactionSchema,
  type UpdateTransactionRequest,
} from '@ztart/shared/contracts/transactions';
import { transactionKeys } from '@/components/transactions/api/transaction-keys';
import { updateDemoTransaction } from '@/components/transactions/demo';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

export interface UpdateTransactionInput {
  id: string;
  body: UpdateTransactionRequest;
}

/** `PATCH /api/transactions/{id}`: the category and the note are all a person may change. */
export function useUpdateTransaction() {
  const queryClient = useQueryClient();
  return useMutation<Transaction, unknown, UpdateTransactionInput>({
    mutationFn: async ({ id, body }) =>
      isDemoMode()
        ? updateDemoTransaction(id, body)
        : transactionSchema.parse(
            await api.patch<unknown>(`/api/transactions/${encodeURIComponent(id)}`, body),
          ),
    onSuccess: async (transaction) => {
      queryClient.setQueryData(transactionKeys.detail(transaction.id), transaction);
      // Loaded lists show the change at once; then they refresh, since a list filtered by
      // category may no longer hold the row.
      queryClient.setQueriesData<InfiniteData<TransactionListResponse>>(
        { queryKey: transactionKeys.lists() },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((item) => (item.id === transaction.id ? transaction : item)),
            })),
          },
      );
      await queryClient.invalidateQueries({ queryKey: transactionKeys.lists() });
    },
  });
}
