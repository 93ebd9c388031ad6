import { DASHBOARD_RECENT_LIMIT, type DashboardResponse } from '@ztart/shared/contracts/dashboard';
import type { TransactionKind } from '@ztart/shared/contracts/transactions';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import { type LocalPeriod, localMonthOf, localWeekOf } from '@ztart/shared/time-zones';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { wholeNumber } from '../../db/sql-helpers.ts';
import { toCategory } from '../transactions/categories.ts';
import { toTransaction } from '../transactions/record.ts';
import { selectTransactionPage, transactionFilterOf } from '../transactions/service.ts';
import { transactionCategories, transactions } from '../transactions/tables.ts';
import { walletBalancesOf } from '../wallet/service.ts';

/** When a transaction became completed: what the month's and week's figures count by. */
const completedAt = sql`COALESCE(${transactions.settledAt}, ${transactions.createdAt})`;

/** Completed, and completed within the period (created before its end, which the index narrows to). */
function completedWithin(period: LocalPeriod) {
  return and(
    eq(transactions.status, 'completed'),
    lt(transactions.createdAt, period.until),
    sql`${completedAt} >= ${period.from.toISOString()}::timestamptz`,
    sql`${completedAt} < ${period.until.toISOString()}::timestamptz`,
  );
}

function periodOf(period: LocalPeriod) {
  return { firstDay: period.firstDay, from: period.from.toISOString(), until: period.until.toISOString() };
}

/** Kinds of the first steps: adding money, being paid (what a shared QR code brings), paying. */
const ADDED_MONEY_KINDS = ['deposit'] as const satisfies readonly TransactionKind[];
const RECEIVED_KINDS = ['tip_in', 'transfer_in'] as const satisfies readonly TransactionKind[];
const SENT_KINDS = ['tip_out', 'transfer_out'] as const satisfies readonly TransactionKind[];

/**
 * `GET /api/dashboard`: the home screen in one answer, read in one snapshot so that the
 * balances and the newest transactions agree.
 */
export async function dashboardOf(
  db: AppDatabase,
  userId: string,
  query: { timeZone: string },
  now: Date,
): Promise<DashboardResponse> {
  const month = localMonthOf(now, query.timeZone);
  const week = localWeekOf(now, query.timeZone);
  const own = eq(transactions.userId, userId);

  return db.transaction(
    async (tx) => {
      const balances = await walletBalancesOf(tx, userId);

      const monthRows = await tx
        .select({
          currency: transactions.currency,
          type: transactions.type,
          totalMinor: sql<string>`SUM(${transactions.amountMinor})`,
        })
        .from(transactions)
        .where(and(own, inArray(transactions.type, ['income', 'expense']), completedWithin(month)))
        .groupBy(transactions.currency, transactions.type);
      const monthTotal = (currency: Currency, type: 'income' | 'expense') =>
        wholeNumber(monthRows.find((row) => row.currency === currency && row.type === type)?.totalMinor);

      const tipRows = await tx
        .select({
          currency: transactions.currency,
          totalMinor: sql<string>`SUM(${transactions.amountMinor})`,
          count: sql<string>`COUNT(*)`,
        })
        .from(transactions)
        .where(and(own, eq(transactions.kind, 'tip_in'), completedWithin(week)))
        .groupBy(transactions.currency);
      const tipsIn = (currency: Currency) => tipRows.find((row) => row.currency === currency);

      const recentRows = await selectTransactionPage(
        tx,
        transactionFilterOf(userId, {}),
        null,
        DASHBOARD_RECENT_LIMIT,
      );
      const categoryIds = [...new Set(recentRows.flatMap((row) => (row.categoryId ? [row.categoryId] : [])))];
      const categoryRows =
        categoryIds.length === 0
          ? []
          : await tx
              .select()
              .from(transactionCategories)
              .where(
                and(eq(transactionCategories.userId, userId), inArray(transactionCategories.id, categoryIds)),
              );

      const tookStep = (kinds: readonly TransactionKind[]) =>
        sql`EXISTS (SELECT 1 FROM ${transactions} WHERE ${and(own, inArray(transactions.kind, kinds), ne(transactions.status, 'failed'))})`;
      const [steps] = await queryRows<{ added: boolean; received: boolean; sent: boolean }>(
        tx,
        sql`SELECT ${tookStep(ADDED_MONEY_KINDS)} AS added, ${tookStep(RECEIVED_KINDS)} AS received,
          ${tookStep(SENT_KINDS)} AS sent`,
      );

      return {
        timeZone: query.timeZone,
        balances,
        month: {
          ...periodOf(month),
          totals: CURRENCIES.map((currency) => ({
            currency,
            incomeMinor: monthTotal(currency, 'income'),
            expenseMinor: monthTotal(currency, 'expense'),
          })),
        },
        tipsThisWeek: {
          ...periodOf(week),
          totals: CURRENCIES.map((currency) => ({
            currency,
            amountMinor: wholeNumber(tipsIn(currency)?.totalMinor),
            count: wholeNumber(tipsIn(currency)?.count),
          })),
        },
        recent: {
          items: recentRows.map(toTransaction),
          categories: categoryRows.map(toCategory),
        },
        firstSteps: {
          addedMoney: steps?.added === true,
          receivedMoney: steps?.received === true,
          sentMoney: steps?.sent === true,
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
