import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { describeError } from '../../lib/background.ts';
import { forgetStalePositions } from './service.ts';

/** Stale positions are already left out of every list; the clean-up removes them from storage. */
export const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

export interface PositionSweeper {
  stop(): Promise<void>;
}

/** Empties stale positions every `intervalMs` until stopped (the timer keeps no process alive). */
export function startPositionSweeper(
  context: Pick<AppContext, 'db' | 'now'>,
  log: FastifyBaseLogger,
  intervalMs: number = SWEEP_INTERVAL_MS,
): PositionSweeper {
  let inFlight: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    inFlight = forgetStalePositions(context.db, context.now()).catch((error: unknown) =>
      log.warn({ err: describeError(error) }, 'nearby positions clean-up failed'),
    );
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}
