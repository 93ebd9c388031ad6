import {
  META_OVERVIEW_DEFAULT_DAYS,
  type MetaOverview,
  QUICK_TIP_VIEW_ACTION,
} from '@ztart/shared/contracts/admin';
import type { Currency } from '@ztart/shared/money';
import type { MetaDashboardAccess, MetaDashboardAccessLevel } from '@ztart/shared/roles';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { wholeNumber } from '../../db/sql-helpers.ts';
import { auditLog } from '../activity/tables.ts';
import { users } from '../auth/tables.ts';
import { ledgerAccounts, ledgerTransfers } from '../ledger/tables.ts';
import { qrCodes } from '../qr-codes/tables.ts';
import { tips } from '../tips/tables.ts';
import { transactions } from '../transactions/tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The period asked for, or the last META_OVERVIEW_DEFAULT_DAYS days up to today (UTC). */
export function periodOf(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (META_OVERVIEW_DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/** Rows whose time falls on the period's UTC days, `from` to `to` inclusive. */
function inPeriod(column: unknown, period: { from: string; to: string }) {
  return sql`${column} >= ${period.from}::date AT TIME ZONE 'UTC' AND ${column} < (${period.to}::date + 1) AT TIME ZONE 'UTC'`;
}

function dayOf(column: unknown) {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
}

type DayVolumeRow = { date: string; currency: string; count: string | number; amount: string | number };

function toDayVolumes(rows: DayVolumeRow[]) {
  return rows.map((row) => ({
    date: row.date,
    currency: row.currency as Currency,
    count: wholeNumber(row.count),
    amountMinor: wholeNumber(row.amount),
  }));
}

function toDayCounts(rows: { date: string; count: string | number }[]) {
  return rows.map((row) => ({ date: row.date, count: wholeNumber(row.count) }));
}

/** The meta dashboard's figures at the person's level of access. */
export async function metaOverview(
  db: AppDatabase,
  userId: string,
  access: MetaDashboardAccess & { accessLevel: MetaDashboardAccessLevel },
  period: { from: string; to: string },
): Promise<MetaOverview> {
  const level = access.accessLevel;
  const [business, product, platform] = await Promise.all([
    level === 'business' || level === 'admin' ? businessFigures(db, userId, period) : null,
    level === 'product' || level === 'admin' ? productFigures(db, period) : null,
    level === 'admin' ? platformFigures(db) : null,
  ]);
  return {
    accessLevel: level,
    permissions: [...access.permissions],
    ...period,
    business,
    product,
    platform,
  };
}

/** The person's own figures: tips received per day and currency, and their QR codes' scans. */
async function businessFigures(db: AppDatabase, userId: string, period: { from: string; to: string }) {
  const [tipsReceived, [scans]] = await Promise.all([
    queryRows<DayVolumeRow>(
      db,
      sql`SELECT ${dayOf(transactions.createdAt)} AS date, ${transactions.currency} AS currency,
            count(*) AS count, COALESCE(SUM(${transactions.amountMinor}), 0) AS amount
          FROM ${transactions}
          WHERE ${transactions.userId} = ${userId} AND ${transactions.kind} = 'tip_in'
            AND ${transactions.status} <> 'failed' AND ${inPeriod(transactions.createdAt, period)}
          GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    queryRows<{ scans: string | number }>(
      db,
      sql`SELECT COALESCE(SUM(${qrCodes.scanCount}), 0) AS scans FROM ${qrCodes} WHERE ${qrCodes.userId} = ${userId}`,
    ),
  ]);
  return { tipsReceived: toDayVolumes(tipsReceived), qrScans: wholeNumber(scans?.scans) };
}

/** Product analytics over everyone: sign-ups, active people, tips, volume, logged actions, conversion. */
async function productFigures(db: AppDatabase, period: { from: string; to: string }) {
  const [signUps, active, tipRows, volume, actions, [views], [quickTips]] = await Promise.all([
    queryRows<{ date: string; count: string | number }>(
      db,
      sql`SELECT ${dayOf(users.createdAt)} AS date, count(*) AS count FROM ${users}
          WHERE ${inPeriod(users.createdAt, period)} GROUP BY 1 ORDER BY 1`,
    ),
    queryRows<{ date: string; count: string | number }>(
      db,
      sql`SELECT ${dayOf(auditLog.createdAt)} AS date, count(DISTINCT ${auditLog.userId}) AS count FROM ${auditLog}
          WHERE ${auditLog.userId} IS NOT NULL AND ${inPeriod(auditLog.createdAt, period)} GROUP BY 1 ORDER BY 1`,
    ),
    queryRows<DayVolumeRow>(
      db,
      sql`SELECT ${dayOf(tips.createdAt)} AS date, ${tips.currency} AS currency, count(*) AS count,
            COALESCE(SUM(${tips.amountMinor}), 0) AS amount FROM ${tips}
          WHERE ${tips.status} NOT IN ('failed', 'cancelled') AND ${inPeriod(tips.createdAt, period)}
          GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    queryRows<DayVolumeRow>(
      db,
      sql`SELECT ${dayOf(ledgerTransfers.createdAt)} AS date, ${ledgerTransfers.currency} AS currency,
            count(*) AS count, COALESCE(SUM(${ledgerTransfers.amountMinor}), 0) AS amount FROM ${ledgerTransfers}
          WHERE ${ledgerTransfers.state} = 'posted' AND ${ledgerTransfers.code} IN ('transfer', 'tip')
            AND ${inPeriod(ledgerTransfers.createdAt, period)}
          GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
    queryRows<{ action: string; count: string | number }>(
      db,
      sql`SELECT ${auditLog.actionType} AS action, count(*) AS count FROM ${auditLog}
          WHERE ${inPeriod(auditLog.createdAt, period)} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50`,
    ),
    queryRows<{ count: string | number }>(
      db,
      sql`SELECT count(*) AS count FROM ${auditLog}
          WHERE ${auditLog.actionType} = ${QUICK_TIP_VIEW_ACTION} AND ${inPeriod(auditLog.createdAt, period)}`,
    ),
    queryRows<{ count: string | number }>(
      db,
      sql`SELECT count(*) AS count FROM ${tips}
          WHERE ${tips.source} = 'card' AND ${tips.status} NOT IN ('failed', 'cancelled')
            AND ${inPeriod(tips.createdAt, period)}`,
    ),
  ]);
  const pageViews = wholeNumber(views?.count);
  const quickTipCount = wholeNumber(quickTips?.count);
  return {
    signUps: toDayCounts(signUps),
    activePeople: toDayCounts(active),
    tips: toDayVolumes(tipRows),
    volume: toDayVolumes(volume),
    actions: actions.map((row) => ({ actionType: row.action, count: wholeNumber(row.count) })),
    quickTip: {
      pageViews,
      tips: quickTipCount,
      // Whole basis points, rounded down, in integer arithmetic.
      conversionBasisPoints: pageViews === 0 ? null : Math.floor((quickTipCount * 10_000) / pageViews),
    },
  };
}

/** Platform totals: people, suspended accounts, what people hold per currency. */
async function platformFigures(db: AppDatabase) {
  const [[people], totals] = await Promise.all([
    queryRows<{ people: string | number; suspended: string | number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE ${users.deletedAt} IS NULL) AS people,
            count(*) FILTER (WHERE ${users.suspendedAt} IS NOT NULL AND ${users.deletedAt} IS NULL) AS suspended
          FROM ${users}`,
    ),
    queryRows<{ currency: string; total: string | number }>(
      db,
      sql`SELECT ${ledgerAccounts.currency} AS currency, COALESCE(SUM(${ledgerAccounts.balanceMinor}), 0) AS total
          FROM ${ledgerAccounts} WHERE ${ledgerAccounts.ownerId} IS NOT NULL GROUP BY 1 ORDER BY 1`,
    ),
  ]);
  return {
    people: wholeNumber(people?.people),
    suspended: wholeNumber(people?.suspended),
    totals: totals.map((row) => ({
      currency: row.currency as Currency,
      peopleMinor: wholeNumber(row.total),
    })),
  };
}
