import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type PollingLoop, pollingLoop } from '../../lib/polling.ts';
import { deleteExpiredKeys } from '../idempotency/service.ts';
import { SETTLEMENT_BATCH_SIZE, type SettlementRound, settleDue } from './settlement.ts';

export interface SettlementWorker extends PollingLoop {
  /** One round now, at `now` (the app's clock by default): what tests call instead of waiting. */
  settleDue(now?: Date): Promise<SettlementRound>;
}

const KEY_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    settlement: SettlementWorker;
  }
}

/**
 * Settles due card charges and payouts in the background, and removes expired idempotency keys. Rounds never overlap; a full round of
 * successes is followed at once by the next, so a backlog drains without waiting for the timer.
 */
export function createSettlementWorker(
  context: AppContext,
  log: FastifyBaseLogger,
  pollMs: number,
): SettlementWorker {
  let lastSweepMs = Number.NEGATIVE_INFINITY;
  const round = async (now: Date) => {
    const result = await settleDue(context, now, { log });
    // Idempotency keys are kept 24 hours; the worker that already polls also clears them, hourly.
    if (now.getTime() - lastSweepMs >= KEY_SWEEP_INTERVAL_MS) {
      lastSweepMs = now.getTime();
      await deleteExpiredKeys(context.db, now);
    }
    return result;
  };

  const loop = pollingLoop({
    what: 'settlement',
    pollMs,
    log,
    // Only a round of successes means more may be waiting; failures wait for the timer.
    round: async () => {
      const result = await round(context.now());
      return { moreWaiting: result.failed.length === 0 && result.settled.length >= SETTLEMENT_BATCH_SIZE };
    },
  });
  return { ...loop, settleDue: (now) => round(now ?? context.now()) };
}
