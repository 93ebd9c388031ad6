import type { Currency } from '@ztart/shared/money';
import { WALLET_QUERY_ROOT } from '@/lib/live-events';

/** Query keys of the wallet: every one under the root that money movements refresh. */
export const walletKeys = {
  all: WALLET_QUERY_ROOT,
  summary: () => [...walletKeys.all, 'summary'] as const,
  analytics: (currency: Currency, days: number) => [...walletKeys.all, 'analytics', currency, days] as const,
};
