import type { DashboardResponse } from '@ztart/shared/contracts/dashboard';
import type { WalletBalance } from '@ztart/shared/contracts/wallet';
import type { Currency } from '@ztart/shared/money';
import { MAIN_CURRENCY } from '@/lib/wallet/wallet-figures';

/**
 * The currencies the home screen shows: the main one always and first, then every other one
 * that holds money or moved this month or week, in the order of the answer.
 */
export function shownCurrencies(dashboard: DashboardResponse): Currency[] {
  const active = new Set<Currency>([MAIN_CURRENCY]);
  for (const balance of dashboard.balances) {
    if (balance.totalMinor !== 0 || balance.pendingMinor !== 0) active.add(balance.currency);
  }
  for (const total of dashboard.month.totals) {
    if (total.incomeMinor !== 0 || total.expenseMinor !== 0) active.add(total.currency);
  }
  for (const total of dashboard.tipsThisWeek.totals) {
    if (total.count !== 0) active.add(total.currency);
  }
  const ordered = dashboard.balances
    .map((balance) => balance.currency)
    .filter((currency) => active.has(currency));
  return [MAIN_CURRENCY, ...ordered.filter((currency) => currency !== MAIN_CURRENCY)];
}

export function balanceOf(dashboard: DashboardResponse, currency: Currency): WalletBalance {
  return (
    dashboard.balances.find((balance) => balance.currency === currency) ?? {
      currency,
      availableMinor: 0,
      pendingMinor: 0,
      totalMinor: 0,
      inGoalsMinor: 0,
    }
  );
}

/** How many of the three first steps are taken. */
export function stepsTaken(dashboard: DashboardResponse): number {
  const { addedMoney, receivedMoney, sentMoney } = dashboard.firstSteps;
  return [addedMoney, receivedMoney, sentMoney].filter(Boolean).length;
}

/** A person with no transaction at all: the screen teaches the first steps instead of empty figures. */
export function isNewPerson(dashboard: DashboardResponse): boolean {
  return dashboard.recent.items.length === 0;
}
