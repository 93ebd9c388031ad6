import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateDebtRequest,
  type Debt,
  type DebtDirection,
  type DebtListResponse,
  debtListResponseSchema,
  debtSchema,
  type SettleDebtRequest,
  type UpdateDebtRequest,
} from '@ztart/shared/contracts/debts';
import { IDEMPOTENCY_HEADER } from '@ztart/shared/contracts/wallet';
import { PAGE_SIZE } from '@ztart/shared/limits';
import { useMemo } from 'react';
import type { IdempotentRequest } from '@/components/money-flow/money-movement';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { DEBTS_QUERY_ROOT, invalidateMoneyQueries, refetchIfInvalidated } from '@/lib/live-events';

export const debtKeys = {
  all: DEBTS_QUERY_ROOT,
  list: (direction: DebtDirection, contactId: string | null) =>
    [...DEBTS_QUERY_ROOT, 'list', direction, contactId] as const,
};

/** `GET /api/debts?direction=&contactId=&cursor=`: one page, newest first, with the open totals. */
export async function fetchDebtPage(
  direction: DebtDirection,
  contactId: string | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<DebtListResponse> {
  // The demo's simulated money has no debts; recording one there is refused like every write.
  if (isDemoMode()) return { items: [], nextCursor: null, totals: [] };
  const params = new URLSearchParams({ direction, limit: String(PAGE_SIZE.default) });
  if (contactId) params.set('contactId', contactId);
  if (cursor) params.set('cursor', cursor);
  return debtListResponseSchema.parse(await api.get<unknown>(`/api/debts?${params}`, { signal }));
}

/** Every loaded page as one list; a debt on two pages (a race with a new one) shows once. */
export function flattenDebtPages(data: InfiniteData<DebtListResponse> | undefined): Debt[] {
  const seen = new Set<string>();
  const debts: Debt[] = [];
  for (const page of data?.pages ?? []) {
    for (const debt of page.items) {
      if (seen.has(debt.id)) continue;
      seen.add(debt.id);
      debts.push(debt);
    }
  }
  return debts;
}

/** The debts of one direction (from the person's side), a page at a time, with the open totals. */
export function useDebts(direction: DebtDirection, contactId: string | null) {
  const query = useInfiniteQuery({
    queryKey: debtKeys.list(direction, contactId),
    queryFn: ({ pageParam, signal }) => fetchDebtPage(direction, contactId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    refetchOnMount: refetchIfInvalidated,
  });
  const debts = useMemo(() => flattenDebtPages(query.data), [query.data]);
  const totals = query.data?.pages[0]?.totals ?? [];
  return { ...query, debts, totals };
}

/** `POST /api/debts` → the new debt (with a user of the app, waiting for their confirmation). */
export function useCreateDebt() {
  const queryClient = useQueryClient();
  return useMutation<Debt, unknown, CreateDebtRequest>({
    mutationFn: async (body) => debtSchema.parse(await api.post<unknown>('/api/debts', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEBTS_QUERY_ROOT }),
  });
}

/** `PATCH /api/debts/{id}`: confirm or decline a debt someone recorded with the person. */
export function useUpdateDebt() {
  const queryClient = useQueryClient();
  return useMutation<Debt, unknown, { id: string; changes: UpdateDebtRequest }>({
    mutationFn: async ({ id, changes }) =>
      debtSchema.parse(await api.patch<unknown>(`/api/debts/${encodeURIComponent(id)}`, changes)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEBTS_QUERY_ROOT }),
  });
}

/**
 * `POST /api/debts/{id}/settlements` with the confirmation's Idempotency-Key → the debt as it is
 * after. Every outcome refreshes balances, lists and debts (a transfer may have moved money).
 */
export function useSettleDebt() {
  const queryClient = useQueryClient();
  return useMutation<Debt, unknown, IdempotentRequest<SettleDebtRequest> & { debtId: string }>({
    mutationFn: async ({ debtId, body, idempotencyKey }) =>
      debtSchema.parse(
        await api.post<unknown>(`/api/debts/${encodeURIComponent(debtId)}/settlements`, body, {
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
      ),
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
