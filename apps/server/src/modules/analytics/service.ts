import {
  type Analytics,
  type AnalyticsBucket,
  bucketOfPeriod,
  localDate,
  presetPeriod,
  TOP_COUNTERPARTIES_LIMIT,
  type ZonedAnalyticsQuery,
} from '@ztart/shared/contracts/analytics';
import type { DefaultCategoryKey } from '@ztart/shared/contracts/transactions';
import type { ValidationFailureDetails } from '@ztart/shared/contracts/validation-failure';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { isInvalidParameterValue } from '../../db/errors.ts';
import { queryRows } from '../../db/raw-query.ts';
import { wholeNumber } from '../../db/sql-helpers.ts';
import { AppError } from '../../http/errors.ts';
import { blockedEitherWay } from '../contacts/blocking.ts';
import { transactionCategories, transactions } from '../transactions/tables.ts';
import { completedAtOf, inPeriod, stepStartOf, stepsOf, withStepBounds } from './periods.ts';

/** What a request asks for, every default filled in. */
export interface AnalyticsPeriod {
  userId: string;
  from: string;
  to: string;
  timeZone: string;
  bucket: AnalyticsBucket;
}

/** The period of a query: its own dates, or this month up to today in the person's time zone. */
export function periodOf(userId: string, query: ZonedAnalyticsQuery, now: Date): AnalyticsPeriod {
  const { from, to } =
    query.from && query.to
      ? { from: query.from, to: query.to }
      : presetPeriod('thisMonth', localDate(now, query.timeZone));
  return { userId, from, to, timeZone: query.timeZone, bucket: bucketOfPeriod(from, to) };
}

/**
 * When a transaction counts: the moment it completed (a card deposit settles a little after it
 * was made; a transfer completes at once), as the wallet's own income and expense card dates it.
 */
const completedAt = completedAtOf(transactions.settledAt, transactions.createdAt);

/**
 * The person's completed transactions in the currency and period (on their clock): money that is
 * still pending may yet fail, and a failed one moved nothing.
 */
function countedIn(period: AnalyticsPeriod, currency: Currency): SQL {
  return sql`${transactions.userId} = ${period.userId}::uuid
    AND ${transactions.currency} = ${currency}
    AND ${transactions.status} = 'completed'
    AND ${inPeriod(completedAt, period)}`;
}

interface BucketRow extends Record<string, unknown> {
  start: string;
  income: string;
  expense: string;
  tips: string;
  tips_count: string;
}

/**
 * Income, expenses and tips received per step, every step of the period listed (empty ones as
 * zero). Steps are generated in local dates, so a week or month that the period cuts is one step.
 */
async function selectBuckets(db: AppDatabase, period: AnalyticsPeriod, currency: Currency) {
  const rows = await queryRows<BucketRow>(
    db,
    sql`WITH steps AS (${stepsOf(period)}),
      counted AS (
        SELECT ${stepStartOf(completedAt, period)} AS start, ${transactions.type} AS type,
          ${transactions.kind} AS kind, ${transactions.amountMinor} AS amount_minor
        FROM ${transactions}
        WHERE ${countedIn(period, currency)}
      )
      SELECT steps.start::text AS start,
        coalesce(sum(counted.amount_minor) FILTER (WHERE counted.type = 'income'), 0)::text AS income,
        coalesce(sum(counted.amount_minor) FILTER (WHERE counted.type = 'expense'), 0)::text AS expense,
        coalesce(sum(counted.amount_minor) FILTER (WHERE counted.kind = 'tip_in'), 0)::text AS tips,
        count(counted.amount_minor) FILTER (WHERE counted.kind = 'tip_in')::text AS tips_count
      FROM steps LEFT JOIN counted ON counted.start = steps.start
      GROUP BY steps.start
      ORDER BY steps.start`,
  );
  return withStepBounds(rows, period).map(({ row, start, end }) => ({
    start,
    end,
    incomeMinor: wholeNumber(row.income),
    expenseMinor: wholeNumber(row.expense),
    tipsMinor: wholeNumber(row.tips),
    tipsCount: wholeNumber(row.tips_count),
  }));
}

interface CategoryRow extends Record<string, unknown> {
  category_id: string | null;
  key: DefaultCategoryKey | null;
  name: string | null;
  color: string | null;
  amount: string;
  count: string;
}

/** Expenses per category (the person's own categories only ever hold their transactions), largest first. */
async function selectByCategory(db: AppDatabase, period: AnalyticsPeriod, currency: Currency) {
  const rows = await queryRows<CategoryRow>(
    db,
    sql`SELECT ${transactions.categoryId} AS category_id, ${transactionCategories.key} AS key,
        ${transactionCategories.name} AS name, ${transactionCategories.color} AS color,
        sum(${transactions.amountMinor})::text AS amount, count(*)::text AS count
      FROM ${transactions}
      LEFT JOIN ${transactionCategories} ON ${transactionCategories.id} = ${transactions.categoryId}
      WHERE ${countedIn(period, currency)} AND ${transactions.type} = 'expense'
      GROUP BY ${transactions.categoryId}, ${transactionCategories.key}, ${transactionCategories.name},
        ${transactionCategories.color}
      ORDER BY sum(${transactions.amountMinor}) DESC, ${transactions.categoryId} NULLS LAST`,
  );
  return rows.map((row) => ({
    categoryId: row.category_id,
    key: row.key,
    name: row.name,
    color: row.color,
    amountMinor: wholeNumber(row.amount),
    count: wholeNumber(row.count),
  }));
}

interface CounterpartyRow extends Record<string, unknown> {
  ztartag: string | null;
  name: string | null;
  income: string;
  expense: string;
  count: string;
}

/**
 * The accounts the person moved most money with, in and out together. Names are the ones the
 * newest transaction with them copied (what the person's history shows). Someone either of the
 * two blocked reads as nobody here, as everywhere: left out.
 */
async function selectTopCounterparties(db: AppDatabase, period: AnalyticsPeriod, currency: Currency) {
  const rows = await queryRows<CounterpartyRow>(
    db,
    sql`SELECT
        (array_agg(${transactions.counterpartyZtartag} ORDER BY ${completedAt} DESC, ${transactions.id} DESC))[1] AS ztartag,
        (array_agg(${transactions.counterpartyName} ORDER BY ${completedAt} DESC, ${transactions.id} DESC))[1] AS name,
        coalesce(sum(${transactions.amountMinor}) FILTER (WHERE ${transactions.type} = 'income'), 0)::text AS income,
        coalesce(sum(${transactions.amountMinor}) FILTER (WHERE ${transactions.type} = 'expense'), 0)::text AS expense,
        count(*)::text AS count
      FROM ${transactions}
      WHERE ${countedIn(period, currency)}
        AND ${transactions.type} IN ('income', 'expense')
        AND ${transactions.counterpartyUserId} IS NOT NULL
        AND NOT ${blockedEitherWay(sql`${period.userId}::uuid`, transactions.counterpartyUserId)}
      GROUP BY ${transactions.counterpartyUserId}
      ORDER BY sum(${transactions.amountMinor}) DESC, count(*) DESC, ${transactions.counterpartyUserId}
      LIMIT ${TOP_COUNTERPARTIES_LIMIT}`,
  );
  return rows.map((row) => ({
    ztartag: row.ztartag,
    displayName: row.name || (row.ztartag ? `@${row.ztartag}` : ''),
    incomeMinor: wholeNumber(row.income),
    expenseMinor: wholeNumber(row.expense),
    count: wholeNumber(row.count),
  }));
}

/** Every currency the person has a transaction in, in the catalogue's order. */
async function selectCurrencies(db: AppDatabase, userId: string): Promise<Currency[]> {
  const rows = await queryRows<{ currency: string }>(
    db,
    sql`SELECT DISTINCT ${transactions.currency} AS currency FROM ${transactions}
      WHERE ${transactions.userId} = ${userId}::uuid`,
  );
  const held = new Set(rows.map((row) => row.currency));
  return CURRENCIES.filter((currency) => held.has(currency));
}

/** The currency of the person's newest transaction (their index answers it at once), else US dollars. */
async function selectLatestCurrency(db: AppDatabase, userId: string): Promise<Currency> {
  const [row] = await queryRows<{ currency: Currency }>(
    db,
    sql`SELECT ${transactions.currency} AS currency FROM ${transactions}
      WHERE ${transactions.userId} = ${userId}::uuid
      ORDER BY ${transactions.createdAt} DESC, ${transactions.id} DESC LIMIT 1`,
  );
  return row?.currency ?? 'USD';
}

/**
 * The analytics of one person for one period and currency. The queries read one snapshot, so
 * the figures agree with each other even while money moves.
 */
export async function getAnalytics(
  db: AppDatabase,
  userId: string,
  query: ZonedAnalyticsQuery,
  now: Date,
): Promise<Analytics> {
  const period = periodOf(userId, query, now);
  try {
    return await db.transaction(
      async (tx) => {
        const currency = query.currency ?? (await selectLatestCurrency(tx, userId));
        const buckets = await selectBuckets(tx, period, currency);
        const byCategory = await selectByCategory(tx, period, currency);
        const topCounterparties = await selectTopCounterparties(tx, period, currency);
        const currencies = await selectCurrencies(tx, userId);
        return analyticsOf(period, currency, currencies, buckets, byCategory, topCounterparties);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } catch (error) {
    if (isInvalidParameterValue(error)) {
      throw new AppError('validation_failed', {
        details: {
          source: 'querystring',
          issues: [{ path: 'timeZone', code: 'custom', message: 'validation.timeZone' }],
        } satisfies ValidationFailureDetails,
        cause: error,
      });
    }
    throw error;
  }
}

function analyticsOf(
  period: AnalyticsPeriod,
  currency: Currency,
  currencies: Currency[],
  buckets: Awaited<ReturnType<typeof selectBuckets>>,
  byCategory: Analytics['byCategory'],
  topCounterparties: Analytics['topCounterparties'],
): Analytics {
  const sum = (pick: (bucket: (typeof buckets)[number]) => number) =>
    buckets.reduce((total, bucket) => total + pick(bucket), 0);
  const incomeMinor = sum((bucket) => bucket.incomeMinor);
  const expenseMinor = sum((bucket) => bucket.expenseMinor);
  return {
    period: { from: period.from, to: period.to, timeZone: period.timeZone, bucket: period.bucket },
    currency,
    currencies: currencies.includes(currency) ? currencies : [...currencies, currency],
    totals: {
      incomeMinor,
      expenseMinor,
      netMinor: incomeMinor - expenseMinor,
      tipsMinor: sum((bucket) => bucket.tipsMinor),
      tipsCount: sum((bucket) => bucket.tipsCount),
    },
    series: buckets.map(({ start, end, incomeMinor, expenseMinor }) => ({
      start,
      end,
      incomeMinor,
      expenseMinor,
    })),
    byCategory,
    tips: buckets.map(({ start, end, tipsMinor, tipsCount }) => ({
      start,
      end,
      amountMinor: tipsMinor,
      count: tipsCount,
    })),
    topCounterparties,
  };
}
