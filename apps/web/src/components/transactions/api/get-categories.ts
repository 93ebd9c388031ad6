import { useQuery } from '@tanstack/react-query';
import { type Category, categoryListResponseSchema } from '@ztart/shared/contracts/transactions';
import { categoryKeys, refetchOnMountIfInvalidated } from '@/components/transactions/api/transaction-keys';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';

/** `GET /api/categories` → the person's categories (the server creates the defaults on first use). */
export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  if (isDemoMode()) return (await import('@/components/transactions/demo')).listDemoCategories();
  return categoryListResponseSchema.parse(await api.get<unknown>('/api/categories', { signal })).items;
}

export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: ({ signal }) => fetchCategories(signal),
    refetchOnMount: refetchOnMountIfInvalidated,
  });
}
