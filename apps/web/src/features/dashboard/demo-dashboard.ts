import type { DashboardResponse } from '@ztart/shared/contracts/dashboard';
import { DASHBOARD_RECENT_LIMIT } from '@ztart/shared/contracts/dashboard';
import type { Transaction, TransactionKind } from '@ztart/shared/contracts/transactions';
import { CURRENCIES } from '@ztart/shared/money';
import { type LocalPeriod, localMonthOf, localWeekOf } from '@ztart/shared/time-zones';
import { demoTransactionPage, listDemoCategories } from '@/components/transactions/demo';
import { demoBalances, demoTransactions } from '@/lib/demo/demo-money';

function periodOf(period: LocalPeriod) {
  return { firstDay: period.firstDay, from: period.from.toISOString(), until: period.until.toISOString() };
}

function completedWithin(transaction: Transaction, period: LocalPeriod): boolean {
  if (transaction.status !== 'completed') return false;
  const completedAt = Date.parse(transaction.settledAt ?? transaction.createdAt);
  return completedAt >= period.from.getTime() && completedAt < period.until.getTime();
}

function tookAny(transactions: Transaction[], kinds: readonly TransactionKind[]): boolean {
  return transactions.some(
    (transaction) => kinds.includes(transaction.kind) && transaction.status !== 'failed',
  );
}

/** `GET /api/dashboard` for the demo, from its simulated money, by the server's rules. */
export function demoDashboard(timeZone: string, now: Date = new Date()): DashboardResponse {
  const transactions = demoTransactions();
  const month = localMonthOf(now, timeZone);
  const week = localWeekOf(now, timeZone);
  const inMonth = transactions.filter((transaction) => completedWithin(transaction, month));
  const tips = transactions.filter(
    (transaction) => transaction.kind === 'tip_in' && completedWithin(transaction, week),
  );
  const sum = (rows: Transaction[]) => rows.reduce((total, row) => total + row.amountMinor, 0);
  // The newest rows as the demo's history shows them, with the visitor's own category changes.
  const recent = demoTransactionPage({}, null, DASHBOARD_RECENT_LIMIT).items;
  const categoryIds = new Set(recent.map((transaction) => transaction.categoryId));
  return {
    timeZone,
    balances: demoBalances(),
    month: {
      ...periodOf(month),
      totals: CURRENCIES.map((currency) => ({
        currency,
        incomeMinor: sum(inMonth.filter((row) => row.currency === currency && row.type === 'income')),
        expenseMinor: sum(inMonth.filter((row) => row.currency === currency && row.type === 'expense')),
      })),
    },
    tipsThisWeek: {
      ...periodOf(week),
      totals: CURRENCIES.map((currency) => {
        const inCurrency = tips.filter((row) => row.currency === currency);
        return { currency, amountMinor: sum(inCurrency), count: inCurrency.length };
      }),
    },
    recent: {
      items: recent,
      categories: listDemoCategories().filter((category) => categoryIds.has(category.id)),
    },
    firstSteps: {
      addedMoney: tookAny(transactions, ['deposit']),
      receivedMoney: tookAny(transactions, ['tip_in', 'transfer_in']),
      sentMoney: tookAny(transactions, ['tip_out', 'transfer_out']),
    },
  };
}
