/** IANA time zones as the runtime knows them (dynamic QR time windows, profile settings). */
const hourFormats = new Map<string, Intl.DateTimeFormat>();

function hourFormatOf(timeZone: string): Intl.DateTimeFormat | null {
  let format = hourFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    } catch {
      return null;
    }
    hourFormats.set(timeZone, format);
  }
  return format;
}

/** Where a person's time zone is unknown (older accounts, runtimes without one): months and days are UTC's. */
export const DEFAULT_TIME_ZONE = 'UTC';

export function isTimeZone(timeZone: string): boolean {
  return hourFormatOf(timeZone) !== null;
}

/** The wall-clock hour (0-23) at `now` in the zone; null for a zone the runtime does not know. */
export function localHour(now: Date, timeZone: string): number | null {
  const hour = hourFormatOf(timeZone)
    ?.formatToParts(now)
    .find((part) => part.type === 'hour')?.value;
  if (hour === undefined) return null;
  // Some runtimes print midnight as 24 even with h23.
  return Number.parseInt(hour, 10) % 24;
}

const HOUR_MS = 3_600_000;
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatOf(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** A calendar date as a person reads it on their own clock: month 1-12, day 1-31. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** What the wall clock in the zone shows at `instant`, written as if it were UTC (milliseconds). */
function wallClockAsUtc(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormatOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number.parseInt(part.value, 10);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    (parts.hour ?? 0) % 24,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The calendar date in the zone at `now` (throws RangeError for a zone the runtime does not know). */
export function localDateOf(now: Date, timeZone: string): LocalDate {
  const wall = new Date(wallClockAsUtc(now.getTime(), timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** `YYYY-MM-DD` of a local date. */
export function isoDateOf(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/**
 * The first instant of a local date in the zone: its midnight; where a clock change skips
 * midnight, the moment the clock jumps into that day; where midnight happens twice, the first.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  const target = Date.UTC(date.year, date.month - 1, date.day);
  const inDay = (instant: number) => wallClockAsUtc(instant, timeZone) >= target;
  // The zone's offsets around that midnight (at most one change within a day of it).
  const offsets = [-26 * HOUR_MS, 0, 26 * HOUR_MS].map(
    (shift) => wallClockAsUtc(target + shift, timeZone) - (target + shift),
  );
  // Usually midnight under one of them, with the instant before it still in the day before.
  const exact = offsets
    .map((offset) => target - offset)
    .filter((instant) => wallClockAsUtc(instant, timeZone) === target && !inDay(instant - 1))
    .sort((a, b) => a - b)[0];
  if (exact !== undefined) return new Date(exact);
  // The clock jumped over midnight: find the jump by bisection, to the millisecond.
  let low = target - Math.max(...offsets) - 3 * HOUR_MS;
  let high = target - Math.min(...offsets) + 3 * HOUR_MS;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (inDay(middle)) high = middle;
    else low = middle;
  }
  return new Date(high);
}

function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** A stretch of local calendar days: from its first instant (included) to the next one's (excluded). */
export interface LocalPeriod {
  /** The first local day, `YYYY-MM-DD`. */
  firstDay: string;
  from: Date;
  until: Date;
}

/** The local calendar month that holds `now` in the zone. */
export function localMonthOf(now: Date, timeZone: string): LocalPeriod {
  const today = localDateOf(now, timeZone);
  const first = { year: today.year, month: today.month, day: 1 };
  const next =
    today.month === 12 ? { year: today.year + 1, month: 1, day: 1 } : { ...first, month: today.month + 1 };
  return {
    firstDay: isoDateOf(first),
    from: startOfLocalDay(first, timeZone),
    until: startOfLocalDay(next, timeZone),
  };
}

/** The local week (Monday to Sunday, ISO 8601) that holds `now` in the zone. */
export function localWeekOf(now: Date, timeZone: string): LocalPeriod {
  const today = localDateOf(now, timeZone);
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7));
  return {
    firstDay: isoDateOf(monday),
    from: startOfLocalDay(monday, timeZone),
    until: startOfLocalDay(addDays(monday, 7), timeZone),
  };
}
