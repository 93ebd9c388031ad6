import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast/toast-store';
import { onSessionExpired } from '@/lib/api-client';
import { AuthContext, type AuthState, LOADING_AUTH, SIGNED_OUT_AUTH } from '@/lib/auth/auth-context';
import {
  demoAuthState,
  onSessionMismatch,
  reloadSession,
  replaceSession,
  SESSION_QUERY_KEY,
  sessionQuery,
} from '@/lib/auth/session';
import { isDemoMode, subscribeDemoMode } from '@/lib/demo/demo-mode';

/** Several requests may expire together; one message is enough. */
const SESSION_EXPIRED_QUIET_MS = 3_000;

/**
 * Loads the session once at start. Any failure (network, server error, an answer that does
 * not match the contract) counts as signed out, as spec §4 says. Sign-in and sign-out update
 * the same query; demo mode replaces it with the demo user; a `401 session_expired` from any
 * call signs the person out here and says so.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // No Suspense here: the session request must start while the catalogues are still loading.
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const session = useQuery(sessionQuery);

  // Demo mode switched (here, or in another tab): the session follows the flag.
  const demo = useSyncExternalStore(subscribeDemoMode, isDemoMode, () => false);
  const previousDemo = useRef(demo);
  useEffect(() => {
    if (previousDemo.current === demo) return;
    previousDemo.current = demo;
    if (demo) replaceSession(queryClient, demoAuthState());
    else void reloadSession(queryClient);
  }, [demo, queryClient]);

  // A session answer used before its contract had loaded, found not to match: signed out (spec §4).
  useEffect(() => onSessionMismatch(() => replaceSession(queryClient, SIGNED_OUT_AUTH)), [queryClient]);

  const lastExpiredAt = useRef(0);
  useEffect(
    () =>
      onSessionExpired(() => {
        const current = queryClient.getQueryData<AuthState>(SESSION_QUERY_KEY);
        replaceSession(queryClient, SIGNED_OUT_AUTH);
        const now = Date.now();
        if (current?.status === 'signedOut' || now - lastExpiredAt.current < SESSION_EXPIRED_QUIET_MS) return;
        lastExpiredAt.current = now;
        void i18n
          .loadNamespaces('errors')
          .then(() => toast({ title: i18n.t('errors:session_expired'), variant: 'destructive' }));
      }),
    [queryClient, i18n],
  );

  const value = session.isPending ? LOADING_AUTH : (session.data ?? SIGNED_OUT_AUTH);
  return <AuthContext value={value}>{children}</AuthContext>;
}
