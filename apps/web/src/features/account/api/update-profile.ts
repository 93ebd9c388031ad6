import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type OwnProfile,
  ownProfileSchema,
  type UpdateProfileRequest,
} from '@ztart/shared/contracts/profiles';
import { api } from '@/lib/api-client';
import { useSetSessionProfile } from '@/lib/auth/auth-actions';
import type { AuthState } from '@/lib/auth/auth-context';
import { SESSION_QUERY_KEY } from '@/lib/auth/session';
import {
  ANALYTICS_QUERY_ROOT,
  BUDGETS_QUERY_ROOT,
  GOALS_QUERY_ROOT,
  WALLET_QUERY_ROOT,
} from '@/lib/live-events';

/**
 * The answers counted in the profile's time zone: budgets' months, the home screen's month and
 * week (under the wallet's root), the analytics' days and the goals' months left. A new zone
 * makes every one of them stale.
 */
export function invalidateZonedQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [BUDGETS_QUERY_ROOT, WALLET_QUERY_ROOT, ANALYTICS_QUERY_ROOT, GOALS_QUERY_ROOT].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}

/**
 * `PATCH /api/profiles/me` (only the fields sent change) → the profile, written into the session;
 * a changed time zone refreshes what was counted in the old one.
 */
export function useUpdateProfile() {
  const setSessionProfile = useSetSessionProfile();
  const queryClient = useQueryClient();
  return useMutation<OwnProfile, unknown, UpdateProfileRequest>({
    mutationFn: async (body) => ownProfileSchema.parse(await api.patch<unknown>('/api/profiles/me', body)),
    onSuccess: (profile) => {
      const previousZone = queryClient.getQueryData<AuthState>(SESSION_QUERY_KEY)?.profile?.timeZone;
      setSessionProfile(profile);
      if (profile.timeZone !== previousZone) void invalidateZonedQueries(queryClient);
    },
  });
}
