import type { WalletBalance, WalletResponse } from '@ztart/shared/contracts/wallet';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import { fromReferenceMinor, toReferenceMinor } from '@ztart/shared/reference-rates';
import { ApiError } from '@/lib/api-client';

/** The main currency: always shown, even at zero. */
export const MAIN_CURRENCY: Currency = 'USD';

export function balanceIn(wallet: WalletResponse, currency: Currency): WalletBalance {
  return (
    wallet.balances.find((balance) => balance.currency === currency) ?? {
      currency,
      availableMinor: 0,
      pendingMinor: 0,
      totalMinor: 0,
      inGoalsMinor: 0,
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

/**
 * The currency a money form starts in: the one the person holds most of, compared at the
 * reference rates (available money first, since only that can be sent; then money on its way
 * in). Someone holding nothing starts in the main currency; a tie goes to the currency that
 * comes first in the list (the main one leads it).
 */
export function preferredCurrency(wallet: WalletResponse): Currency {
  let best: { currency: Currency; available: number; total: number } = {
    currency: MAIN_CURRENCY,
    available: 0,
    total: 0,
  };
  for (const currency of CURRENCIES) {
    const balance = balanceIn(wallet, currency);
    const available = toReferenceMinor(balance.availableMinor, currency);
    const total = toReferenceMinor(balance.totalMinor, currency);
    if (available > best.available || (available === best.available && total > best.total)) {
      best = { currency, available, total };
    }
  }
  return best.currency;
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

/**
 * The refusal the server answers for an amount above what is left of the daily limit, raised
 * before the confirmation step so the form says it first, in the same words.
 */
export function dailyLimitRefusal(wallet: WalletResponse, remainingMinor: number): ApiError {
  return new ApiError({
    code: 'limit_exceeded',
    status: 422,
    details: { limit: 'daily', limitMinor: wallet.limits.dailyLimitMinor, remainingMinor },
  });
}
