import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Notification, notificationSchema } from '@ztart/shared/contracts/notifications';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { notificationKeys } from '@/lib/notifications/notification-keys';

/** `POST /api/notifications/{id}/read`, or with no id `POST /api/notifications/read-all`. */
async function markRead(id: string | null): Promise<void> {
  if (isDemoMode()) {
    const { readDemoNotifications } = await import('@/lib/demo/demo-money');
    readDemoNotifications(id ?? undefined);
    return;
  }
  if (id === null) await api.post<unknown>('/api/notifications/read-all');
  else notificationSchema.parse(await api.post<unknown>(`/api/notifications/${id}/read`));
}

/**
 * Marks one notification read (an id) or all of them (null). The bell falls at once; the lists
 * and the count are fetched again once the server has answered (its live event says so too).
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: Pick<Notification, 'id' | 'readAt'> | null) => markRead(target?.id ?? null),
    onMutate: (target) => {
      if (target?.readAt) return;
      queryClient.setQueryData<number>(notificationKeys.unreadCount(), (count) =>
        count === undefined ? count : target === null ? 0 : Math.max(0, count - 1),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
