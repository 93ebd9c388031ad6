import type { AnalyticsBucket } from '@ztart/shared/contracts/analytics';
import { type SQL, sql } from 'drizzle-orm';

/** A period of calendar days on a person's clock, counted in steps of a day, a week or a month. */
export interface CalendarPeriod {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day, YYYY-MM-DD. */
  to: string;
  timeZone: string;
  bucket: AnalyticsBucket;
}

/** The moment a movement counts: when it completed (a card payment settles a little after it was made). */
export function completedAtOf(settledAt: unknown, createdAt: unknown): SQL {
  return sql`coalesce(${settledAt}, ${createdAt})`;
}

/**
 * `at` between the period's first midnight and the midnight after its last day, on the person's
 * clock (`date::timestamp AT TIME ZONE zone`): a movement at 23:30 on the last day is in, one at
 * 00:00 the day after is not.
 */
export function inPeriod(at: SQL, period: Pick<CalendarPeriod, 'from' | 'to' | 'timeZone'>): SQL {
  return sql`${at} >= (${period.from}::date::timestamp AT TIME ZONE ${period.timeZone}::text)
    AND ${at} < ((${period.to}::date + 1)::timestamp AT TIME ZONE ${period.timeZone}::text)`;
}

/**
 * Every step of the period as rows of `start` (a date), empty ones included, for a query to join
 * its sums to. Steps are local dates, so a week or month the period cuts is one step.
 */
export function stepsOf(period: CalendarPeriod): SQL {
  return sql`SELECT step::date AS start
    FROM generate_series(
      date_trunc(${period.bucket}::text, ${period.from}::date::timestamp),
      ${period.to}::date::timestamp,
      ('1 ' || ${period.bucket}::text)::interval
    ) AS step`;
}

/** The step `at` falls in: its local day, Monday-first week or month. */
export function stepStartOf(at: SQL, period: CalendarPeriod): SQL {
  return sql`date_trunc(${period.bucket}::text, ${at} AT TIME ZONE ${period.timeZone}::text)::date`;
}

/**
 * Each step's first and last day, from the steps' starts in order: a step the period cuts starts at
 * the period's first day, and each ends the day before the next starts (the last, at the period's
 * last day).
 */
export function withStepBounds<Row extends { start: string }>(
  rows: Row[],
  period: Pick<CalendarPeriod, 'from' | 'to'>,
): Array<{ row: Row; start: string; end: string }> {
  return rows.map((row, index) => {
    const next = rows[index + 1];
    return {
      row,
      start: row.start < period.from ? period.from : row.start,
      end: next ? previousDay(next.start) : period.to,
    };
  });
}

/** The calendar day (YYYY-MM-DD) before `date`. */
function previousDay(date: string): string {
  const day = new Date(`${date}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}
