import { z } from 'zod';
import { TEXT_LIMITS } from '../limits.ts';
import { CURRENCIES } from '../money.ts';
import { safeText } from '../safe-text.ts';
import { isTimeZone } from '../time-zones.ts';
import { ANALYTICS_BUCKETS, ANALYTICS_MAX_DAYS, daysInPeriod, periodDateSchema } from './analytics.ts';
import { qrCodeSchema } from './qr-codes.ts';
import { amountMinorSchema } from './wallet.ts';

/**
 * A business's figures (issue 17, decision 0048): revenue and tips over time, per member and per
 * QR code (`GET /api/businesses/{id}/insights`, permission `viewRevenue`; the per-member part also
 * needs `viewTeamAnalytics`), its financials as CSV or PDF (`exportFinancials`) and its QR
 * campaigns (`manageCampaigns`, enterprise). Money counts when it completed, on the asking
 * person's day in `timeZone`, in the business's currency; sums are whole minor units.
 */

const minorSchema = z.number().int();
const timeZoneSchema = safeText({ trim: false }).max(64).refine(isTimeZone, 'validation.timeZone');

/**
 * The period of insights and exports: `from`/`to` (both or neither; this month up to today
 * without them), the person's `timeZone` (their profile's when left out) and, for insights, the
 * `bucket` (by default day up to a month, week up to three months, month beyond).
 */
export const businessPeriodQuerySchema = z
  .object({
    from: periodDateSchema.optional(),
    to: periodDateSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    bucket: z.enum(ANALYTICS_BUCKETS).optional(),
  })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    error: 'validation.periodIncomplete',
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'validation.periodOrder',
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || daysInPeriod(query.from, query.to) <= ANALYTICS_MAX_DAYS, {
    error: 'validation.periodTooLong',
    path: ['to'],
  });
export type BusinessPeriodQuery = z.infer<typeof businessPeriodQuerySchema>;

/** At most this many steps in one answer (a year by day): a longer period needs a wider bucket. */
export const BUSINESS_INSIGHTS_MAX_STEPS = 400;

const periodSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  timeZone: z.string(),
  bucket: z.enum(ANALYTICS_BUCKETS),
});

export const businessInsightsSchema = z
  .object({
    period: periodSchema,
    currency: z.enum(CURRENCIES),
    totals: z.object({
      /** Everything that came into the business's wallet: tips and transfers received. */
      revenueMinor: minorSchema,
      tipsMinor: minorSchema,
      tipsCount: z.number().int(),
      /** Paid out of the pool to the members. */
      distributedMinor: minorSchema,
    }),
    /** One entry per step of the period, empty steps included. */
    series: z.array(
      z.object({
        start: z.iso.date(),
        end: z.iso.date(),
        revenueMinor: minorSchema,
        tipsMinor: minorSchema,
        tipsCount: z.number().int(),
        distributedMinor: minorSchema,
      }),
    ),
    /**
     * What each member received from the pool in the period (every approved member listed, most
     * first); null without `viewTeamAnalytics`.
     */
    byMember: z
      .array(
        z.object({
          userId: z.uuid(),
          ztartag: z.string().nullable(),
          fullName: z.string().nullable(),
          receivedMinor: minorSchema,
          shares: z.number().int(),
        }),
      )
      .nullable(),
    /** Tips through each of the business's QR codes in the period (every code listed, most first). */
    byQrCode: z.array(
      z.object({
        qrCodeId: z.uuid(),
        title: z.string(),
        tipsMinor: minorSchema,
        tipsCount: z.number().int(),
        scans: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'BusinessInsights' });
export type BusinessInsights = z.infer<typeof businessInsightsSchema>;

// ---------------------------------------------------------------------------------------------
// Financial exports
// ---------------------------------------------------------------------------------------------

export const FINANCIAL_ENTRY_KINDS = ['tip', 'distribution', 'transfer_in', 'transfer_out'] as const;
export type FinancialEntryKind = (typeof FINANCIAL_ENTRY_KINDS)[number];

/**
 * CSV columns of `GET /api/businesses/{id}/exports/financials.csv`: one row per completed movement
 * of the business's wallet in the period, oldest first; `amount` is signed (money out below zero),
 * `date` the person's day in the time zone.
 */
export const FINANCIALS_CSV_COLUMNS = [
  'date',
  'kind',
  'amount',
  'currency',
  'counterparty',
  'qr_code',
  'note',
  'transaction_id',
] as const;

// ---------------------------------------------------------------------------------------------
// Campaigns
// ---------------------------------------------------------------------------------------------

export const CAMPAIGN_STATUSES = ['upcoming', 'active', 'ended'] as const;
/** Campaigns one business may keep. */
export const CAMPAIGNS_MAX_PER_BUSINESS = 100;
/** The longest campaign: a year. */
export const CAMPAIGN_MAX_DAYS = 366;

export const campaignParamsSchema = z.object({ id: z.uuid(), campaignId: z.uuid() });

/**
 * `POST /api/businesses/{id}/campaigns` → 201 Campaign. Without `qrCodeId` the campaign gets a
 * new QR code of the business named after it (within the plan's QR code limit → 422
 * `limit_exceeded`); with one, that code of the business (not another campaign's) is linked.
 * Dates are the person's days in `timeZone` (their profile's when left out), both counted.
 */
export const createCampaignRequestSchema = z
  .object({
    name: safeText().min(1, 'validation.required').max(TEXT_LIMITS.name, 'validation.tooLong'),
    startsOn: periodDateSchema,
    endsOn: periodDateSchema,
    goalMinor: amountMinorSchema,
    qrCodeId: z.uuid().optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .refine((body) => body.startsOn <= body.endsOn, { error: 'validation.periodOrder', path: ['endsOn'] })
  .refine((body) => daysInPeriod(body.startsOn, body.endsOn) <= CAMPAIGN_MAX_DAYS, {
    error: 'validation.periodTooLong',
    path: ['endsOn'],
  })
  .meta({ id: 'CreateCampaignRequest' });
export type CreateCampaignRequest = z.infer<typeof createCampaignRequestSchema>;

export const campaignSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    startsOn: z.iso.date(),
    endsOn: z.iso.date(),
    timeZone: z.string(),
    goalMinor: minorSchema,
    currency: z.enum(CURRENCIES),
    status: z.enum(CAMPAIGN_STATUSES),
    qrCode: qrCodeSchema,
    /** Scans of its QR code between its dates. */
    scans: z.number().int(),
    /** Completed tips through its QR code between its dates, in the business's currency. */
    tipsCount: z.number().int(),
    raisedMinor: minorSchema,
    /** raised ÷ goal in basis points (10,000 = the goal reached; may pass it). */
    progressBasisPoints: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListResponseSchema = z
  .object({ items: z.array(campaignSchema) })
  .meta({ id: 'CampaignList' });
export type CampaignListResponse = z.infer<typeof campaignListResponseSchema>;

/** Progress shown at most: a hundred times the goal. */
const PROGRESS_BASIS_POINTS_MAX = 1_000_000n;

/** raised ÷ goal in basis points, in integers (rounded down), at most PROGRESS_BASIS_POINTS_MAX. */
export function progressBasisPointsOf(raisedMinor: number, goalMinor: number): number {
  if (goalMinor <= 0) return 0;
  const basisPoints = (BigInt(raisedMinor) * 10_000n) / BigInt(goalMinor);
  return Number(basisPoints < PROGRESS_BASIS_POINTS_MAX ? basisPoints : PROGRESS_BASIS_POINTS_MAX);
}
