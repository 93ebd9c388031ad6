import { CARD_BRAND_NAMES, type CardBrand } from '@ztart/shared/cards';
import type { ErrorCode } from '@ztart/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import { idempotencyKeyOf, type StoredAnswer, withIdempotency } from '../idempotency/service.ts';
import { type PendingEvent, publishAll } from '../notifications/live.ts';
import { retryTransientConflicts } from '../transfers/retry.ts';

export type MoneyAnswer = StoredAnswer & { replayed: boolean };

/** Sends a money answer as it was first given (a kept refusal too); a replay says so in a header. */
export function sendMoneyAnswer(reply: FastifyReply, answer: MoneyAnswer): FastifyReply {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.statusCode).send(answer.body);
}

/**
 * What an unexpected failure of a money request answers: the route's own code (nothing moved),
 * unless the database was unavailable, which the error handler answers 503 so that clients retry.
 */
export function failedMoneyRequest(request: FastifyRequest, error: unknown, code: ErrorCode): unknown {
  if (isAppError(error) || isDatabaseUnavailable(error)) return error;
  request.log.error({ err: error }, `${code.replaceAll('_', ' ')}`);
  return new AppError(code, { cause: error });
}

/**
 * Runs a money-moving POST once per Idempotency-Key (scoped to the person, keyed on the route and
 * body) in one database transaction (run again after a deadlock), and publishes the live events
 * it collected only after that transaction committed, and only the first time (a replay moved
 * nothing).
 */
export async function runMoneyRequest(
  context: AppContext,
  request: FastifyRequest,
  userId: string,
  route: string,
  work: (tx: AppDatabase, events: PendingEvent[]) => Promise<StoredAnswer>,
): Promise<MoneyAnswer> {
  const now = context.now();
  let events: PendingEvent[] = [];
  const idempotent = {
    scope: userId,
    key: idempotencyKeyOf(request),
    fingerprint: { route, body: request.body },
    now,
  };
  // A deadlock rolls the whole attempt back (the sandbox processor's records too): run it again.
  const answer = await retryTransientConflicts(
    () =>
      withIdempotency(context.db, idempotent, (tx) => {
        events = [];
        return work(tx, events);
      }),
    {
      onRetry: (error, attempt) =>
        request.log.warn(
          { err: error, attempt },
          'money request hit a transient database conflict; retrying',
        ),
    },
  );
  if (!answer.replayed) publishAll(context.live, events);
  return answer;
}

/** "Visa ending in 4242", "bank account ending in 3000": the English description's method part. */
export function methodLabel(method: { type: string; brand: string | null; last4: string }): string {
  const name =
    method.type === 'card' ? (CARD_BRAND_NAMES[method.brand as CardBrand] ?? 'card') : 'bank account';
  return `${name} ending in ${method.last4}`;
}
