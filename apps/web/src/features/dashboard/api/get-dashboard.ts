import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@ztart/shared/contracts/dashboard';
import { DASHBOARD_URL } from '@ztart/shared/first-paint';
import { api } from '@/lib/api-client';
import { type AuthState, useAuth } from '@/lib/auth/auth-context';
import { fetchSession, SESSION_QUERY_KEY } from '@/lib/auth/session';
import { contractCheck } from '@/lib/contract-check';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { refetchIfInvalidated, WALLET_QUERY_ROOT } from '@/lib/live-events';
import { deviceTimeZone } from '@/lib/time-zone';

/**
 * Under the wallet's root: every money movement (here, live, or in the demo) refreshes the home
 * screen with the balances. Keyed by the profile's time zone, the one the server counts months
 * and weeks in: another zone is another answer.
 */
export const dashboardKeys = {
  home: (timeZone: string) => [...WALLET_QUERY_ROOT, 'dashboard', timeZone] as const,
};

/**
 * The zone the home screen's months and weeks are counted in: the profile's (the demo's profile
 * has the device's), else the device's, else UTC.
 */
export function dashboardTimeZone(auth: AuthState): string {
  return auth.profile?.timeZone || deviceTimeZone() || 'UTC';
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
  return dashboardContract.check(await api.get<unknown>(DASHBOARD_URL, { signal }), onLateMismatch);
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

/** The home's figures the page came with (decision 0055), in the cache as if the app had asked for them. */
export function seedDashboard(queryClient: QueryClient, auth: AuthState, dashboard: DashboardResponse): void {
  queryClient.setQueryData(dashboardKeys.home(dashboardTimeZone(auth)), dashboard);
}

/** Checks seeded figures as a first answer is checked: figures that do not match are asked for again. */
export function checkSeededDashboard(
  queryClient: QueryClient,
  auth: AuthState,
  dashboard: DashboardResponse,
): void {
  const queryKey = dashboardKeys.home(dashboardTimeZone(auth));
  const askAgain = () => void queryClient.resetQueries({ queryKey, exact: true });
  void dashboardContract.check(dashboard, askAgain).catch(askAgain);
}

export function useDashboard(enabled: boolean) {
  const auth = useAuth();
  return useQuery({
    ...dashboardQuery(dashboardTimeZone(auth)),
    enabled,
    refetchOnMount: refetchIfInvalidated,
  });
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
      auth.status === 'signedIn'
        ? queryClient.prefetchQuery(dashboardQuery(dashboardTimeZone(auth)))
        : undefined,
    )
    // The screen asks again and shows what went wrong; nothing to say here.
    .catch(() => undefined);
}
