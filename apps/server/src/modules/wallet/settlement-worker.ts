import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { describeError } from '../../lib/background.ts';
import { deleteExpiredKeys } from '../idempotency/service.ts';
import { SETTLEMENT_BATCH_SIZE, type SettlementRound, settleDue } from './settlement.ts';

export interface SettlementWorker {
  /** Starts polling every `pollMs` (no-op when pollMs is 0 or it already runs). */
  start(): void;
  /** Stops polling and waits for a round in flight, so the database can close after it. */
  stop(): Promise<void>;
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
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  let running = false;

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

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      const work = round(context.now()).then(
        // Only a round of successes means more may be waiting; failures wait for the timer.
        (result) => result.failed.length === 0 && result.settled.length >= SETTLEMENT_BATCH_SIZE,
        (error: unknown) => {
          log.error({ err: describeError(error) }, 'settlement round failed');
          return false;
        },
      );
      inFlight = work;
      void work.then((full) => {
        if (running) schedule(full ? 0 : pollMs);
      });
    }, delayMs);
    timer.unref();
  };

  return {
    start() {
      if (running || pollMs <= 0) return;
      running = true;
      schedule(pollMs);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await inFlight;
    },
    settleDue: (now) => round(now ?? context.now()),
  };
}
