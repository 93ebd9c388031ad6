import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Category, type CategoryRequest, categorySchema } from '@ztart/shared/contracts/transactions';
import { categoryKeys } from '@/components/transactions/api/transaction-keys';
import { createDemoCategory } from '@/components/transactions/demo';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

/** `POST /api/categories` → 201 Category; a name already used → 409 `category_exists`. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation<Category, unknown, CategoryRequest>({
    mutationFn: async (body) =>
      isDemoMode()
        ? createDemoCategory(body)
        : categorySchema.parse(await api.post<unknown>('/api/categories', body)),
    onSuccess: (category) => {
      queryClient.setQueryData<Category[]>(categoryKeys.all, (list) => list && [...list, category]);
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
