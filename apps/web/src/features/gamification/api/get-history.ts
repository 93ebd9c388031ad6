import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import {
  type GamificationHistoryResponse,
  gamificationHistoryResponseSchema,
  type XpEvent,
} from '@ztart/shared/contracts/gamification';
import { PAGE_SIZE } from '@ztart/shared/limits';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { gamificationKeys } from '@/lib/gamification/gamification-query';
import { refetchIfInvalidated } from '@/lib/live-events';

/** The demo earns no XP: its history is empty. */
const DEMO_HISTORY: GamificationHistoryResponse = { items: [], nextCursor: null };

/** `GET /api/gamification/history?cursor=&limit=`: one page of recorded actions, newest first. */
export async function fetchHistoryPage(
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<GamificationHistoryResponse> {
  if (isDemoMode()) return DEMO_HISTORY;
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return gamificationHistoryResponseSchema.parse(
    await api.get<unknown>(`/api/gamification/history?${params}`, { signal }),
  );
}

/** Every loaded page as one list; an action on two pages (recorded meanwhile) shows once. */
export function flattenHistory(data: InfiniteData<GamificationHistoryResponse> | undefined): XpEvent[] {
  const seen = new Set<string>();
  const items: XpEvent[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** The XP history, a page at a time ("Load more" calls `fetchNextPage`). */
export function useGamificationHistory(limit: number = PAGE_SIZE.default) {
  const query = useInfiniteQuery({
    queryKey: gamificationKeys.history(),
    queryFn: ({ pageParam, signal }) => fetchHistoryPage(pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    refetchOnMount: refetchIfInvalidated,
  });
  const events = useMemo(() => flattenHistory(query.data), [query.data]);
  return { ...query, events };
}
