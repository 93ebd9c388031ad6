import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Category, type CategoryRequest, categorySchema } from '@ztart/shared/contracts/transactions';
import { categoryKeys } from '@/components/transactions/api/transaction-keys';
import { updateDemoCategory } from '@/components/transactions/demo';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

export interface UpdateCategoryInput {
  id: string;
  body: CategoryRequest;
}

/** `PATCH /api/categories/{id}` → Category (renaming a default one keeps its key and sets its name). */
export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation<Category, unknown, UpdateCategoryInput>({
    mutationFn: async ({ id, body }) =>
      isDemoMode()
        ? updateDemoCategory(id, body)
        : categorySchema.parse(await api.patch<unknown>(`/api/categories/${encodeURIComponent(id)}`, body)),
    onSuccess: (category) => {
      queryClient.setQueryData<Category[]>(categoryKeys.all, (list) =>
        list?.map((item) => (item.id === category.id ? category : item)),
      );
      return queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
