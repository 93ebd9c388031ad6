import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { WalletResponse } from '@ztart/shared/contracts/wallet';
import { WALLET_URL } from '@ztart/shared/first-paint';
import { api } from '@/lib/api-client';
import { contractCheck } from '@/lib/contract-check';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { refetchIfInvalidated } from '@/lib/live-events';
import { walletKeys } from '@/lib/wallet/wallet-keys';

const walletContract = contractCheck<WalletResponse>(() =>
  import('@ztart/shared/contracts/wallet').then((contract) => contract.walletResponseSchema),
);

/**
 * `GET /api/wallet`: a balance per currency, the limits and what was sent in the last 24 hours.
 * The answer is checked against the contract (lib/contract-check.ts): before it is used once the
 * contract has loaded; on the first screen right after it, when `onLateMismatch` drops the
 * balances shown. The wallet's first screen then does not download zod first (decision 0041).
 */
export async function fetchWallet(
  signal?: AbortSignal,
  onLateMismatch: () => void = () => undefined,
): Promise<WalletResponse> {
  if (isDemoMode()) return (await import('@/lib/demo/demo-money')).demoWallet();
  return walletContract.check(await api.get<unknown>(WALLET_URL, { signal }), onLateMismatch);
}

export function useWallet() {
  const queryKey = walletKeys.summary();
  return useQuery({
    queryKey,
    queryFn: ({ signal, client }: { signal: AbortSignal; client: QueryClient }) =>
      // Balances that do not match are dropped and asked for again: checked first this time, the
      // answer shows as an error with its retry.
      fetchWallet(signal, () => void client.resetQueries({ queryKey, exact: true })),
    refetchOnMount: refetchIfInvalidated,
  });
}
