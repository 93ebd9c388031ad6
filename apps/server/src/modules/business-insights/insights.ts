import { bucketOfPeriod, localDate, presetPeriod } from '@ztart/shared/contracts/analytics';
import {
  BUSINESS_INSIGHTS_MAX_STEPS,
  type BusinessInsights,
  type BusinessPeriodQuery,
} from '@ztart/shared/contracts/business-insights';
import type { ValidationFailureDetails } from '@ztart/shared/contracts/validation-failure';
import type { Currency } from '@ztart/shared/money';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { wholeNumber } from '../../db/sql-helpers.ts';
import { AppError } from '../../http/errors.ts';
import {
  type CalendarPeriod,
  completedAtOf,
  inPeriod,
  stepStartOf,
  stepsOf,
  withStepBounds,
} from '../analytics/periods.ts';
import type { BusinessAccessOf } from '../businesses/access.ts';
import { type BusinessRow, businessDistributions, businessMembers } from '../businesses/tables.ts';
import { profiles } from '../profiles/tables.ts';
import { qrCodeScanHours, qrCodes } from '../qr-codes/tables.ts';
import { tips } from '../tips/tables.ts';
import { transactions } from '../transactions/tables.ts';

/** A period of a business's figures, every default filled in. */
export type BusinessPeriod = CalendarPeriod;

function invalidQuery(path: string, message: string): AppError {
  return new AppError('validation_failed', {
    details: {
      source: 'querystring',
      issues: [{ path, code: 'custom', message }],
    } satisfies ValidationFailureDetails,
  });
}

/** The period asked for, or this month up to today on the person's clock. */
export function businessPeriodOf(
  query: BusinessPeriodQuery & { timeZone: string },
  now: Date,
): BusinessPeriod {
  const { from, to } =
    query.from && query.to
      ? { from: query.from, to: query.to }
      : presetPeriod('thisMonth', localDate(now, query.timeZone));
  const bucket = query.bucket ?? bucketOfPeriod(from, to);
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  const steps =
    bucket === 'day' ? days : bucket === 'week' ? Math.ceil(days / 7) + 1 : Math.ceil(days / 28) + 1;
  if (steps > BUSINESS_INSIGHTS_MAX_STEPS) throw invalidQuery('bucket', 'validation.periodTooLong');
  return { from, to, timeZone: query.timeZone, bucket };
}

/** The ids of the business's distributions: their legs are the ledger movements out of the pool. */
export function distributionIdsOf(business: BusinessRow): SQL {
  return sql`(SELECT ${businessDistributions.id} FROM ${businessDistributions}
    WHERE ${businessDistributions.businessId} = ${business.id}::uuid)`;
}

interface StepRow extends Record<string, unknown> {
  start: string;
  revenue: string;
  tips: string;
  tips_count: string;
  distributed: string;
}

async function selectSeries(db: AppDatabase, business: BusinessRow, period: BusinessPeriod) {
  const at = completedAtOf(transactions.settledAt, transactions.createdAt);
  const rows = await queryRows<StepRow>(
    db,
    sql`WITH steps AS (${stepsOf(period)}),
      counted AS (
        SELECT ${stepStartOf(at, period)} AS start,
          ${transactions.type} AS type, ${transactions.kind} AS kind,
          ${transactions.amountMinor} AS amount_minor,
          ${transactions.groupId} IN ${distributionIdsOf(business)} AS distribution
        FROM ${transactions}
        WHERE ${transactions.userId} = ${business.accountId}::uuid
          AND ${transactions.currency} = ${business.currency}
          AND ${transactions.status} = 'completed'
          AND ${inPeriod(at, period)}
      )
      SELECT steps.start::text AS start,
        coalesce(sum(counted.amount_minor) FILTER (WHERE counted.type = 'income'), 0)::text AS revenue,
        coalesce(sum(counted.amount_minor) FILTER (WHERE counted.kind = 'tip_in'), 0)::text AS tips,
        count(counted.amount_minor) FILTER (WHERE counted.kind = 'tip_in')::text AS tips_count,
        coalesce(sum(counted.amount_minor)
          FILTER (WHERE counted.kind = 'transfer_out' AND counted.distribution), 0)::text AS distributed
      FROM steps LEFT JOIN counted ON counted.start = steps.start
      GROUP BY steps.start
      ORDER BY steps.start`,
  );
  return withStepBounds(rows, period).map(({ row, start, end }) => ({
    start,
    end,
    revenueMinor: wholeNumber(row.revenue),
    tipsMinor: wholeNumber(row.tips),
    tipsCount: wholeNumber(row.tips_count),
    distributedMinor: wholeNumber(row.distributed),
  }));
}

interface MemberRow extends Record<string, unknown> {
  user_id: string;
  ztartag: string | null;
  full_name: string | null;
  received: string;
  shares: string;
}

/** What each approved member received out of the pool in the period (their side of each leg). */
async function selectByMember(db: AppDatabase, business: BusinessRow, period: BusinessPeriod) {
  const at = completedAtOf(transactions.settledAt, transactions.createdAt);
  const rows = await queryRows<MemberRow>(
    db,
    sql`SELECT m.user_id::text AS user_id, ${profiles.ztartag} AS ztartag, ${profiles.fullName} AS full_name,
        coalesce(sum(t.amount_minor), 0)::text AS received, count(t.id)::text AS shares
      FROM ${businessMembers} m
      INNER JOIN ${profiles} ON ${profiles.id} = m.user_id
      LEFT JOIN LATERAL (
        SELECT ${transactions.id} AS id, ${transactions.amountMinor} AS amount_minor
        FROM ${transactions}
        WHERE ${transactions.userId} = m.user_id
          AND ${transactions.kind} = 'transfer_in'
          AND ${transactions.status} = 'completed'
          AND ${transactions.currency} = ${business.currency}
          AND ${transactions.groupId} IN ${distributionIdsOf(business)}
          AND ${inPeriod(at, period)}
      ) t ON true
      WHERE m.business_id = ${business.id}::uuid AND m.approval_status = 'approved'
      GROUP BY m.user_id, ${profiles.ztartag}, ${profiles.fullName}
      ORDER BY coalesce(sum(t.amount_minor), 0) DESC, ${profiles.ztartag} ASC`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    ztartag: row.ztartag,
    fullName: row.full_name,
    receivedMinor: wholeNumber(row.received),
    shares: wholeNumber(row.shares),
  }));
}

interface QrRow extends Record<string, unknown> {
  id: string;
  title: string;
  tips: string;
  tips_count: string;
  scans: string;
}

/** Completed tips and scans of each of the business's QR codes in the period. */
async function selectByQrCode(db: AppDatabase, business: BusinessRow, period: BusinessPeriod) {
  const at = completedAtOf(tips.settledAt, tips.createdAt);
  const rows = await queryRows<QrRow>(
    db,
    sql`SELECT q.id::text AS id, q.title AS title,
        coalesce((SELECT sum(${tips.amountMinor}) FROM ${tips}
          WHERE ${tips.qrCodeId} = q.id AND ${tips.receiverId} = ${business.accountId}::uuid
            AND ${tips.status} = 'completed' AND ${tips.currency} = ${business.currency}
            AND ${inPeriod(at, period)}), 0)::text AS tips,
        (SELECT count(*) FROM ${tips}
          WHERE ${tips.qrCodeId} = q.id AND ${tips.receiverId} = ${business.accountId}::uuid
            AND ${tips.status} = 'completed' AND ${tips.currency} = ${business.currency}
            AND ${inPeriod(at, period)})::text AS tips_count,
        coalesce((SELECT sum(${qrCodeScanHours.scans}) FROM ${qrCodeScanHours}
          WHERE ${qrCodeScanHours.qrCodeId} = q.id
            AND ${inPeriod(sql`${qrCodeScanHours.hour}`, period)}), 0)::text AS scans
      FROM ${qrCodes} q
      WHERE q.user_id = ${business.accountId}::uuid AND q.deleted_at IS NULL
      ORDER BY 3 DESC, q.created_at ASC`,
  );
  return rows.map((row) => ({
    qrCodeId: row.id,
    title: row.title,
    tipsMinor: wholeNumber(row.tips),
    tipsCount: wholeNumber(row.tips_count),
    scans: wholeNumber(row.scans),
  }));
}

/**
 * `GET /api/businesses/{id}/insights`: revenue, tips and distributions per step of the period, per
 * member (with `viewTeamAnalytics`) and per QR code, from the business account's completed
 * transactions, its tips and its distributions' ledger legs. One read-only snapshot.
 */
export async function businessInsights(
  db: AppDatabase,
  access: BusinessAccessOf,
  period: BusinessPeriod,
): Promise<BusinessInsights> {
  const { business } = access;
  return db.transaction(
    async (tx) => {
      const series = await selectSeries(tx, business, period);
      const byMember = access.permissions.has('viewTeamAnalytics')
        ? await selectByMember(tx, business, period)
        : null;
      const byQrCode = await selectByQrCode(tx, business, period);
      const sum = (pick: (step: (typeof series)[number]) => number) =>
        series.reduce((total, step) => total + pick(step), 0);
      return {
        period,
        currency: business.currency as Currency,
        totals: {
          revenueMinor: sum((step) => step.revenueMinor),
          tipsMinor: sum((step) => step.tipsMinor),
          tipsCount: sum((step) => step.tipsCount),
          distributedMinor: sum((step) => step.distributedMinor),
        },
        series,
        byMember,
        byQrCode,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
