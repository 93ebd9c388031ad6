import type { AnalyticsBucket } from '@ztart/shared/contracts/analytics';
import { CURRENCY_DECIMALS, type Currency } from '@ztart/shared/money';
import { dateTimeFormat } from '@/lib/date-format';

/** Dates of the period are calendar days: formatted as such, whatever the device's zone. */
function dayOf(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

const SHORT_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC' };
const LONG_DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };
const MONTH: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric', timeZone: 'UTC' };

function isWholeMonth(start: string, end: string): boolean {
  const last = new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 0)).getUTCDate();
  return start.endsWith('-01') && end === `${start.slice(0, 8)}${String(last).padStart(2, '0')}`;
}

/** A step as a reader names it: "3 May 2026", "4 – 10 May 2026", "May 2026". */
export function stepName(
  step: { start: string; end: string },
  bucket: AnalyticsBucket,
  locale: string,
): string {
  if (bucket === 'month' && isWholeMonth(step.start, step.end)) {
    return dateTimeFormat(locale, MONTH).format(dayOf(step.start));
  }
  if (step.start === step.end) return dateTimeFormat(locale, LONG_DAY).format(dayOf(step.start));
  return dateTimeFormat(locale, LONG_DAY).formatRange(dayOf(step.start), dayOf(step.end));
}

/** The short label under a chart's axis: "3 May" for a day or week, "May" for a month. */
export function axisLabel(step: { start: string }, bucket: AnalyticsBucket, locale: string): string {
  if (bucket === 'month') {
    return dateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(dayOf(step.start));
  }
  return dateTimeFormat(locale, SHORT_DAY).format(dayOf(step.start));
}

/** A whole period: "1 May 2026" to "20 May 2026" as one range. */
export function periodName(from: string, to: string, locale: string): string {
  return stepName({ start: from, end: to }, 'day', locale);
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/** An axis amount, short: "$1.2K", "2 mil €". Only labels a scale; exact figures are in the table. */
export function compactMoney(amountMinor: number, currency: Currency, locale: string): string {
  const key = `${locale} ${currency}`;
  let format = compactFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    compactFormats.set(key, format);
  }
  return format.format(amountMinor / 10 ** CURRENCY_DECIMALS[currency]);
}

/** "42 %" in the reader's language. */
export function percentOf(part: number, whole: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    whole === 0 ? 0 : part / whole,
  );
}
