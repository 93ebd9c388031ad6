import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type PollingLoop, pollingLoop } from '../../lib/polling.ts';
import { claimScheduledRun, finishScheduledRun } from '../housekeeping/scheduled.ts';
import { forgetStalePositions } from './service.ts';

/** Stale positions are already left out of every list; the clean-up removes them from storage. */
export const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/** Empties stale positions every `intervalMs` until stopped (the timer keeps no process alive). */
export function startPositionSweeper(
  context: Pick<AppContext, 'db' | 'now'>,
  log: FastifyBaseLogger,
  intervalMs: number = SWEEP_INTERVAL_MS,
): Pick<PollingLoop, 'stop'> {
  const loop = pollingLoop({
    what: 'nearby positions clean-up',
    pollMs: intervalMs,
    log,
    // One instance per period does it (scheduled_runs); a lost run is taken over after its lease.
    round: async () => {
      const now = context.now();
      const period = await claimScheduledRun(context.db, 'nearby-positions', now, {
        periodMs: intervalMs,
        leaseMs: intervalMs,
      });
      if (!period) return { moreWaiting: false };
      const forgotten = await forgetStalePositions(context.db, now);
      await finishScheduledRun(context.db, 'nearby-positions', period, now, { forgotten });
      return { moreWaiting: false };
    },
  });
  loop.start();
  return loop;
}
