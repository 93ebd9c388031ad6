import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Analytics, analyticsSchema } from '@ztart/shared/contracts/analytics';
import type { AnalyticsRequest } from '@/features/analytics/period';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { refetchIfInvalidated, TRANSACTIONS_QUERY_ROOT } from '@/lib/live-events';

/**
 * Under the transactions' root: a payment, a settled deposit or a new category for a
 * transaction (each invalidates that root) refreshes the figures too.
 */
export const analyticsKeys = {
  all: [...TRANSACTIONS_QUERY_ROOT, 'analytics'] as const,
  of: (request: AnalyticsRequest) => [...analyticsKeys.all, request] as const,
};

export function analyticsSearchParams(request: AnalyticsRequest): URLSearchParams {
  const params = new URLSearchParams({ from: request.from, to: request.to, timeZone: request.timeZone });
  if (request.currency) params.set('currency', request.currency);
  return params;
}

/** `GET /api/analytics/export.csv` under the same filters: a plain link the browser downloads. */
export function analyticsCsvUrl(request: AnalyticsRequest): string {
  return `/api/analytics/export.csv?${analyticsSearchParams(request).toString()}`;
}

/** `GET /api/analytics`: the figures of one period and currency. */
export async function fetchAnalytics(request: AnalyticsRequest, signal?: AbortSignal): Promise<Analytics> {
  // The demo has no server: its figures are added up here from its simulated history.
  if (isDemoMode()) return (await import('@/features/analytics/demo')).demoAnalytics(request);
  return analyticsSchema.parse(
    await api.get<unknown>(`/api/analytics?${analyticsSearchParams(request).toString()}`, { signal }),
  );
}

export function useAnalytics(request: AnalyticsRequest) {
  return useQuery({
    queryKey: analyticsKeys.of(request),
    queryFn: ({ signal }) => fetchAnalytics(request, signal),
    refetchOnMount: refetchIfInvalidated,
    // Another period keeps the figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
  });
}
