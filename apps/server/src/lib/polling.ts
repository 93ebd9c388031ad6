import type { FastifyBaseLogger } from 'fastify';
import { describeError } from './background.ts';

/** A background job run in rounds on a timer, as the settlement and the debt reminders are. */
export interface PollingLoop {
  /** Starts polling every `pollMs` (no-op when pollMs is 0 or it already runs). */
  start(): void;
  /** Stops polling and waits for a round in flight, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs `round` every `pollMs`. Rounds never overlap; a round that says more is waiting (a full
 * batch) is followed at once by the next, so a backlog drains without waiting for the timer. A
 * failed round is logged as `what` and waits for the timer.
 */
export function pollingLoop(options: {
  what: string;
  pollMs: number;
  log: FastifyBaseLogger;
  round: () => Promise<{ moreWaiting: boolean }>;
}): PollingLoop {
  const { what, pollMs, log, round } = options;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  let running = false;

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      const work = round().then(
        (result) => result.moreWaiting,
        (error: unknown) => {
          log.error({ err: describeError(error) }, `${what} round failed`);
          return false;
        },
      );
      inFlight = work;
      void work.then((more) => {
        if (running) schedule(more ? 0 : pollMs);
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
  };
}
