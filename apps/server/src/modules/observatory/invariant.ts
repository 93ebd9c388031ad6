import { desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type PollingLoop, pollingLoop } from '../../lib/polling.ts';
import { reconcileLedger } from '../admin/reconciliation.ts';
import { type InvariantCheckRow, invariantChecks } from '../admin/tables.ts';

export interface InvariantChecker extends PollingLoop {
  /** One check for the period of `now`, if no instance has claimed it yet: what tests call. */
  runOnce(now?: Date): Promise<InvariantCheckRow | null>;
}

/** The start of the period `now` falls in (periods of `periodMs` from the epoch). */
function periodStart(now: Date, periodMs: number): Date {
  return new Date(now.getTime() - (now.getTime() % periodMs));
}

/**
 * The ledger invariant check every INVARIANT_CHECK_MS (a minute by default): the first instance to
 * insert the period's row runs it (the primary key is the claim), the others skip that period.
 */
export function createInvariantChecker(
  context: AppContext,
  log: FastifyBaseLogger,
  periodMs: number,
): InvariantChecker {
  const runOnce = async (now: Date = context.now()): Promise<InvariantCheckRow | null> => {
    const minute = periodStart(now, periodMs || 60_000);
    const claimed = await context.db
      .insert(invariantChecks)
      .values({ minute })
      .onConflictDoNothing()
      .returning({ minute: invariantChecks.minute });
    if (claimed.length === 0) return null;
    const result = await reconcileLedger(context.db, now);
    if (!result.ok)
      log.error({ differences: result.differences }, 'ledger invariant check found differences');
    const [row] = await context.db
      .update(invariantChecks)
      .set({
        ok: result.ok,
        differences: result.differences.length,
        details: result.differences.slice(0, 100),
        checkedAt: now,
      })
      .where(eq(invariantChecks.minute, minute))
      .returning();
    return row ?? null;
  };
  const loop = pollingLoop({
    what: 'ledger invariant check',
    pollMs: periodMs,
    log,
    round: async () => {
      await runOnce();
      return { moreWaiting: false };
    },
  });
  return { ...loop, runOnce };
}

/** The last finished check, by any instance. */
export async function lastInvariantCheck(context: AppContext): Promise<InvariantCheckRow | undefined> {
  const [row] = await context.db
    .select()
    .from(invariantChecks)
    .where(isNotNull(invariantChecks.checkedAt))
    .orderBy(desc(invariantChecks.minute))
    .limit(1);
  return row;
}
