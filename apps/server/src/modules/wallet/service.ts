import type { WalletAnalyticsResponse, WalletBalance, WalletResponse } from '@ztart/shared/contracts/wallet';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { balances } from '../ledger/service.ts';
import { limitsOf } from '../limits/limits.ts';
import { transactions } from '../transactions/tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A balance per currency (zero where none is held): available, pending, their total, and what sits in goals. */
export async function walletBalancesOf(db: AppDatabase, userId: string): Promise<WalletBalance[]> {
  const accounts = await balances(db, userId);
  const balanceOf = (kind: 'wallet_available' | 'wallet_pending' | 'goal_savings', currency: Currency) =>
    accounts.find((account) => account.kind === kind && account.currency === currency)?.balanceMinor ?? 0;
  return CURRENCIES.map((currency) => {
    const availableMinor = balanceOf('wallet_available', currency);
    const pendingMinor = balanceOf('wallet_pending', currency);
    return {
      currency,
      availableMinor,
      pendingMinor,
      totalMinor: availableMinor + pendingMinor,
      inGoalsMinor: balanceOf('goal_savings', currency),
    };
  });
}

/** `GET /api/wallet`: a balance per currency (zero where none is held) and the person's limits. */
export async function walletOf(db: AppDatabase, userId: string, now: Date): Promise<WalletResponse> {
  const [walletBalances, limits] = await Promise.all([
    walletBalancesOf(db, userId),
    limitsOf(db, userId, now),
  ]);
  return { balances: walletBalances, limits };
}

/**
 * Income and expense of completed transactions per UTC day over the last `days` days (today
 * included), oldest first. A transaction counts on the day it completed.
 */
export async function analyticsOf(
  db: AppDatabase,
  userId: string,
  query: { currency: Currency; days: number },
  now: Date,
): Promise<WalletAnalyticsResponse> {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(todayStart - (query.days - 1) * DAY_MS);
  const until = new Date(todayStart + DAY_MS);
  const completedAt = sql`COALESCE(${transactions.settledAt}, ${transactions.createdAt})`;
  const day = sql<string>`to_char(${completedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      type: transactions.type,
      totalMinor: sql<string>`SUM(${transactions.amountMinor})`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.currency, query.currency),
        eq(transactions.status, 'completed'),
        sql`${completedAt} >= ${from.toISOString()}::timestamptz`,
        sql`${completedAt} < ${until.toISOString()}::timestamptz`,
      ),
    )
    .groupBy(day, transactions.type);
  const totals = new Map(rows.map((row) => [`${row.day}/${row.type}`, Number(row.totalMinor)]));
  const days = Array.from({ length: query.days }, (_, i) => {
    const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return {
      date,
      incomeMinor: totals.get(`${date}/income`) ?? 0,
      expenseMinor: totals.get(`${date}/expense`) ?? 0,
    };
  });
  return {
    currency: query.currency,
    days,
    incomeMinor: days.reduce((sum, entry) => sum + entry.incomeMinor, 0),
    expenseMinor: days.reduce((sum, entry) => sum + entry.expenseMinor, 0),
  };
}
