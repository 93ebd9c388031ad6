import { useQuery } from '@tanstack/react-query';
import { type WalletResponse, walletResponseSchema } from '@ztart/shared/contracts/wallet';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { refetchIfInvalidated } from '@/lib/live-events';
import { walletKeys } from '@/lib/wallet/wallet-keys';

/** `GET /api/wallet`: a balance per currency, the limits and what was sent in the last 24 hours. */
export async function fetchWallet(signal?: AbortSignal): Promise<WalletResponse> {
  if (isDemoMode()) return (await import('@/lib/demo/demo-money')).demoWallet();
  return walletResponseSchema.parse(await api.get<unknown>('/api/wallet', { signal }));
}

export function useWallet() {
  return useQuery({
    queryKey: walletKeys.summary(),
    queryFn: ({ signal }) => fetchWallet(signal),
    refetchOnMount: refetchIfInvalidated,
  });
}
