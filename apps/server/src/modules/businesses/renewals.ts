import { and, asc, lte, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { describeError } from '../../lib/background.ts';
import { type PollingLoop, pollingLoop } from '../../lib/polling.ts';
import { type PendingEvent, publishAll } from '../notifications/live.ts';
import { type RenewalOutcome, renewOne } from './plans.ts';
import { planSubscriptions } from './tables.ts';

/** How many subscriptions one round renews at most; a full round is followed at once by the next. */
export const PLAN_RENEWAL_BATCH_SIZE = 50;

type Claimed = { userId: string; renewed: { outcome: RenewalOutcome; events: PendingEvent[] } | null };

/**
 * Claims the subscription whose period ended longest ago and applies its end, in one database
 * transaction: the row is locked with SKIP LOCKED, so two servers never take the same one (a row
 * another server renewed meanwhile no longer matches once locked), and the money, the new period
 * and the level commit together (renewOne). A renewal that fails is rolled back to its savepoint,
 * its payment with it, and left for the next round: a period is paid once.
 */
async function renewNext(
  context: AppContext,
  log: FastifyBaseLogger | null,
  now: Date,
  skip: string[],
): Promise<Claimed | null> {
  return context.db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(planSubscriptions)
      .where(
        and(
          lte(planSubscriptions.periodEnd, now),
          skip.length > 0 ? notInArray(planSubscriptions.userId, skip) : undefined,
        ),
      )
      .orderBy(asc(planSubscriptions.periodEnd), asc(planSubscriptions.userId))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    try {
      return { userId: due.userId, renewed: await tx.transaction((inner) => renewOne(inner, due, now)) };
    } catch (error) {
      log?.error({ err: describeError(error), userId: due.userId }, 'plan renewal failed');
      return { userId: due.userId, renewed: null };
    }
  });
}

/**
 * One round of plan renewals (decision 0046): every subscription whose paid period ended by `now`
 * is renewed from the wallet (or downgraded), one database transaction each, at most
 * PLAN_RENEWAL_BATCH_SIZE. Live events go out after each commit.
 */
export async function renewDuePlans(
  context: AppContext,
  now: Date,
  log: FastifyBaseLogger | null = null,
): Promise<RenewalOutcome[]> {
  const outcomes: RenewalOutcome[] = [];
  // Each person once a round: a renewal that failed waits for the next round.
  const taken: string[] = [];
  while (taken.length < PLAN_RENEWAL_BATCH_SIZE) {
    const claimed = await renewNext(context, log, now, taken);
    if (!claimed) break;
    taken.push(claimed.userId);
    if (!claimed.renewed) continue;
    outcomes.push(claimed.renewed.outcome);
    publishAll(context.live, claimed.renewed.events);
  }
  return outcomes;
}

export interface PlanRenewalWorker extends PollingLoop {
  /** One round now, at `now` (the app's clock by default): what tests call instead of waiting. */
  renewDue(now?: Date): Promise<RenewalOutcome[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    planRenewals: PlanRenewalWorker;
  }
}

/** Renews paid plans in the background, on the settlement's poll. */
export function createPlanRenewalWorker(
  context: AppContext,
  log: FastifyBaseLogger,
  pollMs: number,
): PlanRenewalWorker {
  const loop = pollingLoop({
    what: 'plan renewal',
    pollMs,
    log,
    round: async () => {
      const renewed = await renewDuePlans(context, context.now(), log);
      return { moreWaiting: renewed.length >= PLAN_RENEWAL_BATCH_SIZE };
    },
  });
  return { ...loop, renewDue: (now) => renewDuePlans(context, now ?? context.now(), log) };
}
