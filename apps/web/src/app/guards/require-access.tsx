import { canEnter, type Guard } from '@ztart/shared/roles';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AccessDenied } from '@/app/guards/access-denied';
import { GuardFailed } from '@/app/guards/guard-failed';
import { GuardLoading } from '@/app/guards/guard-loading';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useMetaDashboardAccess } from '@/lib/auth/meta-dashboard-access';

/**
 * Screens that need someone signed in (a demo user counts): the spinner while authentication
 * loads, /auth when signed out (remembering the page, to come back to it after signing in).
 */
export function RequireSignIn({ children }: { children?: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <GuardLoading />;
  if (auth.status === 'signedOut') return <Navigate to="/auth" replace state={{ from: location }} />;
  return children ?? <Outlet />;
}

/**
 * Spec §2, guarded routes: a spinner while authentication loads, /auth when signed out (with
 * the page to come back to), the access-denied card without the permission, else the content.
 * Convenience only: the server enforces every permission on its own.
 */
export function RequireAccess({ guard, children }: { guard: Guard; children?: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <GuardLoading />;
  if (auth.status === 'signedOut') return <Navigate to="/auth" replace state={{ from: location }} />;
  if (guard === 'metaDashboard') return <MetaDashboardGuard>{children}</MetaDashboardGuard>;
  const allowed = canEnter(guard, { roles: auth.roles, userLevel: auth.profile?.userLevel ?? null });
  if (!allowed) return <AccessDenied guard={guard} />;
  return children ?? <Outlet />;
}

/**
 * Spec §7: the meta dashboard's door is the server's `can_access_meta_dashboard`, not a rule in
 * the browser. A refusal (no access, or 403) shows the access-denied card; a failed check says
 * so with a retry, rather than guessing either way.
 */
function MetaDashboardGuard({ children }: { children?: ReactNode }) {
  const access = useMetaDashboardAccess();
  if (access.isPending) return <GuardLoading />;
  if (access.isError) {
    const refused = access.error instanceof ApiError && access.error.status === 403;
    if (refused) return <AccessDenied guard="metaDashboard" />;
    return <GuardFailed error={access.error} onRetry={() => void access.refetch()} />;
  }
  if (!access.data.has_access) return <AccessDenied guard="metaDashboard" />;
  return children ?? <Outlet />;
}
