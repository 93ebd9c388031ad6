import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type PollingLoop, pollingLoop } from '../../lib/polling.ts';
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
    round: async () => {
      await forgetStalePositions(context.db, context.now());
      return { moreWaiting: false };
    },
  });
  loop.start();
  return loop;
}
