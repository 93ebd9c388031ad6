import { canEnter } from '@ztart/shared/roles';
import { useMemo } from 'react';
import { NAV_GROUPS, type NavGroup, type NavItem } from '@/app/layout/navigation';
import { SIGNED_IN_QUICK_TIP_PATH } from '@/features/tips/quick-tip-link';
import { type AuthState, useAuth } from '@/lib/auth/auth-context';

function mayShow(guardedBy: NavGroup['items'][number]['guard'], auth: AuthState): boolean {
  if (!guardedBy) return true;
  if (auth.status !== 'signedIn') return false;
  return canEnter(guardedBy, { roles: auth.roles, userLevel: auth.profile?.userLevel ?? null });
}

/**
 * Where an item leads for this person: signed in (not in the demo, which has no real balance),
 * "Quick tip" opens inside the app, with a recipient picker, instead of the light page.
 */
export function navItemFor(item: NavItem, auth: AuthState): NavItem {
  if (item.key !== 'quickTip' || auth.status !== 'signedIn' || auth.demo) return item;
  return { ...item, path: SIGNED_IN_QUICK_TIP_PATH, reloadDocument: false };
}

/** The navigation groups with the guarded items the current user may not enter left out. */
export function useNavGroups(): readonly NavGroup[] {
  const auth = useAuth();
  return useMemo(
    () =>
      NAV_GROUPS.map((group) => ({
        ...group,
        items: group.items.filter((item) => mayShow(item.guard, auth)).map((item) => navItemFor(item, auth)),
      })).filter((group) => group.items.length > 0),
    [auth],
  );
}
