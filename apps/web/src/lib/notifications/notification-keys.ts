import type { NotificationType } from '@ztart/shared/contracts/notifications';
import { NOTIFICATIONS_QUERY_ROOT, UNREAD_COUNT_QUERY_KEY } from '@/lib/live-events';

/** What the notification centre is filtered by. */
export interface NotificationFilters {
  type: NotificationType | null;
  /** true: unread only; false: read only; null: both. */
  unread: boolean | null;
}

/**
 * Query keys of notifications, all under the root that a live notification invalidates: the
 * bell's count, the centre's pages, and the preferences.
 */
export const notificationKeys = {
  all: NOTIFICATIONS_QUERY_ROOT,
  unreadCount: () => UNREAD_COUNT_QUERY_KEY,
  list: (filters: NotificationFilters) => [...NOTIFICATIONS_QUERY_ROOT, 'list', filters] as const,
  preferences: () => [...NOTIFICATIONS_QUERY_ROOT, 'preferences'] as const,
};
