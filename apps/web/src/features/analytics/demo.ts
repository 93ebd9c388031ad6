import type { Analytics } from '@ztart/shared/contracts/analytics';
import { demoTransactionPage, listDemoCategories } from '@/components/transactions/demo';
import { analyticsFromTransactions } from '@/features/analytics/figures';
import type { AnalyticsRequest } from '@/features/analytics/period';

/** `GET /api/analytics` for the demo: its simulated history (with the visitor's categories) added up here. */
export function demoAnalytics(request: AnalyticsRequest): Analytics {
  const { items } = demoTransactionPage({}, null, Number.MAX_SAFE_INTEGER);
  return analyticsFromTransactions(items, listDemoCategories(), request);
}
