import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Analytics, analyticsSchema } from '@ztart/shared/contracts/analytics';
import type { AnalyticsRequest } from '@/features/analytics/period';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { ANALYTICS_QUERY_ROOT, refetchIfInvalidated } from '@/lib/live-events';

/**
 * Under the transactions' root: a payment, a settled deposit or a new category for a
 * transaction (each invalidates that root) refreshes the figures too. Keyed by the zone the
 * days are counted in (the profile's), which the request itself leaves to the server.
 */
export const analyticsKeys = {
  all: ANALYTICS_QUERY_ROOT,
  of: (request: AnalyticsRequest, timeZone: string) => [...analyticsKeys.all, timeZone, request] as const,
};

/** The filters as a query string: `timeZone` only when the request names one. */
export function analyticsSearchParams(request: AnalyticsRequest): URLSearchParams {
  const params = new URLSearchParams({ from: request.from, to: request.to });
  if (request.timeZone) params.set('timeZone', request.timeZone);
  if (request.currency) params.set('currency', request.currency);
  return params;
}

/** `GET /api/analytics/export.csv` under the same filters: a plain link the browser downloads. */
export function analyticsCsvUrl(request: AnalyticsRequest): string {
  return `/api/analytics/export.csv?${analyticsSearchParams(request).toString()}`;
}

/**
 * `GET /api/analytics`: the figures of one period and currency, the days counted in `timeZone`
 * (the profile's: the server's own choice when the request names none).
 */
export async function fetchAnalytics(
  request: AnalyticsRequest,
  timeZone: string,
  signal?: AbortSignal,
): Promise<Analytics> {
  // The demo has no server: its figures are added up here from its simulated history.
  if (isDemoMode())
    return (await import('@/features/analytics/demo')).demoAnalytics({ timeZone, ...request });
  return analyticsSchema.parse(
    await api.get<unknown>(`/api/analytics?${analyticsSearchParams(request).toString()}`, { signal }),
  );
}

export function useAnalytics(request: AnalyticsRequest, timeZone: string) {
  return useQuery({
    queryKey: analyticsKeys.of(request, timeZone),
    queryFn: ({ signal }) => fetchAnalytics(request, timeZone, signal),
    refetchOnMount: refetchIfInvalidated,
    // Another period keeps the figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
  });
}
