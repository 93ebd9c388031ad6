import { useQuery } from '@tanstack/react-query';
import { type WalletAnalyticsResponse, walletAnalyticsResponseSchema } from '@ztart/shared/contracts/wallet';
import type { Currency } from '@ztart/shared/money';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { refetchIfInvalidated } from '@/lib/live-events';
import { walletKeys } from '@/lib/wallet/wallet-keys';

/** `GET /api/wallet/analytics?currency=&days=`: income and expense per UTC day, oldest first. */
export async function fetchWalletAnalytics(
  currency: Currency,
  days: number,
  signal?: AbortSignal,
): Promise<WalletAnalyticsResponse> {
  if (isDemoMode()) return (await import('@/lib/demo/demo-money')).demoAnalytics(currency, days);
  const params = new URLSearchParams({ currency, days: String(days) });
  return walletAnalyticsResponseSchema.parse(
    await api.get<unknown>(`/api/wallet/analytics?${params.toString()}`, { signal }),
  );
}

export function useWalletAnalytics(currency: Currency, days = 30) {
  return useQuery({
    queryKey: walletKeys.analytics(currency, days),
    queryFn: ({ signal }) => fetchWalletAnalytics(currency, days, signal),
    refetchOnMount: refetchIfInvalidated,
  });
}
