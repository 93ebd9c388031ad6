import type { TipSource, TipStatus } from '@ztart/shared/contracts/qr-codes';
import type { Currency } from '@ztart/shared/money';
import { and, eq, gte, inArray, isNotNull, lt, max, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type PollingLoop, pollingLoop } from '../../lib/polling.ts';
import { completedAtOf } from '../analytics/periods.ts';
import { businesses, businessWebhooks } from '../businesses/tables.ts';
import { queueTransactionEvent, tipReceived } from '../businesses/webhook-events.ts';
import { queueAccountEvent } from '../businesses/webhooks.ts';
import { claimScheduledRun, finishScheduledRun, periodStartOf } from '../housekeeping/scheduled.ts';
import { scheduledRuns } from '../housekeeping/tables.ts';
import { type TipRow, tips } from '../tips/tables.ts';
import { toTransaction } from '../transactions/record.ts';
import { type TransactionRow, transactions } from '../transactions/tables.ts';

/*
 * The sweep of webhook events (decision 0056): what the live path of businesses/webhook-events.ts
 * missed is queued here. It lives apart from the businesses module because it reads tips and
 * claims its runs as housekeeping does, which both depend on businesses.
 */

/** Movements read per page of a sweep. */
const SWEEP_PAGE = 200;

/**
 * Queues the events of what happened in `[from, to)` that their webhooks have not been told of
 * (decision 0056): the live path queues after the commit, so a process that ended in between
 * left them out. Only businesses with a webhook are looked into; what was queued already is
 * skipped by its source key. Answers how many movements and tips it looked at.
 */
async function sweepBusinessEvents(
  context: AppContext,
  window: { from: Date; to: Date },
): Promise<{ movements: number; tips: number }> {
  const withWebhooks = sql`(SELECT b.account_id FROM ${businesses} b
    WHERE EXISTS (SELECT 1 FROM ${businessWebhooks} w WHERE w.business_id = b.id))`;
  const ownersWithWebhooks = sql`(SELECT b.owner_id FROM ${businesses} b
    WHERE EXISTS (SELECT 1 FROM ${businessWebhooks} w WHERE w.business_id = b.id))`;
  const at = completedAtOf(transactions.settledAt, transactions.createdAt);
  let movements = 0;
  for (let after: { at: Date; id: string } | null = null; ; ) {
    const rows: TransactionRow[] = await context.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.status, 'completed'),
          sql`${at} >= ${window.from.toISOString()}::timestamptz AND ${at} < ${window.to.toISOString()}::timestamptz`,
          after
            ? sql`(${at}, ${transactions.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
          or(
            and(
              inArray(transactions.kind, ['transfer_in', 'transfer_out']),
              sql`${transactions.userId} IN ${withWebhooks}`,
            ),
            and(eq(transactions.kind, 'invoice_in'), sql`${transactions.userId} IN ${ownersWithWebhooks}`),
          ),
        ),
      )
      .orderBy(at, transactions.id)
      .limit(SWEEP_PAGE);
    for (const row of rows) await queueTransactionEvent(context, row.userId, toTransaction(row));
    movements += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < SWEEP_PAGE) break;
    after = { at: last.settledAt ?? last.createdAt, id: last.id };
  }

  let tipCount = 0;
  for (let after: { at: Date; id: string } | null = null; ; ) {
    const rows: TipRow[] = await context.db
      .select()
      .from(tips)
      .where(
        and(
          inArray(tips.status, ['pending', 'completed']),
          gte(tips.createdAt, window.from),
          lt(tips.createdAt, window.to),
          after
            ? sql`(${tips.createdAt}, ${tips.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
          sql`${tips.receiverId} IN ${withWebhooks}`,
        ),
      )
      .orderBy(tips.createdAt, tips.id)
      .limit(SWEEP_PAGE);
    for (const row of rows) {
      const { data, source } = tipReceived({
        id: row.id,
        status: row.status as TipStatus,
        source: row.source as TipSource,
        amountMinor: row.amountMinor,
        currency: row.currency as Currency,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
      });
      await queueAccountEvent(context, row.receiverId, 'tip.received', data, source);
    }
    tipCount += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < SWEEP_PAGE) break;
    after = { at: last.createdAt, id: last.id };
  }
  return { movements, tips: tipCount };
}

const EVENT_SWEEP_JOB = 'webhook-event-sweep';
/** The sweep runs once every five minutes, on one instance. */
export const EVENT_SWEEP_PERIOD_MS = 5 * 60 * 1000;
/** A sweep that has not finished in this time was lost with its instance: another takes it over. */
const EVENT_SWEEP_LEASE_MS = 5 * 60 * 1000;
/**
 * Each sweep looks this far before where the last one ended: a movement is dated when its work
 * started (a settlement round dates its whole batch at once, and retries keep that date), and may
 * commit a while after a sweep has read past its date.
 */
const EVENT_SWEEP_OVERLAP_MS = 10 * 60 * 1000;
/** After a long stop, the sweep looks back a day at most. */
const EVENT_SWEEP_MAX_LOOKBACK_MS = 24 * 60 * 60 * 1000;

export interface EventSweeper extends PollingLoop {
  /** The sweep of `now`'s period, if no instance has run it: from where the last one ended to the period's start. */
  runOnce(now?: Date): Promise<{ movements: number; tips: number } | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    eventSweeper: EventSweeper;
  }
}

/**
 * Runs `sweepBusinessEvents` once per period on one instance (claimed in the database). Each
 * instance asks on every poll, but only once per period: the claim is a write.
 */
export function createEventSweeper(
  context: AppContext,
  log: FastifyBaseLogger,
  pollMs: number,
): EventSweeper {
  const runOnce = async (now: Date = context.now()) => {
    const periodStart = await claimScheduledRun(context.db, EVENT_SWEEP_JOB, now, {
      periodMs: EVENT_SWEEP_PERIOD_MS,
      leaseMs: EVENT_SWEEP_LEASE_MS,
    });
    if (!periodStart) return null;
    const [previous] = await context.db
      .select({ periodStart: max(scheduledRuns.periodStart) })
      .from(scheduledRuns)
      .where(
        and(
          eq(scheduledRuns.job, EVENT_SWEEP_JOB),
          isNotNull(scheduledRuns.finishedAt),
          lt(scheduledRuns.periodStart, periodStart),
        ),
      );
    // The first sweep only marks where the next one starts: what instances queued before the
    // source keys existed has none, so sweeping it would tell it again.
    const from = previous?.periodStart
      ? new Date(
          Math.max(
            previous.periodStart.getTime() - EVENT_SWEEP_OVERLAP_MS,
            periodStart.getTime() - EVENT_SWEEP_MAX_LOOKBACK_MS,
          ),
        )
      : periodStart;
    const outcome = await sweepBusinessEvents(context, { from, to: periodStart });
    await finishScheduledRun(context.db, EVENT_SWEEP_JOB, periodStart, now, outcome);
    return outcome;
  };
  let askedFor = Number.NaN;
  const loop = pollingLoop({
    what: 'webhook event sweep',
    pollMs,
    log,
    round: async () => {
      const now = context.now();
      const period = periodStartOf(now, EVENT_SWEEP_PERIOD_MS).getTime();
      if (period !== askedFor) {
        await runOnce(now);
        askedFor = period;
      }
      return { moreWaiting: false };
    },
  });
  return { ...loop, runOnce };
}
