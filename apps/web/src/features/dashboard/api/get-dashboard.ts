import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@ztart/shared/contracts/dashboard';
import { api } from '@/lib/api-client';
import type { AuthState } from '@/lib/auth/auth-context';
import { fetchSession, SESSION_QUERY_KEY } from '@/lib/auth/session';
import { contractCheck } from '@/lib/contract-check';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { refetchIfInvalidated, WALLET_QUERY_ROOT } from '@/lib/live-events';

/**
 * Under the wallet's root: every money movement (here, live, or in the demo) refreshes the home
 * screen with the balances.
 */
export const dashboardKeys = {
  home: (timeZone: string) => [...WALLET_QUERY_ROOT, 'dashboard', timeZone] as const,
};

/** The browser's IANA time zone: the demo's calendar (a signed-in person's is their profile's). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const dashboardContract = contractCheck<DashboardResponse>(() =>
  import('@ztart/shared/contracts/dashboard').then((contract) => contract.dashboardResponseSchema),
);

/**
 * `GET /api/dashboard` (months and weeks in the profile's time zone, as budgets count them), or
 * the demo's figures while demo mode is on. The answer is checked against the contract
 * (lib/contract-check.ts): before it is used once the contract has loaded; on the first screen,
 * right after it, when `onLateMismatch` drops the figures shown. This module is small enough for
 * the entry chunk, so the router can start this request with the screen's code.
 */
export async function fetchDashboard(
  timeZone: string,
  signal?: AbortSignal,
  onLateMismatch: () => void = () => undefined,
): Promise<DashboardResponse> {
  if (isDemoMode()) return (await import('@/features/dashboard/demo-dashboard')).demoDashboard(timeZone);
  return dashboardContract.check(await api.get<unknown>('/api/dashboard', { signal }), onLateMismatch);
}

function dashboardQuery(timeZone: string) {
  const queryKey = dashboardKeys.home(timeZone);
  return {
    queryKey,
    queryFn: ({ signal, client }: { signal: AbortSignal; client: QueryClient }) =>
      // Figures that do not match are dropped and asked for again: checked first this time, the
      // answer shows as an error with its retry.
      fetchDashboard(timeZone, signal, () => void client.resetQueries({ queryKey, exact: true })),
  };
}

export function useDashboard(enabled: boolean) {
  return useQuery({ ...dashboardQuery(browserTimeZone()), enabled, refetchOnMount: refetchIfInvalidated });
}

/**
 * Starts the home screen's data as soon as the session says who is signed in, while the screen's
 * code is still on its way (decision 0034): the router calls it when `/` starts loading. A
 * visitor who is not signed in costs nothing more than the session request the app makes anyway.
 */
export function prefetchDashboard(queryClient: QueryClient): void {
  void queryClient
    .ensureQueryData<AuthState>({
      queryKey: SESSION_QUERY_KEY,
      queryFn: ({ signal }) => fetchSession(signal),
      retry: false,
    })
    .then((auth) =>
      auth.status === 'signedIn' ? queryClient.prefetchQuery(dashboardQuery(browserTimeZone())) : undefined,
    )
    // The screen asks again and shows what went wrong; nothing to say here.
    .catch(() => undefined);
}
