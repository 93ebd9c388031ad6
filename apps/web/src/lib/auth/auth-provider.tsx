import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthContext, LOADING_AUTH, SIGNED_OUT_AUTH } from '@/lib/auth/auth-context';
import { fetchSession, SESSION_QUERY_KEY } from '@/lib/auth/session';

/**
 * Loads the session once at start. Any failure (no session endpoint yet, network, server
 * error) counts as signed out, as spec §4 says. Sign-in and sign-out refresh this query.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    // A failed session answer is final: the visitor is signed out, no need to ask again.
    retry: false,
  });
  const value = session.isPending ? LOADING_AUTH : (session.data ?? SIGNED_OUT_AUTH);
  return <AuthContext value={value}>{children}</AuthContext>;
}
