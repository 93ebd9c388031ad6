import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { notificationKeys } from '@/lib/notifications/notification-keys';

/**
 * `GET /api/notifications/unread-count`; in demo mode, the demo's own notifications. The bell is
 * on every screen, so this stays out of the layout's weight: no schema library, and the demo's
 * data loads only in the demo. An answer without a count reads as an error.
 */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  if (isDemoMode()) {
    const { demoNotifications } = await import('@/lib/demo/demo-money');
    return demoNotifications().filter((notification) => notification.readAt === null).length;
  }
  const answer = await api.get<{ unreadCount?: unknown }>('/api/notifications/unread-count', { signal });
  const count = answer?.unreadCount;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    throw new Error('the unread count answer has no count');
  }
  return count;
}

/**
 * The bell's count while someone is signed in. Live events keep it current (a new notification
 * adds one, reading elsewhere sets it), so it is never refetched on a timer.
 */
export function useUnreadCount() {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled: userId !== null,
  });
}
