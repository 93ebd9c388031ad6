import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_PRESETS,
  type AnalyticsPreset,
  daysInPeriod,
  localDate,
  presetPeriod,
} from '@ztart/shared/contracts/analytics';
import { type Currency, isCurrency } from '@ztart/shared/money';

/** What the screen asks the server for: its dates in the person's time zone, and a currency once one is chosen. */
export interface AnalyticsRequest {
  from: string;
  to: string;
  timeZone: string;
  currency: Currency | null;
}

/** What the screen shows, as it sits in the address: `?period=lastMonth&currency=EUR`, or custom dates. */
export interface AnalyticsSelection {
  preset: AnalyticsPreset;
  from: string;
  to: string;
  currency: Currency | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isDate(value: string | null): value is string {
  return value !== null && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00.000Z`));
}

/** The device's time zone: the person's days and weeks are the ones on their own clock. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function isPreset(value: string | null): value is AnalyticsPreset {
  return ANALYTICS_PRESETS.includes(value as AnalyticsPreset);
}

/** Custom dates the server accepts: in order, and three years at most. */
export function isValidCustomPeriod(from: string, to: string): boolean {
  return isDate(from) && isDate(to) && from <= to && daysInPeriod(from, to) <= ANALYTICS_MAX_DAYS;
}

/** Reads the address; anything missing or wrong falls back to this month. */
export function selectionFromSearchParams(params: URLSearchParams, today: string): AnalyticsSelection {
  const preset = params.get('period');
  const currencyParam = params.get('currency');
  const currency = currencyParam && isCurrency(currencyParam) ? currencyParam : null;
  const from = params.get('from');
  const to = params.get('to');
  if (preset === 'custom' && isDate(from) && isDate(to) && isValidCustomPeriod(from, to)) {
    return { preset, from, to, currency };
  }
  const chosen = isPreset(preset) && preset !== 'custom' ? preset : 'thisMonth';
  return { preset: chosen, ...presetPeriod(chosen, today), currency };
}

export function selectionToSearchParams(selection: AnalyticsSelection): URLSearchParams {
  const params = new URLSearchParams();
  if (selection.preset !== 'thisMonth') params.set('period', selection.preset);
  if (selection.preset === 'custom') {
    params.set('from', selection.from);
    params.set('to', selection.to);
  }
  if (selection.currency) params.set('currency', selection.currency);
  return params;
}

export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localDate(now, timeZone);
}
