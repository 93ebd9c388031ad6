import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { scheduledRuns } from './tables.ts';

/** The start of the period `now` falls in (periods of `periodMs` from the epoch). */
export function periodStartOf(now: Date, periodMs: number): Date {
  return new Date(now.getTime() - (now.getTime() % periodMs));
}

/**
 * Claims the run of `job` for the period of `now`, for `leaseMs`: true when this instance got it
 * (no one had, or the one who had it let its lease run out without finishing: it died). The
 * primary key decides between instances asking at the same moment.
 */
export async function claimScheduledRun(
  db: AppDatabase,
  job: string,
  now: Date,
  options: { periodMs: number; leaseMs: number },
): Promise<Date | null> {
  const periodStart = periodStartOf(now, options.periodMs);
  const leasedUntil = new Date(now.getTime() + options.leaseMs);
  const claimed = await db
    .insert(scheduledRuns)
    .values({ job, periodStart, leasedUntil })
    .onConflictDoUpdate({
      target: [scheduledRuns.job, scheduledRuns.periodStart],
      set: { leasedUntil },
      setWhere: and(isNull(scheduledRuns.finishedAt), lt(scheduledRuns.leasedUntil, now)),
    })
    .returning({ periodStart: scheduledRuns.periodStart });
  return claimed.length > 0 ? periodStart : null;
}

/** Marks the claimed run done, with what it did. */
export async function finishScheduledRun(
  db: AppDatabase,
  job: string,
  periodStart: Date,
  now: Date,
  outcome: Record<string, number>,
): Promise<void> {
  await db
    .update(scheduledRuns)
    .set({ finishedAt: now, outcome: JSON.stringify(outcome) })
    .where(and(eq(scheduledRuns.job, job), eq(scheduledRuns.periodStart, periodStart)));
}

/** Old run rows go too: a week of them is plenty to tell what ran. */
export async function forgetScheduledRuns(db: AppDatabase, before: Date): Promise<number> {
  const removed = await db
    .delete(scheduledRuns)
    .where(sql`${scheduledRuns.periodStart} < ${before.toISOString()}::timestamptz`)
    .returning({ job: scheduledRuns.job });
  return removed.length;
}
