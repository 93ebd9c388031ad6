import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_TYPES,
  type NotificationPreference,
  type NotificationPreferences,
  notificationPreferencesSchema,
} from '@ztart/shared/contracts/notifications';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { notificationKeys } from '@/lib/notifications/notification-keys';

/** The demo changes nothing on a server: every type stays on. */
const DEMO_PREFERENCES: NotificationPreferences = {
  items: NOTIFICATION_TYPES.map((type) => ({ type, inApp: true })),
};

/** `GET /api/notification-preferences`: every type, on unless the person turned it off. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: async ({ signal }) =>
      isDemoMode()
        ? DEMO_PREFERENCES
        : notificationPreferencesSchema.parse(
            await api.get<unknown>('/api/notification-preferences', { signal }),
          ),
  });
}

/**
 * `PUT /api/notification-preferences` with one type: the switch moves at once, and moves back if
 * the server refuses.
 */
export function useUpdateNotificationPreference() {
  const queryClient = useQueryClient();
  const key = notificationKeys.preferences();
  return useMutation({
    mutationFn: async (preference: NotificationPreference) =>
      notificationPreferencesSchema.parse(
        await api.put<unknown>('/api/notification-preferences', { items: [preference] }),
      ),
    onMutate: async (preference) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationPreferences>(key);
      if (before) {
        queryClient.setQueryData<NotificationPreferences>(key, {
          items: before.items.map((item) => (item.type === preference.type ? preference : item)),
        });
      }
      return { before };
    },
    onError: (_error, _preference, saved) => {
      if (saved?.before) queryClient.setQueryData(key, saved.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
