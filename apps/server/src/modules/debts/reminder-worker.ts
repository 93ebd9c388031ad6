import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { describeError } from '../../lib/background.ts';
import { REMINDER_BATCH_SIZE, remindDueDebts } from './service.ts';

export interface DebtReminderWorker {
  /** Starts polling every `pollMs` (no-op when pollMs is 0 or it already runs). */
  start(): void;
  /** Stops polling and waits for a round in flight, so the database can close after it. */
  stop(): Promise<void>;
  /** One round now, at `now` (the app's clock by default): what tests call instead of waiting. */
  remindDue(now?: Date): Promise<{ reminded: string[] }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    debtReminders: DebtReminderWorker;
  }
}

/**
 * Reminds debtors of debts due, in the background (see remindDueDebts: once per debt). Rounds never
 * overlap; a full round is followed at once by the next, so a backlog drains without waiting.
 */
export function createDebtReminderWorker(
  context: AppContext,
  log: FastifyBaseLogger,
  pollMs: number,
): DebtReminderWorker {
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  let running = false;

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      const work = remindDueDebts(context, context.now()).then(
        (result) => result.reminded.length >= REMINDER_BATCH_SIZE,
        (error: unknown) => {
          log.error({ err: describeError(error) }, 'debt reminder round failed');
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
    remindDue: (now) => remindDueDebts(context, now ?? context.now()),
  };
}
