import type { LiveEvent } from '@ztart/shared/contracts/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { publishAll } from '../notifications/live.ts';
import { raiseBudgetAlerts } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    budgetAlerts: BudgetAlertWatcher;
  }
}

export interface BudgetAlertWatcher {
  /** Stops watching. */
  stop: () => void;
  /** Resolves once every check started so far has ended (tests, shutdown). */
  idle: () => Promise<void>;
}

/**
 * Raises budget alerts after the fact: every money path publishes a `transaction` event once its
 * database transaction has committed (and a change of category publishes one too), so watching
 * those events sees every spend that counts, whichever module recorded it, without the modules
 * below knowing budgets exist. A check runs in its own database transaction; a failed one is
 * logged, and the next spend of that month checks again.
 */
export function watchBudgetAlerts(
  context: Pick<AppContext, 'db' | 'live' | 'now'>,
  log: Pick<FastifyBaseLogger, 'error'>,
): BudgetAlertWatcher {
  const running = new Set<Promise<void>>();

  const check = (userId: string, at: Date) => {
    const work = raiseBudgetAlerts(context.db, userId, at, context.now())
      .then((events) => publishAll(context.live, events))
      .catch((error: unknown) => log.error({ err: error, userId }, 'budget alerts could not be checked'))
      .finally(() => running.delete(work));
    running.add(work);
  };

  const stop = context.live.observe((userId: string, event: LiveEvent) => {
    if (event.type !== 'transaction') return;
    const { transaction } = event;
    if (transaction.type !== 'expense' || transaction.status === 'failed') return;
    if (transaction.categoryId === null) return;
    check(userId, new Date(transaction.createdAt));
  });

  return {
    stop,
    idle: async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
