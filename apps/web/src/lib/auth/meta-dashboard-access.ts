import { useQuery } from '@tanstack/react-query';
import type { MetaDashboardAccessResponse } from '@ztart/shared/contracts/profiles';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { isDemoMode } from '@/lib/demo/demo-mode';

export const CAN_ACCESS_META_DASHBOARD_PATH = '/api/rpc/can_access_meta_dashboard';

export const metaDashboardAccessKey = (userId: string | null) =>
  ['meta-dashboard', 'access', userId] as const;

const NO_ACCESS: MetaDashboardAccessResponse = { has_access: false, access_level: null, permissions: [] };

/**
 * Spec §7: the meta dashboard's guard asks the server (`can_access_meta_dashboard` with the
 * person's id) whether they may enter and at which level. The demo user has no account: no access.
 * Asked again whenever the screen opens, so a role changed meanwhile counts at once.
 */
export function useMetaDashboardAccess() {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  return useQuery({
    queryKey: metaDashboardAccessKey(userId),
    enabled: userId !== null,
    staleTime: 0,
    refetchOnMount: 'always',
    queryFn: async ({ signal }) => {
      if (isDemoMode() || userId === null) return NO_ACCESS;
      // The guard sits in every screen's code: its contract (and zod) load only when it asks.
      const [{ metaDashboardAccessResponseSchema }, answer] = await Promise.all([
        import('@ztart/shared/contracts/profiles'),
        api.post<unknown>(CAN_ACCESS_META_DASHBOARD_PATH, { p_user_id: userId }, { signal }),
      ]);
      return metaDashboardAccessResponseSchema.parse(answer);
    },
  });
}
