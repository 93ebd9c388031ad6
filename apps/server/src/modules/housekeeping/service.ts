import { SESSION_IDLE_TIMEOUT_MINUTES } from '@ztart/shared/limits';
import { and, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { outboxMessages } from '../../integrations/outbox/tables.ts';
import { type PollingLoop, pollingLoop } from '../../lib/polling.ts';
import { authTokens, phoneCodes, sessions } from '../auth/tables.ts';
import { webhookDeliveries } from '../businesses/tables.ts';
import { deleteExpiredKeys } from '../idempotency/service.ts';
import { liveEventRelay } from '../notifications/tables.ts';
import { claimScheduledRun, finishScheduledRun, forgetScheduledRuns } from './scheduled.ts';

export const HOUSEKEEPING_JOB = 'housekeeping';
/** Housekeeping runs once an hour, on one instance. */
export const HOUSEKEEPING_PERIOD_MS = 60 * 60 * 1000;
/** A run that has not finished in this time was lost with its instance: another takes it over. */
const HOUSEKEEPING_LEASE_MS = 5 * 60 * 1000;
/** How often each instance asks whether the hour's run is still to do. */
export const HOUSEKEEPING_POLL_MS = 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Mail and SMS kept in the outbox (no SMTP or SMS webhook) are readable for a month. */
export const OUTBOX_RETENTION_DAYS = 30;
/** A webhook's delivery log (delivered or given up) is kept for a month. */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;
/** A large live event waits this long for the other instances to read it (they do in milliseconds). */
const LIVE_RELAY_RETENTION_MS = 60 * 60 * 1000;
const SCHEDULED_RUNS_RETENTION_DAYS = 7;

export interface HousekeepingOutcome {
  sessions: number;
  authTokens: number;
  phoneCodes: number;
  idempotencyKeys: number;
  outboxMessages: number;
  webhookDeliveries: number;
  liveEvents: number;
  scheduledRuns: number;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * Removes what has expired: sessions past their absolute or idle limit, mailed tokens and phone
 * codes past their expiry, idempotency keys past their expiry (IDEMPOTENCY_KEY_HOURS after their
 * request: the documented window for repeating a payment), outbox messages and webhook deliveries
 * done for more than a month, large live events after an hour. Each delete is idempotent.
 */
export async function removeExpired(db: AppDatabase, now: Date): Promise<HousekeepingOutcome> {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    sessions: await count(
      db
        .delete(sessions)
        .where(
          or(
            lte(sessions.expiresAt, now),
            lte(sessions.lastSeenAt, ago(now, SESSION_IDLE_TIMEOUT_MINUTES * 60 * 1000)),
          ),
        )
        .returning({ id: sessions.id }),
    ),
    authTokens: await count(
      db.delete(authTokens).where(lte(authTokens.expiresAt, now)).returning({ id: authTokens.id }),
    ),
    phoneCodes: await count(
      db.delete(phoneCodes).where(lte(phoneCodes.expiresAt, now)).returning({ id: phoneCodes.userId }),
    ),
    idempotencyKeys: await deleteExpiredKeys(db, now),
    outboxMessages: await count(
      db
        .delete(outboxMessages)
        .where(lt(outboxMessages.createdAt, ago(now, OUTBOX_RETENTION_DAYS * DAY_MS)))
        .returning({ id: outboxMessages.id }),
    ),
    webhookDeliveries: await count(
      db
        .delete(webhookDeliveries)
        .where(
          and(
            lt(webhookDeliveries.createdAt, ago(now, WEBHOOK_DELIVERY_RETENTION_DAYS * DAY_MS)),
            // Done: delivered, or given up (no next attempt).
            or(isNotNull(webhookDeliveries.deliveredAt), isNull(webhookDeliveries.nextAttemptAt)),
          ),
        )
        .returning({ id: webhookDeliveries.id }),
    ),
    liveEvents: await count(
      db
        .delete(liveEventRelay)
        .where(lt(liveEventRelay.createdAt, ago(now, LIVE_RELAY_RETENTION_MS)))
        .returning({ id: liveEventRelay.id }),
    ),
    scheduledRuns: await forgetScheduledRuns(db, ago(now, SCHEDULED_RUNS_RETENTION_DAYS * DAY_MS)),
  };
}

export interface Housekeeping extends PollingLoop {
  /** The hour's run at `now`, if no instance has done it: what tests call. Null when skipped. */
  runOnce(now?: Date): Promise<HousekeepingOutcome | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: Housekeeping;
  }
}

/**
 * Housekeeping once an hour across every instance: each asks every minute, the one that claims the
 * hour's run (scheduled_runs) does it, and a run whose instance died is taken over after its lease.
 */
export function createHousekeeping(
  context: Pick<AppContext, 'db' | 'now'>,
  log: FastifyBaseLogger,
  pollMs: number,
): Housekeeping {
  const runOnce = async (now: Date = context.now()) => {
    const periodStart = await claimScheduledRun(context.db, HOUSEKEEPING_JOB, now, {
      periodMs: HOUSEKEEPING_PERIOD_MS,
      leaseMs: HOUSEKEEPING_LEASE_MS,
    });
    if (!periodStart) return null;
    const outcome = await removeExpired(context.db, now);
    await finishScheduledRun(context.db, HOUSEKEEPING_JOB, periodStart, now, { ...outcome });
    log.info({ removed: outcome }, 'housekeeping done');
    return outcome;
  };
  const loop = pollingLoop({
    what: 'housekeeping',
    pollMs,
    log,
    round: async () => {
      await runOnce();
      return { moreWaiting: false };
    },
  });
  return { ...loop, runOnce };
}
