import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Budget,
  type BudgetListResponse,
  budgetListResponseSchema,
  budgetSchema,
  type CopyBudgetsResponse,
  type CreateBudgetRequest,
  copyBudgetsResponseSchema,
  monthIn,
} from '@ztart/shared/contracts/budgets';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { BUDGETS_QUERY_ROOT, refetchIfInvalidated } from '@/lib/live-events';
import { deviceTimeZone } from '@/lib/time-zone';

export const budgetKeys = {
  all: BUDGETS_QUERY_ROOT,
  /** `null`: the person's current month, whichever it is. */
  month: (month: string | null) => [...BUDGETS_QUERY_ROOT, 'month', month] as const,
};

/** `GET /api/budgets?month=`: the month's budgets with what was spent (this month without one). */
export async function fetchBudgets(month: string | null, signal?: AbortSignal): Promise<BudgetListResponse> {
  // The demo's simulated money has no budgets; setting one there is refused like every write.
  if (isDemoMode()) {
    const timeZone = deviceTimeZone() ?? 'UTC';
    const currentMonth = monthIn(new Date(), timeZone);
    return { month: month ?? currentMonth, currentMonth, timeZone, items: [], totals: [] };
  }
  const query = month ? `?month=${encodeURIComponent(month)}` : '';
  return budgetListResponseSchema.parse(await api.get<unknown>(`/api/budgets${query}`, { signal }));
}

export function useBudgets(month: string | null) {
  return useQuery({
    queryKey: budgetKeys.month(month),
    queryFn: ({ signal }) => fetchBudgets(month, signal),
    refetchOnMount: refetchIfInvalidated,
  });
}

/** `POST /api/budgets` → the new budget, with what the month already spent. */
export function useCreateBudget() {
  const queryClient = useQueryClient();
  return useMutation<Budget, unknown, CreateBudgetRequest>({
    mutationFn: async (body) => budgetSchema.parse(await api.post<unknown>('/api/budgets', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUDGETS_QUERY_ROOT }),
  });
}

/** `PATCH /api/budgets/{id}`: a new limit. */
export function useUpdateBudget() {
  const queryClient = useQueryClient();
  return useMutation<Budget, unknown, { id: string; amountMinor: number }>({
    mutationFn: async ({ id, amountMinor }) =>
      budgetSchema.parse(await api.patch<unknown>(`/api/budgets/${encodeURIComponent(id)}`, { amountMinor })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUDGETS_QUERY_ROOT }),
  });
}

/** `DELETE /api/budgets/{id}`. */
export function useDeleteBudget() {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, string>({
    mutationFn: async (id) => {
      await api.delete<unknown>(`/api/budgets/${encodeURIComponent(id)}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUDGETS_QUERY_ROOT }),
  });
}

/** `POST /api/budgets/copy`: the limits of one month into another (its own budgets stay). */
export function useCopyBudgets() {
  const queryClient = useQueryClient();
  return useMutation<CopyBudgetsResponse, unknown, { fromMonth: string; toMonth: string }>({
    mutationFn: async (body) =>
      copyBudgetsResponseSchema.parse(await api.post<unknown>('/api/budgets/copy', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUDGETS_QUERY_ROOT }),
  });
}
