import { z } from 'zod';
import { CURRENCIES } from '../money.ts';
import { safeText } from '../safe-text.ts';
import { isoDateOf, isTimeZone, localDateOf } from '../time-zones.ts';
import { CALENDAR_DATE_MAX, CALENDAR_DATE_MIN } from '../validation.ts';
import { DEFAULT_CATEGORY_KEYS } from './transactions.ts';

/**
 * Wallet analytics (spec §2): income against expenses over time, spending by category, tips
 * received per period and the people the person deals with most, for one period and currency.
 * Income and expense are the completed transactions' own `type`, so a movement that is neither
 * (a savings-goal move) never counts as either. A transaction counts when it completed, on the
 * person's day in `timeZone`, as the wallet's income and expense card counts it.
 */
export const ANALYTICS_BUCKETS = ['day', 'week', 'month'] as const;
export type AnalyticsBucket = (typeof ANALYTICS_BUCKETS)[number];

/** The longest period one request may ask for: three years (one of them a leap year). */
export const ANALYTICS_MAX_DAYS = 3 * 365 + 1;
/** How many of the people the person dealt with most are listed. */
export const TOP_COUNTERPARTIES_LIMIT = 5;

/** The periods the screen offers; `custom` takes the person's own dates. */
export const ANALYTICS_PRESETS = ['thisMonth', 'lastMonth', 'last3Months', 'thisYear', 'custom'] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted: 1 for a single day. */
export function daysInPeriod(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** Up to a month: by day; up to three months: by week (Monday first, ISO 8601); longer: by month. */
export function bucketOfPeriod(from: string, to: string): AnalyticsBucket {
  const days = daysInPeriod(from, to);
  if (days <= 31) return 'day';
  if (days <= 92) return 'week';
  return 'month';
}

/** The calendar date (`YYYY-MM-DD`) at `now` on the wall clocks of `timeZone`. */
export function localDate(now: Date, timeZone: string): string {
  return isoDateOf(localDateOf(now, timeZone));
}

function monthStart(date: string, monthsBack: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - monthsBack;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** The last day of the month before the one `date` is in. */
function endOfPreviousMonth(date: string): string {
  return dateOfDayNumber(dayNumber(monthStart(date, 0)) - 1);
}

/**
 * The dates of a preset period, counted from `today` (the person's date): this month and this year
 * end today, last month is whole, the last three months are this one and the two before.
 */
export function presetPeriod(
  preset: Exclude<AnalyticsPreset, 'custom'>,
  today: string,
): { from: string; to: string } {
  switch (preset) {
    case 'thisMonth':
      return { from: monthStart(today, 0), to: today };
    case 'lastMonth':
      return { from: monthStart(today, 1), to: endOfPreviousMonth(today) };
    case 'last3Months':
      return { from: monthStart(today, 2), to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

export const periodDateSchema = z.iso
  .date({ error: 'validation.date' })
  .refine((date) => date >= CALENDAR_DATE_MIN && date <= CALENDAR_DATE_MAX, {
    error: 'validation.dateRange',
  });

/**
 * `GET /api/analytics` and `GET /api/analytics/export.csv`. `from` and `to` are the person's
 * dates (inclusive) in `timeZone` (an IANA name; the profile's own when left out); without them, this month up
 * to today. Without `currency`: the currency of the person's latest transaction (US dollars when
 * they have none).
 */
export const analyticsQuerySchema = z
  .object({
    from: periodDateSchema.optional(),
    to: periodDateSchema.optional(),
    currency: z.enum(CURRENCIES).optional(),
    timeZone: safeText({ trim: false }).max(64).refine(isTimeZone, 'validation.timeZone').optional(),
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
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;
/** A query with its time zone filled in (the profile's when the request names none). */
export type ZonedAnalyticsQuery = AnalyticsQuery & { timeZone: string };

const minorSchema = z.number().int();

/** One step of the period: its first and last day inside the period (a week or month cut by it is shorter). */
const bucketSpanSchema = z.object({ start: z.iso.date(), end: z.iso.date() });

export const analyticsSchema = z
  .object({
    period: z.object({
      from: z.iso.date(),
      to: z.iso.date(),
      timeZone: z.string(),
      bucket: z.enum(ANALYTICS_BUCKETS),
    }),
    currency: z.enum(CURRENCIES),
    /** Every currency the person has a transaction in, for the currency picker. */
    currencies: z.array(z.enum(CURRENCIES)),
    totals: z.object({
      incomeMinor: minorSchema,
      expenseMinor: minorSchema,
      /** Income less expenses: may be below zero. */
      netMinor: minorSchema,
      tipsMinor: minorSchema,
      tipsCount: z.number().int(),
    }),
    /** Income against expenses, one entry per step of the period, empty steps included. */
    series: z.array(bucketSpanSchema.extend({ incomeMinor: minorSchema, expenseMinor: minorSchema })),
    /** Expenses per category, largest first; `categoryId` null for those without a category. */
    byCategory: z.array(
      z.object({
        categoryId: z.uuid().nullable(),
        /** A default category's key (the app translates it), unless the person named it. */
        key: z.enum(DEFAULT_CATEGORY_KEYS).nullable(),
        name: z.string().nullable(),
        color: z.string().nullable(),
        amountMinor: minorSchema,
        count: z.number().int(),
      }),
    ),
    /** Tips received, one entry per step of the period, empty steps included. */
    tips: z.array(bucketSpanSchema.extend({ amountMinor: minorSchema, count: z.number().int() })),
    /**
     * The people the person moved most money with (in and out together), at most
     * TOP_COUNTERPARTIES_LIMIT. Someone either of the two blocked is not listed, as nobody.
     */
    topCounterparties: z.array(
      z.object({
        ztartag: z.string().nullable(),
        displayName: z.string(),
        incomeMinor: minorSchema,
        expenseMinor: minorSchema,
        count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Analytics' });
export type Analytics = z.infer<typeof analyticsSchema>;

/** CSV columns of the analytics export, in order: one row per figure shown, `section` says which. */
export const ANALYTICS_CSV_COLUMNS = [
  'section',
  'start',
  'end',
  'label',
  'income',
  'expense',
  'amount',
  'count',
  'currency',
] as const;
export const ANALYTICS_CSV_SECTIONS = ['total', 'series', 'tips', 'category', 'counterparty'] as const;
