import type { LiveEvent } from '@ztart/shared/contracts/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { publishAll } from '../notifications/live.ts';
import { awardPerson } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    gamification: GamificationWatcher;
  }
}

export interface GamificationWatcher {
  /** Awards the person's new actions now (or after the award already running for them). */
  award: (userId: string) => Promise<void>;
  stop: () => void;
  /** Resolves once every award started so far has ended (tests, shutdown). */
  idle: () => Promise<void>;
}

/** Notifications this module writes itself: they are no new action. */
const OWN_EVENTS = new Set(['achievement_unlocked', 'level_up']);

/** Awards run at once at most: the rest wait their turn, so a rush of transfers never becomes a rush of awards. */
export const AWARDS_IN_FLIGHT = 2;

/**
 * Awards XP after the fact, off the money path: every money path publishes a `transaction` event
 * once its database transaction has committed, and goals, debts and invoices a notification;
 * seeing one, this queues an award of that person, run in its own database transaction
 * (modules/gamification/service.ts), which reads what the person did from the tables themselves.
 * At most AWARDS_IN_FLIGHT awards run at once and one person is never awarded twice at once;
 * a person asked for again while waiting is awarded once. A failed award is logged; the next
 * event of that person, or their next look at `GET /api/gamification`, catches up, since nothing
 * is marked done until it was recorded.
 */
export function watchGamification(
  context: Pick<AppContext, 'db' | 'live' | 'now'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  options: { observe?: boolean } = {},
): GamificationWatcher {
  /** People waiting for an award, in order, with who waits for it to end. */
  const waiting = new Map<string, (() => void)[]>();
  const active = new Map<string, Promise<void>>();

  const pump = () => {
    for (const [userId, done] of waiting) {
      if (active.size >= AWARDS_IN_FLIGHT) return;
      if (active.has(userId)) continue;
      waiting.delete(userId);
      const work = awardPerson(context.db, userId, context.now())
        .then((result) => publishAll(context.live, result.events))
        .catch((error: unknown) => log.error({ err: error, userId }, 'gamification could not award'))
        .finally(() => {
          active.delete(userId);
          for (const resolve of done) resolve();
          pump();
        });
      active.set(userId, work);
    }
  };

  const award = (userId: string): Promise<void> =>
    new Promise<void>((resolve) => {
      const done = waiting.get(userId) ?? [];
      done.push(resolve);
      waiting.set(userId, done);
      pump();
    });

  // Without observing (tests of other modules), people are awarded when asked: `award`, or
  // `GET /api/gamification`.
  const stop =
    options.observe === false
      ? () => {}
      : context.live.observe((userId: string, event: LiveEvent) => {
          if (event.type === 'transaction' && event.transaction.status === 'completed') void award(userId);
          else if (event.type === 'notification' && !OWN_EVENTS.has(event.notification.event))
            void award(userId);
        });

  return {
    award,
    stop,
    idle: async () => {
      while (waiting.size > 0 || active.size > 0) await Promise.allSettled([...active.values()]);
    },
  };
}
