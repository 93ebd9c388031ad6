import { useInfiniteQuery } from '@tanstack/react-query';
import {
  type ActivityItem,
  type ActivityListResponse,
  type ActivityType,
  activityListResponseSchema,
} from '@ztart/shared/contracts/activity';
import { PAGE_SIZE } from '@ztart/shared/limits';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { refetchIfInvalidated, TRANSACTIONS_QUERY_ROOT } from '@/lib/live-events';

/**
 * Under the transactions root: money moving (here or live) refreshes the feed's money entries.
 * The demo keeps no record of sign-ins or security changes: its feed is its simulated money.
 */
export const activityKeys = {
  list: (type: ActivityType | null) => [...TRANSACTIONS_QUERY_ROOT, 'activity', { type }] as const,
};

async function demoPage(type: ActivityType | null): Promise<ActivityListResponse> {
  if (type !== null && type !== 'money') return { items: [], nextCursor: null };
  const { demoTransactions } = await import('@/lib/demo/demo-money');
  return {
    items: demoTransactions().map((transaction) => ({
      id: transaction.id,
      type: 'money',
      action: null,
      userAgent: null,
      ztartag: null,
      transaction,
      createdAt: transaction.createdAt,
    })),
    nextCursor: null,
  };
}

/** `GET /api/activity`: one page of the person's own activity, newest first. */
export async function fetchActivityPage(
  type: ActivityType | null,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<ActivityListResponse> {
  if (isDemoMode()) return demoPage(type);
  const params = new URLSearchParams({ limit: String(limit) });
  if (type) params.set('type', type);
  if (cursor) params.set('cursor', cursor);
  return activityListResponseSchema.parse(await api.get<unknown>(`/api/activity?${params}`, { signal }));
}

export function useActivity(type: ActivityType | null, limit: number = PAGE_SIZE.default) {
  const query = useInfiniteQuery({
    queryKey: activityKeys.list(type),
    queryFn: ({ pageParam, signal }) => fetchActivityPage(type, pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    refetchOnMount: refetchIfInvalidated,
  });
  const items = useMemo(() => {
    const seen = new Set<string>();
    const all: ActivityItem[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const item of page.items) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        all.push(item);
      }
    }
    return all;
  }, [query.data]);
  return { ...query, items };
}
