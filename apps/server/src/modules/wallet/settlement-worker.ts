import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type PollingLoop, pollingLoop } from '../../lib/polling.ts';
import { SETTLEMENT_BATCH_SIZE, type SettlementRound, settleDue } from './settlement.ts';

export interface SettlementWorker extends PollingLoop {
  /** One round now, at `now` (the app's clock by default): what tests call instead of waiting. */
  settleDue(now?: Date): Promise<SettlementRound>;
}

declare module 'fastify' {
  interface FastifyInstance {
    settlement: SettlementWorker;
  }
}

/**
 * Settles due card charges and payouts in the background (expired idempotency keys are removed by
 * housekeeping). Rounds never overlap; a full round of
 * successes is followed at once by the next, so a backlog drains without waiting for the timer.
 */
export function createSettlementWorker(
  context: AppContext,
  log: FastifyBaseLogger,
  pollMs: number,
): SettlementWorker {
  const round = (now: Date) => settleDue(context, now, { log });

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
