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
 * `PUT /api/notification-preferences` with one type. `change` moves the switch at once (the
 * cached answer changes before the request leaves), and moves it back if the server refuses.
 */
export function useUpdateNotificationPreference() {
  const queryClient = useQueryClient();
  const key = notificationKeys.preferences();
  const mutation = useMutation({
    mutationFn: async ({
      preference,
    }: {
      preference: NotificationPreference;
      before?: NotificationPreferences;
    }) =>
      notificationPreferencesSchema.parse(
        await api.put<unknown>('/api/notification-preferences', { items: [preference] }),
      ),
    onError: (_error, { before }) => {
      if (before) queryClient.setQueryData(key, before);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const change = (preference: NotificationPreference) => {
    const before = queryClient.getQueryData<NotificationPreferences>(key);
    void queryClient.cancelQueries({ queryKey: key });
    if (before) {
      queryClient.setQueryData<NotificationPreferences>(key, {
        items: before.items.map((item) => (item.type === preference.type ? preference : item)),
      });
    }
    mutation.mutate({ preference, before });
  };
  return { ...mutation, change };
}
