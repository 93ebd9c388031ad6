import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { type Tip, type TipListResponse, tipListResponseSchema } from '@ztart/shared/contracts/qr-codes';
import { PAGE_SIZE } from '@ztart/shared/limits';
import { useMemo } from 'react';
import { type TipDirection, tipKeys } from '@/features/tips/api/tip-keys';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { refetchIfInvalidated } from '@/lib/live-events';

/** The demo's tips: none (its simulated money has transfers and deposits, no tips). */
const DEMO_PAGE: TipListResponse = { items: [], nextCursor: null, totals: [] };

/** `GET /api/tips/received` or `/api/tips/sent`: one page, newest first, with the totals. */
export async function fetchTipPage(
  direction: TipDirection,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<TipListResponse> {
  if (isDemoMode()) return DEMO_PAGE;
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return tipListResponseSchema.parse(await api.get<unknown>(`/api/tips/${direction}?${params}`, { signal }));
}

/** Every loaded page as one list; a tip on two pages (a race with a new one) shows once. */
export function flattenTipPages(data: InfiniteData<TipListResponse> | undefined): Tip[] {
  const seen = new Set<string>();
  const tips: Tip[] = [];
  for (const page of data?.pages ?? []) {
    for (const tip of page.items) {
      if (seen.has(tip.id)) continue;
      seen.add(tip.id);
      tips.push(tip);
    }
  }
  return tips;
}

/** The tips of one direction, a page at a time ("Load more" calls `fetchNextPage`), and their totals. */
export function useTips(direction: TipDirection, limit: number = PAGE_SIZE.default) {
  const query = useInfiniteQuery({
    queryKey: tipKeys.list(direction, limit),
    queryFn: ({ pageParam, signal }) => fetchTipPage(direction, pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    refetchOnMount: refetchIfInvalidated,
  });
  const tips = useMemo(() => flattenTipPages(query.data), [query.data]);
  // Every page carries the same totals (they do not depend on the page).
  const totals = query.data?.pages[0]?.totals ?? [];
  return { ...query, tips, totals };
}
