import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import {
  type Notification,
  type NotificationListResponse,
  notificationListResponseSchema,
} from '@ztart/shared/contracts/notifications';
import { PAGE_SIZE } from '@ztart/shared/limits';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { refetchIfInvalidated } from '@/lib/live-events';
import { type NotificationFilters, notificationKeys } from '@/lib/notifications/notification-keys';

/** The demo's notifications, filtered as the server would (one page: the demo has few). */
async function demoPage(filters: NotificationFilters): Promise<NotificationListResponse> {
  const { demoNotifications } = await import('@/lib/demo/demo-money');
  const all = demoNotifications();
  const items = all.filter(
    (item) =>
      (filters.type === null || item.type === filters.type) &&
      (filters.unread === null || (item.readAt === null) === filters.unread),
  );
  return { items, nextCursor: null, unreadCount: all.filter((item) => item.readAt === null).length };
}

/** `GET /api/notifications`: one page, newest first, with the person's unread count. */
export async function fetchNotificationPage(
  filters: NotificationFilters,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<NotificationListResponse> {
  if (isDemoMode()) return demoPage(filters);
  const params = new URLSearchParams({ limit: String(limit) });
  if (filters.type) params.set('type', filters.type);
  if (filters.unread !== null) params.set('unread', String(filters.unread));
  if (cursor) params.set('cursor', cursor);
  return notificationListResponseSchema.parse(
    await api.get<unknown>(`/api/notifications?${params}`, { signal }),
  );
}

/** Every loaded page as one list; a notification on two pages (one arrived meanwhile) shows once. */
export function flattenNotificationPages(
  data: InfiniteData<NotificationListResponse> | undefined,
): Notification[] {
  const seen = new Set<string>();
  const items: Notification[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** The notification centre's list, a page at a time ("Load more" calls `fetchNextPage`). */
export function useNotifications(filters: NotificationFilters, limit: number = PAGE_SIZE.default) {
  const query = useInfiniteQuery({
    queryKey: notificationKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchNotificationPage(filters, pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    refetchOnMount: refetchIfInvalidated,
  });
  const notifications = useMemo(() => flattenNotificationPages(query.data), [query.data]);
  return { ...query, notifications };
}
