import { canEnter, type Guard } from '@ztart/shared/roles';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { AccessDenied } from '@/app/guards/access-denied';
import { GuardLoading } from '@/app/guards/guard-loading';
import { useAuth } from '@/lib/auth/auth-context';

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
  const allowed = canEnter(guard, { roles: auth.roles, userLevel: auth.profile?.userLevel ?? null });
  if (!allowed) return <AccessDenied guard={guard} />;
  return children ?? <Outlet />;
}
