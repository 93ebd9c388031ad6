import type { WalletBalance, WalletResponse } from '@ztart/shared/contracts/wallet';
import type { Currency } from '@ztart/shared/money';
import { fromReferenceMinor } from '@ztart/shared/reference-rates';

/** The main currency: always shown, even at zero. */
export const MAIN_CURRENCY: Currency = 'USD';

export function balanceIn(wallet: WalletResponse, currency: Currency): WalletBalance {
  return (
    wallet.balances.find((balance) => balance.currency === currency) ?? {
      currency,
      availableMinor: 0,
      pendingMinor: 0,
      totalMinor: 0,
    }
  );
}

export function availableIn(wallet: WalletResponse, currency: Currency): number {
  return balanceIn(wallet, currency).availableMinor;
}

/** The balances worth showing: the main currency first, then every other one that holds money. */
export function shownBalances(wallet: WalletResponse): WalletBalance[] {
  const others = wallet.balances.filter(
    (balance) =>
      balance.currency !== MAIN_CURRENCY && (balance.totalMinor !== 0 || balance.pendingMinor !== 0),
  );
  return [balanceIn(wallet, MAIN_CURRENCY), ...others];
}

export function sentTodayIn(wallet: WalletResponse, currency: Currency): number {
  return wallet.limits.sentLast24h.find((sent) => sent.currency === currency)?.amountMinor ?? 0;
}

/**
 * What an unverified person may still send or withdraw in this currency; null when there is no
 * daily limit. The limit counts every currency together at the reference rates, in US cents.
 */
export function dailyRemainingIn(wallet: WalletResponse, currency: Currency): number | null {
  const { dailyLimitMinor, sentLast24hReferenceMinor } = wallet.limits;
  if (dailyLimitMinor === null) return null;
  return fromReferenceMinor(Math.max(0, dailyLimitMinor - sentLast24hReferenceMinor), currency);
}
