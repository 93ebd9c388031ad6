import {
  BUDGET_ALERT_PERCENTS,
  BUDGET_COUNTED_STATUSES,
  type Budget,
  type BudgetAlertPercent,
  type BudgetListResponse,
  type BudgetTotal,
  budgetMonthWindow,
  type CopyBudgetsRequest,
  type CopyBudgetsResponse,
  type CreateBudgetRequest,
  monthIn,
  type UpdateBudgetRequest,
} from '@ztart/shared/contracts/budgets';
import { BUDGET_LIMITS } from '@ztart/shared/limits';
import type { Currency } from '@ztart/shared/money';
import { and, asc, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { queryRows } from '../../db/raw-query.ts';
import { AppError } from '../../http/errors.ts';
import { users } from '../auth/tables.ts';
import type { PendingEvent } from '../notifications/live.ts';
import { notificationEvents, notify } from '../notifications/service.ts';
import { timeZoneOf } from '../profiles/service.ts';
import { findCategory } from '../transactions/categories.ts';
import { transactionCategories, transactions } from '../transactions/tables.ts';
import { type BudgetRow, budgetAlerts, budgets } from './tables.ts';

const ONE_PER_MONTH_INDEX = 'budgets_user_month_category_currency_key';

/** Where a month (`YYYY-MM`, or a column holding one) of a time zone begins and ends, as instants: `[start, end)`. */
export function monthBounds(month: string | SQL, timeZone: string): { start: SQL; end: SQL } {
  const firstDay = typeof month === 'string' ? sql`(${`${month}-01`})::date` : sql`(${month} || '-01')::date`;
  return {
    start: sql`(${firstDay}::timestamp AT TIME ZONE ${timeZone})`,
    end: sql`((${firstDay} + interval '1 month')::timestamp AT TIME ZONE ${timeZone})`,
  };
}

/**
 * What a person spent in one month of their time zone, category and currency: their expense
 * transactions that are pending or completed (a failed one moved no money). Summed in SQL, as text
 * so that no driver rounds it.
 */
function spentOf(timeZone: string): SQL<string> {
  // Written with explicit names: in a select from one table Drizzle leaves columns unqualified,
  // which inside this subquery would name the transaction's columns instead of the budget's.
  const { start, end } = monthBounds(sql.raw('"budgets"."month"'), timeZone);
  const statuses = sql.join(
    BUDGET_COUNTED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql<string>`coalesce((
    SELECT sum(spent.amount_minor) FROM ${transactions} AS spent
    WHERE spent.user_id = "budgets"."user_id"
      AND spent.type = 'expense'
      AND spent.status IN (${statuses})
      AND spent.category_id = "budgets"."category_id"
      AND spent.currency = "budgets"."currency"
      AND spent.created_at >= ${start}
      AND spent.created_at < ${end}
  ), 0)::text`;
}

interface BudgetWithSpent extends BudgetRow {
  spent: string;
}

/** The person's budgets that match `where`, each with what was spent in its month. */
async function selectWithSpent(
  db: AppDatabase,
  userId: string,
  timeZone: string,
  where?: SQL,
): Promise<BudgetWithSpent[]> {
  return db
    .select({ ...getTableColumns(budgets), spent: spentOf(timeZone) })
    .from(budgets)
    .where(and(eq(budgets.userId, userId), where))
    .orderBy(asc(budgets.createdAt), asc(budgets.id));
}

/**
 * The person's budgets of these months (already over) that were kept: set before their month
 * ended (a budget set afterwards for a past month proves nothing) and not overspent.
 */
export async function keptBudgetsOf(
  db: AppDatabase,
  userId: string,
  timeZone: string,
  months: readonly string[],
): Promise<{ id: string; month: string }[]> {
  if (months.length === 0) return [];
  const monthEnd = monthBounds(sql.raw('"budgets"."month"'), timeZone).end;
  const rows = await selectWithSpent(
    db,
    userId,
    timeZone,
    and(
      sql`${budgets.month} IN (${sql.join(
        months.map((month) => sql`${month}`),
        sql`, `,
      )})`,
      sql`${budgets.createdAt} < ${monthEnd}`,
    ),
  );
  return rows
    .filter((row) => BigInt(row.spent) <= BigInt(row.amountMinor))
    .map((row) => ({ id: row.id, month: row.month }));
}

/** Whole per cent of `amount` that `spent` is, rounded down; exact for any size of either. */
function percentOf(spent: bigint, amount: bigint): number {
  return Number((spent * 100n) / amount);
}

function toBudget(row: BudgetWithSpent): Budget {
  const spent = BigInt(row.spent);
  const amount = BigInt(row.amountMinor);
  const variance = amount - spent;
  return {
    id: row.id,
    month: row.month,
    categoryId: row.categoryId,
    currency: row.currency as Currency,
    amountMinor: row.amountMinor,
    spentMinor: Number(spent),
    remainingMinor: Number(variance > 0n ? variance : 0n),
    varianceMinor: Number(variance),
    percentUsed: percentOf(spent, amount),
    createdAt: row.createdAt.toISOString(),
  };
}

function totalsOf(items: Budget[]): BudgetTotal[] {
  const totals = new Map<Currency, BudgetTotal>();
  for (const item of items) {
    const total = totals.get(item.currency) ?? {
      currency: item.currency,
      amountMinor: 0,
      spentMinor: 0,
      remainingMinor: 0,
      varianceMinor: 0,
    };
    total.amountMinor += item.amountMinor;
    total.spentMinor += item.spentMinor;
    total.remainingMinor += item.remainingMinor;
    total.varianceMinor += item.varianceMinor;
    totals.set(item.currency, total);
  }
  return [...totals.values()];
}

/** A month's budgets (this month of the person's time zone without one), with the totals per currency. */
export async function listBudgets(
  db: AppDatabase,
  userId: string,
  month: string | undefined,
  now: Date,
): Promise<BudgetListResponse> {
  const timeZone = await timeZoneOf(db, userId);
  const currentMonth = monthIn(now, timeZone);
  const chosen = month ?? currentMonth;
  const items = (await selectWithSpent(db, userId, timeZone, eq(budgets.month, chosen))).map(toBudget);
  return { month: chosen, currentMonth, timeZone, items, totals: totalsOf(items) };
}

async function findOwnWithSpent(db: AppDatabase, userId: string, id: string): Promise<BudgetWithSpent> {
  const timeZone = await timeZoneOf(db, userId);
  const [row] = await selectWithSpent(db, userId, timeZone, eq(budgets.id, id));
  if (!row) throw new AppError('not_found');
  return row;
}

/** Percentages a budget has reached with what was spent. */
function reachedPercents(row: BudgetWithSpent): BudgetAlertPercent[] {
  const spent = BigInt(row.spent);
  const amount = BigInt(row.amountMinor);
  return BUDGET_ALERT_PERCENTS.filter((percent) => spent * 100n >= amount * BigInt(percent));
}

/**
 * A limit set where the month's spending already reaches an alert's percentage: the person sees
 * it on the screen where they set it, so the alert is marked as given, without a notification.
 */
async function markReachedAsGiven(tx: AppDatabase, row: BudgetWithSpent): Promise<void> {
  const reached = reachedPercents(row);
  if (reached.length === 0) return;
  await tx
    .insert(budgetAlerts)
    .values(reached.map((percent) => ({ budgetId: row.id, percent })))
    .onConflictDoNothing();
}

/**
 * A budget is set for a month from BUDGET_LIMITS.monthsBack before the person's current month to
 * BUDGET_LIMITS.monthsAhead after it; others → 400 `budget_month_out_of_range`.
 */
function refuseMonthOutOfRange(month: string, currentMonth: string, field: string): void {
  const { first, last } = budgetMonthWindow(currentMonth);
  if (month < first || month > last) {
    throw new AppError('budget_month_out_of_range', { details: { field, from: first, to: last } });
  }
}

/**
 * Takes the person's lock (their user row) for the rest of the transaction, so that two writes of
 * theirs at once count the month's budgets one after the other.
 */
async function lockPerson(tx: AppDatabase, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** A month holding more than BUDGET_LIMITS.perMonth budgets → 422 `budget_month_full` (the transaction is undone). */
async function refuseFullMonth(tx: AppDatabase, userId: string, month: string): Promise<void> {
  const [held] = await tx
    .select({ n: count() })
    .from(budgets)
    .where(and(eq(budgets.userId, userId), eq(budgets.month, month)));
  if ((held?.n ?? 0) > BUDGET_LIMITS.perMonth) {
    throw new AppError('budget_month_full', { details: { month, max: BUDGET_LIMITS.perMonth } });
  }
}

/** One budget per month, category and currency → 409 `budget_exists`. */
async function refuseDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, ONE_PER_MONTH_INDEX)) throw new AppError('budget_exists');
    throw error;
  }
}

export async function createBudget(
  db: AppDatabase,
  userId: string,
  request: CreateBudgetRequest,
  now: Date,
): Promise<Budget> {
  refuseMonthOutOfRange(request.month, monthIn(now, await timeZoneOf(db, userId)), 'month');
  if (!(await findCategory(db, userId, request.categoryId))) {
    throw new AppError('not_found', { message: 'Category not found.', details: { field: 'categoryId' } });
  }
  return refuseDuplicates(() =>
    db.transaction(async (tx) => {
      await lockPerson(tx, userId);
      const [created] = await tx
        .insert(budgets)
        .values({
          userId,
          month: request.month,
          categoryId: request.categoryId,
          currency: request.currency,
          amountMinor: request.amountMinor,
        })
        .returning({ id: budgets.id });
      if (!created) throw new Error('budget insert returned no row');
      await refuseFullMonth(tx, userId, request.month);
      const row = await findOwnWithSpent(tx, userId, created.id);
      await markReachedAsGiven(tx, row);
      return toBudget(row);
    }),
  );
}

/** A new limit; alerts already given stay given for the month. */
export async function updateBudget(
  db: AppDatabase,
  userId: string,
  id: string,
  request: UpdateBudgetRequest,
): Promise<Budget> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(budgets)
      .set({ amountMinor: request.amountMinor })
      .where(and(eq(budgets.id, id), eq(budgets.userId, userId)))
      .returning({ id: budgets.id });
    if (!updated) throw new AppError('not_found');
    const row = await findOwnWithSpent(tx, userId, id);
    await markReachedAsGiven(tx, row);
    return toBudget(row);
  });
}

export async function deleteBudget(db: AppDatabase, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(budgets)
    .where(and(eq(budgets.id, id), eq(budgets.userId, userId)))
    .returning({ id: budgets.id });
  if (removed.length === 0) throw new AppError('not_found');
}

/**
 * Copies the limits of `fromMonth` into `toMonth`, leaving alone every category and currency that
 * `toMonth` already has; answers `toMonth` as it is after, with how many were copied.
 */
export async function copyBudgets(
  db: AppDatabase,
  userId: string,
  request: CopyBudgetsRequest,
  now: Date,
): Promise<CopyBudgetsResponse> {
  refuseMonthOutOfRange(request.toMonth, monthIn(now, await timeZoneOf(db, userId)), 'toMonth');
  const copied = await db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`
      INSERT INTO ${budgets} (user_id, month, category_id, currency, amount_minor, created_at)
      SELECT user_id, ${request.toMonth}, category_id, currency, amount_minor,
        -- The copies list in the order of their originals, after what the month already has.
        now() + row_number() OVER (ORDER BY created_at, id) * interval '1 microsecond'
      FROM ${budgets}
      WHERE user_id = ${userId}::uuid AND month = ${request.fromMonth}
      ON CONFLICT (user_id, month, category_id, currency) DO NOTHING
      RETURNING id`,
    );
    await refuseFullMonth(tx, userId, request.toMonth);
    const timeZone = await timeZoneOf(tx, userId);
    const ids = inserted.map((row) => row.id);
    if (ids.length > 0) {
      const rows = await selectWithSpent(
        tx,
        userId,
        timeZone,
        sql`${budgets.id} IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
      for (const row of rows) await markReachedAsGiven(tx, row);
    }
    return ids.length;
  });
  return { ...(await listBudgets(db, userId, request.toMonth, now)), copied };
}

/**
 * After a spend or a change of category was committed: the budgets of the month that `at` falls
 * in (the person's time zone) that reached 80 % or 100 % for the first time raise a notification,
 * in this transaction with the record that they did. Two checks at once insert the same record:
 * the second waits for the first and finds it there, so the alert goes out once. A budget that
 * passes both percentages at once says only the higher.
 */
export async function raiseBudgetAlerts(
  db: AppDatabase,
  userId: string,
  at: Date,
  now: Date,
): Promise<PendingEvent[]> {
  return db.transaction(async (tx) => {
    const timeZone = await timeZoneOf(tx, userId);
    const month = monthIn(at, timeZone);
    const events: PendingEvent[] = [];
    for (const row of await selectWithSpent(tx, userId, timeZone, eq(budgets.month, month))) {
      const reached = reachedPercents(row);
      if (reached.length === 0) continue;
      const inserted = await tx
        .insert(budgetAlerts)
        .values(reached.map((percent) => ({ budgetId: row.id, percent })))
        .onConflictDoNothing()
        .returning({ percent: budgetAlerts.percent });
      const highest = Math.max(...reached);
      if (!inserted.some((alert) => alert.percent === highest)) continue;
      const [category] = await tx
        .select({ key: transactionCategories.key, name: transactionCategories.name })
        .from(transactionCategories)
        .where(eq(transactionCategories.id, row.categoryId));
      const budget = toBudget(row);
      // A reminder, as the preferences word it ("budgets running low"): that switch silences it.
      const notification = await notify(tx, {
        userId,
        type: 'reminder',
        event: 'budget_alert',
        data: {
          budgetId: row.id,
          month: row.month,
          categoryId: row.categoryId,
          categoryKey: category?.key ?? null,
          categoryName: category?.name ?? null,
          percent: highest,
          amountMinor: row.amountMinor,
          spentMinor: budget.spentMinor,
          currency: budget.currency,
        },
        now,
      });
      // Turned off, the alert still counts as given: it is not raised again this month.
      if (notification) {
        await tx
          .update(budgetAlerts)
          .set({ notificationId: notification.id })
          .where(and(eq(budgetAlerts.budgetId, row.id), eq(budgetAlerts.percent, highest)));
      }
      events.push(...notificationEvents(notification));
    }
    return events;
  });
}

/** Deleting an account forgets its budgets. */
export async function eraseBudgetsOf(db: AppDatabase, userId: string): Promise<void> {
  await db.delete(budgets).where(eq(budgets.userId, userId));
}
