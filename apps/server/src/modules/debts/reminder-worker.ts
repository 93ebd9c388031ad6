import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type PollingLoop, pollingLoop } from '../../lib/polling.ts';
import { REMINDER_BATCH_SIZE, remindDueDebts } from './service.ts';

export interface DebtReminderWorker extends PollingLoop {
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
  const loop = pollingLoop({
    what: 'debt reminder',
    pollMs,
    log,
    round: async () => ({
      moreWaiting: (await remindDueDebts(context, context.now())).reminded.length >= REMINDER_BATCH_SIZE,
    }),
  });
  return { ...loop, remindDue: (now) => remindDueDebts(context, now ?? context.now()) };
}
