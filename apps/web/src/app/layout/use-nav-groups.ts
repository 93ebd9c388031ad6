import { canEnter } from '@ztart/shared/roles';
import { useMemo } from 'react';
import { NAV_GROUPS, type NavGroup } from '@/app/layout/navigation';
import { type AuthState, useAuth } from '@/lib/auth/auth-context';

function mayShow(guardedBy: NavGroup['items'][number]['guard'], auth: AuthState): boolean {
  if (!guardedBy) return true;
  if (auth.status !== 'signedIn') return false;
  return canEnter(guardedBy, { roles: auth.roles, userLevel: auth.profile?.userLevel ?? null });
}

/** The navigation groups with the guarded items the current user may not enter left out. */
export function useNavGroups(): readonly NavGroup[] {
  const auth = useAuth();
  return useMemo(
    () =>
      NAV_GROUPS.map((group) => ({
        ...group,
        items: group.items.filter((item) => mayShow(item.guard, auth)),
      })).filter((group) => group.items.length > 0),
    [auth],
  );
}
