import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestampTz } from '../../db/sql-helpers.ts';

/**
 * One row per run of a scheduled job and period (housekeeping's hour): the instance that inserts
 * it, or takes over a row whose lease ran out unfinished (its instance died), runs the period's
 * work; the others skip it. `finished_at` marks it done for good.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    job: text('job').notNull(),
    periodStart: timestampTz('period_start').notNull(),
    leasedUntil: timestampTz('leased_until').notNull(),
    finishedAt: timestampTz('finished_at'),
    /** What the run did (counts), for an operator. */
    outcome: text('outcome'),
  },
  (t) => [primaryKey({ columns: [t.job, t.periodStart] })],
);

export type ScheduledRunRow = typeof scheduledRuns.$inferSelect;
