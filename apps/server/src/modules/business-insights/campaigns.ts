import { businessLimitsFor } from '@ztart/shared/business';
import { localDate } from '@ztart/shared/contracts/analytics';
import {
  CAMPAIGNS_MAX_PER_BUSINESS,
  type Campaign,
  type CreateCampaignRequest,
  progressBasisPointsOf,
} from '@ztart/shared/contracts/business-insights';
import type { Currency } from '@ztart/shared/money';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { queryRows } from '../../db/raw-query.ts';
import { wholeNumber } from '../../db/sql-helpers.ts';
import { AppError } from '../../http/errors.ts';
import { completedAtOf, inPeriod } from '../analytics/periods.ts';
import type { BusinessAccessOf } from '../businesses/access.ts';
import { businesses } from '../businesses/tables.ts';
import { timeZoneOf } from '../profiles/service.ts';
import { toQrCode } from '../qr-codes/payload.ts';
import { createQrCode, deleteQrCode, findOwnQrCode } from '../qr-codes/service.ts';
import { qrCodeScanHours, qrCodes } from '../qr-codes/tables.ts';
import { tips } from '../tips/tables.ts';
import { type BusinessCampaignRow, businessCampaigns } from './campaign-tables.ts';

function statusOf(row: BusinessCampaignRow, now: Date): Campaign['status'] {
  const today = localDate(now, row.timeZone);
  if (today < row.startsOn) return 'upcoming';
  return today > row.endsOn ? 'ended' : 'active';
}

interface FiguresRow extends Record<string, unknown> {
  scans: string;
  tips: string;
  tips_count: string;
}

/**
 * A campaign as answered: its QR code, and the scans and completed tips of that code between its
 * first and last day (its own midnights). Tips outside the dates reached the business all the
 * same; they are just not the campaign's.
 */
async function toCampaign(
  context: AppContext,
  row: BusinessCampaignRow,
  accountId: string,
): Promise<Campaign> {
  const [code] = await context.db.select().from(qrCodes).where(eq(qrCodes.id, row.qrCodeId));
  if (!code) throw new AppError('not_found');
  const period = { from: row.startsOn, to: row.endsOn, timeZone: row.timeZone };
  const at = completedAtOf(tips.settledAt, tips.createdAt);
  const [figures] = await queryRows<FiguresRow>(
    context.db,
    sql`SELECT
        coalesce((SELECT sum(${qrCodeScanHours.scans}) FROM ${qrCodeScanHours}
          WHERE ${qrCodeScanHours.qrCodeId} = ${row.qrCodeId}::uuid
            AND ${inPeriod(sql`${qrCodeScanHours.hour}`, period)}), 0)::text AS scans,
        coalesce(sum(${tips.amountMinor}), 0)::text AS tips,
        count(${tips.id})::text AS tips_count
      FROM ${tips}
      WHERE ${tips.qrCodeId} = ${row.qrCodeId}::uuid AND ${tips.receiverId} = ${accountId}::uuid
        AND ${tips.status} = 'completed' AND ${tips.currency} = ${row.currency}
        AND ${inPeriod(at, period)}`,
  );
  const raisedMinor = wholeNumber(figures?.tips);
  return {
    id: row.id,
    name: row.name,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    timeZone: row.timeZone,
    goalMinor: row.goalMinor,
    currency: row.currency as Currency,
    status: statusOf(row, context.now()),
    qrCode: toQrCode(code, context.config.appUrl),
    scans: wholeNumber(figures?.scans),
    tipsCount: wholeNumber(figures?.tips_count),
    raisedMinor,
    progressBasisPoints: progressBasisPointsOf(raisedMinor, row.goalMinor),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCampaigns(context: AppContext, access: BusinessAccessOf): Promise<Campaign[]> {
  const rows = await context.db
    .select()
    .from(businessCampaigns)
    .where(eq(businessCampaigns.businessId, access.business.id))
    .orderBy(asc(businessCampaigns.startsOn), asc(businessCampaigns.createdAt))
    .limit(CAMPAIGNS_MAX_PER_BUSINESS);
  const items: Campaign[] = [];
  for (const row of rows) items.push(await toCampaign(context, row, access.business.accountId));
  return items;
}

export async function getCampaign(
  context: AppContext,
  access: BusinessAccessOf,
  campaignId: string,
): Promise<Campaign> {
  const [row] = await context.db
    .select()
    .from(businessCampaigns)
    .where(and(eq(businessCampaigns.id, campaignId), eq(businessCampaigns.businessId, access.business.id)));
  if (!row) throw new AppError('not_found');
  return toCampaign(context, row, access.business.accountId);
}

async function campaignsOf(db: AppDatabase, businessId: string): Promise<number> {
  const [kept] = await db
    .select({ n: count() })
    .from(businessCampaigns)
    .where(eq(businessCampaigns.businessId, businessId));
  return kept?.n ?? 0;
}

function campaignLimitError(): AppError {
  return new AppError('limit_exceeded', { details: { limit: 'campaigns', max: CAMPAIGNS_MAX_PER_BUSINESS } });
}

/**
 * `POST /api/businesses/{id}/campaigns`: links one of the business's QR codes (409 `conflict` when
 * another campaign has it), or makes the campaign a new one named after it within the plan's QR
 * code limit. The goal is in the business's currency.
 */
export async function createCampaign(
  context: AppContext,
  access: BusinessAccessOf,
  userId: string,
  body: CreateCampaignRequest,
): Promise<Campaign> {
  const { db } = context;
  const { business } = access;
  // Asked first so that no QR code is made for a campaign that cannot be; asked again below.
  if ((await campaignsOf(db, business.id)) >= CAMPAIGNS_MAX_PER_BUSINESS) throw campaignLimitError();
  const timeZone = body.timeZone ?? (await timeZoneOf(db, userId));
  let qrCodeId: string;
  let madeForIt = false;
  if (body.qrCodeId) {
    qrCodeId = (await findOwnQrCode(db, business.accountId, body.qrCodeId)).id;
  } else {
    const made = await createQrCode(
      context,
      business.accountId,
      {
        title: body.name,
        kind: 'tip_link',
        amountMinor: null,
        currency: business.currency as Currency,
        emv: { profile: 'none' },
      },
      { max: businessLimitsFor(access.ownerLevel).qrCodes },
    );
    qrCodeId = made.id;
    madeForIt = true;
  }
  let row: BusinessCampaignRow;
  try {
    // Counted and written with the business row locked, so that two campaigns made at once cannot
    // both take the last place.
    row = await db.transaction(async (tx) => {
      await tx
        .select({ id: businesses.id })
        .from(businesses)
        .where(eq(businesses.id, business.id))
        .for('update');
      if ((await campaignsOf(tx, business.id)) >= CAMPAIGNS_MAX_PER_BUSINESS) throw campaignLimitError();
      const [written] = await tx
        .insert(businessCampaigns)
        .values({
          businessId: business.id,
          name: body.name,
          startsOn: body.startsOn,
          endsOn: body.endsOn,
          timeZone,
          goalMinor: body.goalMinor,
          currency: business.currency,
          qrCodeId,
          createdBy: userId,
          createdAt: context.now(),
        })
        .returning();
      if (!written) throw new Error('a campaign was not written');
      return written;
    });
  } catch (error) {
    if (madeForIt) await deleteQrCode(context, business.accountId, qrCodeId).catch(() => undefined);
    if (isUniqueViolation(error)) throw new AppError('conflict');
    throw error;
  }
  return toCampaign(context, row, business.accountId);
}
