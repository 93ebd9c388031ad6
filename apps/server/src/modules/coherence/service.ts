import { localDate } from '@ztart/shared/contracts/analytics';
import { type CoherenceReport, OVER_BUDGET_MONTHS } from '@ztart/shared/contracts/assistant';
import { monthIn, shiftMonth } from '@ztart/shared/contracts/budgets';
import { isCurrency } from '@ztart/shared/money';
import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { listBudgets } from '../budgets/service.ts';
import { listGoals } from '../goals/service.ts';
import { timeZoneOf } from '../profiles/service.ts';
import { transactionCategories, transactions } from '../transactions/tables.ts';
import { type CoherenceBudget, type CoherenceInput, coherenceFindings, type MoneyFlow } from './rules.ts';

/** Income and spending are averaged over this many full months before the current one. */
export const MONTHS_AVERAGED = 3;

interface FlowRow extends Record<string, unknown> {
  currency: string;
  month: string;
  income: string;
  expense: string;
}

/**
 * Completed income and expenses per currency and month of the person's time zone, over the
 * MONTHS_AVERAGED full months before the current one; only months with a transaction are
 * averaged (a newcomer's current month stands in when none has one).
 */
async function flowsOf(db: AppDatabase, userId: string, timeZone: string, currentMonth: string) {
  const first = shiftMonth(currentMonth, -MONTHS_AVERAGED);
  const completedAt = sql`coalesce(${transactions.settledAt}, ${transactions.createdAt})`;
  const rows = await queryRows<FlowRow>(
    db,
    sql`SELECT ${transactions.currency} AS currency,
        to_char(${completedAt} AT TIME ZONE ${timeZone}::text, 'YYYY-MM') AS month,
        COALESCE(SUM(${transactions.amountMinor}) FILTER (WHERE ${transactions.type} = 'income'), 0)::text AS income,
        COALESCE(SUM(${transactions.amountMinor}) FILTER (WHERE ${transactions.type} = 'expense'), 0)::text AS expense
      FROM ${transactions}
      WHERE ${transactions.userId} = ${userId}::uuid
        AND ${transactions.status} = 'completed'
        AND ${completedAt} >= ((${first} || '-01')::date::timestamp AT TIME ZONE ${timeZone}::text)
      GROUP BY 1, 2`,
  );
  const full = rows.filter((row) => row.month < currentMonth);
  const used = full.length > 0 ? full : rows.filter((row) => row.month === currentMonth);
  const months = new Set(used.map((row) => row.month));
  const flows = new Map<string, MoneyFlow>();
  for (const row of used) {
    if (!isCurrency(row.currency)) continue;
    const flow = flows.get(row.currency) ?? { currency: row.currency, incomeMinor: 0, expenseMinor: 0 };
    flow.incomeMinor += Number(row.income);
    flow.expenseMinor += Number(row.expense);
    flows.set(row.currency, flow);
  }
  return { flows: [...flows.values()], months: [...months].sort(), monthsAveraged: Math.max(1, months.size) };
}

/** `GET /api/coherence`: the person's budgets, goals, income and spending checked against each other. */
export async function coherenceReportOf(
  db: AppDatabase,
  userId: string,
  now: Date,
): Promise<CoherenceReport> {
  const timeZone = await timeZoneOf(db, userId);
  const today = localDate(now, timeZone);
  const currentMonth = monthIn(now, timeZone);
  const { flows, months, monthsAveraged } = await flowsOf(db, userId, timeZone, currentMonth);
  const categories = await db
    .select({
      id: transactionCategories.id,
      key: transactionCategories.key,
      name: transactionCategories.name,
    })
    .from(transactionCategories)
    .where(eq(transactionCategories.userId, userId));
  const categoryOf = (id: string) => {
    const category = categories.find((item) => item.id === id);
    return category?.key ?? category?.name ?? '';
  };
  const budgets: CoherenceBudget[] = [];
  for (let back = 0; back < OVER_BUDGET_MONTHS; back++) {
    const list = await listBudgets(db, userId, shiftMonth(currentMonth, -back), now);
    for (const item of list.items) {
      budgets.push({
        month: item.month,
        categoryId: item.categoryId,
        category: categoryOf(item.categoryId),
        currency: item.currency,
        amountMinor: item.amountMinor,
        spentMinor: item.spentMinor,
      });
    }
  }
  const goals = (await listGoals(db, userId, now)).items.map((goal) => ({
    id: goal.id,
    name: goal.name,
    currency: goal.currency,
    targetMinor: goal.targetMinor,
    savedMinor: goal.savedMinor,
    targetDate: goal.targetDate,
    createdMonth: monthIn(new Date(goal.createdAt), timeZone),
  }));
  const input: CoherenceInput = { today, monthsAveraged, flows, goals, budgets };
  return { months, findings: coherenceFindings(input) };
}
