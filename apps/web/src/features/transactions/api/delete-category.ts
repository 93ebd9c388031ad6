import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@ztart/shared/contracts/transactions';
import { categoryKeys, transactionKeys } from '@/components/transactions/api/transaction-keys';
import { deleteDemoCategory } from '@/components/transactions/demo';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

/** `DELETE /api/categories/{id}` → 204; its transactions lose the category, so they refresh too. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, string>({
    mutationFn: async (id) => {
      if (isDemoMode()) deleteDemoCategory(id);
      else await api.delete<unknown>(`/api/categories/${encodeURIComponent(id)}`);
    },
    onSuccess: (_, id) => {
      queryClient.setQueryData<Category[]>(categoryKeys.all, (list) =>
        list?.filter((item) => item.id !== id),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]);
    },
  });
}
