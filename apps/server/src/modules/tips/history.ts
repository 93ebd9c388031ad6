import {
  TIP_TOTAL_PERIODS,
  type TipListQuery,
  type TipListResponse,
  type TipTotal,
  type TipTotalPeriod,
} from '@ztart/shared/contracts/qr-codes';
import { CURRENCIES, type Currency, MAX_AMOUNT_MINOR } from '@ztart/shared/money';
import { and, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/client.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import { profiles } from '../profiles/tables.ts';
import { partyFromProfile, toTip } from './record.ts';
import { tips } from './tables.ts';

export type TipSide = 'received' | 'sent';

const HOUR_MS = 60 * 60 * 1000;
/** How far back each rolling period reaches from now; `all` has no start. */
const PERIOD_MS: Record<TipTotalPeriod, number | null> = {
  last24h: 24 * HOUR_MS,
  last7d: 7 * 24 * HOUR_MS,
  last30d: 30 * 24 * HOUR_MS,
  all: null,
};
/** Totals count money that came or is coming: failed and cancelled tips are left out. */
const COUNTED_STATUSES = ['pending', 'completed'] as const;

const receiverProfile = alias(profiles, 'receiver_profile');
const senderProfile = alias(profiles, 'sender_profile');

/**
 * The tips of one side of a person. A receiver does not see card tips that the bank refused before
 * any money moved (they never were pending): only the payer who tried does.
 */
function sideOf(userId: string, side: TipSide): SQL | undefined {
  if (side === 'sent') return eq(tips.senderId, userId);
  return and(eq(tips.receiverId, userId), or(ne(tips.status, 'failed'), isNotNull(tips.processorReference)));
}

/** `GET /api/tips/received` and `/sent`: newest first, by cursor, with totals that ignore the filters. */
export async function listTips(
  db: AppDatabase,
  userId: string,
  side: TipSide,
  query: TipListQuery,
  now: Date,
): Promise<TipListResponse> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({
      tip: tips,
      receiverTag: receiverProfile.ztartag,
      receiverName: receiverProfile.fullName,
      senderTag: senderProfile.ztartag,
      senderName: senderProfile.fullName,
    })
    .from(tips)
    .leftJoin(receiverProfile, eq(receiverProfile.id, tips.receiverId))
    .leftJoin(senderProfile, eq(senderProfile.id, tips.senderId))
    .where(
      and(
        sideOf(userId, side),
        query.status ? eq(tips.status, query.status) : undefined,
        query.currency ? eq(tips.currency, query.currency) : undefined,
        cursor
          ? sql`(${tips.createdAt}, ${tips.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(tips.createdAt), desc(tips.id))
    .limit(query.limit + 1);
  const page = pageOf(
    rows.map((row) => ({ ...row, createdAt: row.tip.createdAt, id: row.tip.id })),
    query.limit,
  );
  return {
    items: page.rows.map((row) =>
      toTip(row.tip, {
        receiver: partyFromProfile(row.receiverTag, row.receiverName),
        sender: row.tip.senderId === null ? null : partyFromProfile(row.senderTag, row.senderName),
      }),
    ),
    nextCursor: page.nextCursor,
    totals: await totalsOf(db, userId, side, now),
  };
}

/**
 * Completed and pending sums and counts per currency for each rolling period ending `now`, one
 * entry per period for every currency with a counted tip, in CURRENCIES and TIP_TOTAL_PERIODS order.
 */
export async function totalsOf(
  db: AppDatabase,
  userId: string,
  side: TipSide,
  now: Date,
): Promise<TipTotal[]> {
  const columns: Record<string, SQL<string>> = {};
  for (const period of TIP_TOTAL_PERIODS) {
    const reach = PERIOD_MS[period];
    const within =
      reach === null
        ? sql`TRUE`
        : sql`${tips.createdAt} > ${new Date(now.getTime() - reach).toISOString()}::timestamptz`;
    columns[`${period}Completed`] =
      sql<string>`COALESCE(SUM(${tips.amountMinor}) FILTER (WHERE ${within} AND ${tips.status} = 'completed'), 0)::text`;
    columns[`${period}Pending`] =
      sql<string>`COALESCE(SUM(${tips.amountMinor}) FILTER (WHERE ${within} AND ${tips.status} = 'pending'), 0)::text`;
    columns[`${period}Count`] = sql<string>`(COUNT(*) FILTER (WHERE ${within}))::text`;
  }
  const rows = await db
    .select({ currency: tips.currency, ...columns })
    .from(tips)
    .where(and(sideOf(userId, side), inArray(tips.status, [...COUNTED_STATUSES])))
    .groupBy(tips.currency);
  const byCurrency = new Map(rows.map((row) => [row.currency, row as Record<string, string>]));
  return CURRENCIES.flatMap((currency: Currency) => {
    const row = byCurrency.get(currency);
    if (!row) return [];
    return TIP_TOTAL_PERIODS.map((period) => ({
      currency,
      period,
      completedMinor: wholeNumberOf(row[`${period}Completed`]),
      pendingMinor: wholeNumberOf(row[`${period}Pending`]),
      count: wholeNumberOf(row[`${period}Count`]),
    }));
  });
}

/** A SUM or COUNT read as text: a whole number within the safe range, or a loud failure. */
function wholeNumberOf(text: string | undefined): number {
  if (text === undefined || !/^\d+$/.test(text)) throw new Error(`not a whole number: ${text}`);
  const whole = BigInt(text);
  if (whole > BigInt(MAX_AMOUNT_MINOR)) throw new Error('a total beyond the safe integer range');
  return Number(whole);
}
