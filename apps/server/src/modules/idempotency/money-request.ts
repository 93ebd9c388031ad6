import { CARD_BRAND_NAMES, type CardBrand } from '@ztart/shared/cards';
import type { ErrorCode } from '@ztart/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { isConnectionLost, isDatabaseUnavailable, isRejectedByDatabase } from '../../db/errors.ts';
import { retryTransientConflicts } from '../../db/retry.ts';
import { overloadedError } from '../../http/error-handler.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import { type PendingEvent, publishAll } from '../notifications/live.ts';
import { idempotencyKeyOf, processorReferenceOf, type StoredAnswer, withIdempotency } from './service.ts';

export type MoneyAnswer = StoredAnswer & { replayed: boolean };

/** Sends a money answer as it was first given (a kept refusal too); a replay says so in a header. */
export function sendMoneyAnswer(reply: FastifyReply, answer: MoneyAnswer): FastifyReply {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.statusCode).send(answer.body);
}

/**
 * What an unexpected failure of a money request answers: the route's own code (nothing moved),
 * unless the database was unavailable or the queue full (503, nothing ran: try again), or the
 * connection broke while the transaction was out (503 `outcome_unknown`: it may have committed,
 * and the same request with the same key tells).
 */
export function failedMoneyRequest(request: FastifyRequest, error: unknown, code: ErrorCode): unknown {
  if (isAppError(error) || isDatabaseUnavailable(error)) return error;
  const overloaded = overloadedError(error);
  if (overloaded) return overloaded;
  if (isConnectionLost(error)) {
    request.log.warn({ err: error }, 'the outcome of a money request is unknown: its connection broke');
    return new AppError('outcome_unknown', { cause: error });
  }
  request.log.error({ err: error }, `${code.replaceAll('_', ' ')}`);
  return new AppError(code, { cause: error });
}

/**
 * A failure of work sent to the database as one statement (a batch of movements) whose outcome is
 * unknown unless PostgreSQL itself refused it: a lost connection, or an error of ours after the
 * statement ran, may come after COMMIT. Refusals, a full queue and an unreachable database pass as
 * they are (nothing ran).
 */
export function unknownUnlessRefused(error: unknown): unknown {
  if (isAppError(error) || isRejectedByDatabase(error) || isDatabaseUnavailable(error)) return error;
  if (overloadedError(error)) return error;
  return new AppError('outcome_unknown', { cause: error });
}

/** What a money request's work is given besides its transaction. */
export interface MoneyWork {
  /** Live events to publish once the transaction has committed (only the first time). */
  events: PendingEvent[];
  /**
   * The card processor's reference for this request's charge or payout: the same for every retry
   * with the same key, so that the processor charges once (see processorReferenceOf).
   */
  processorReference: string;
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
  work: (tx: AppDatabase, moneyWork: MoneyWork) => Promise<StoredAnswer>,
): Promise<MoneyAnswer> {
  const now = context.now();
  let events: PendingEvent[] = [];
  const key = idempotencyKeyOf(request);
  const idempotent = { scope: userId, key, fingerprint: { route, body: request.body }, now };
  const processorReference = processorReferenceOf({ scope: userId, route, key });
  // A deadlock rolls the whole attempt back (the sandbox processor's records too): run it again.
  // A connection lost while the COMMIT was out leaves the outcome unknown: the same key tells.
  const answer = await retryTransientConflicts(
    () =>
      withIdempotency(context.db, idempotent, (tx) => {
        events = [];
        return work(tx, { events, processorReference });
      }),
    {
      onRetry: (error, attempt) =>
        request.log.warn(
          { err: error, attempt },
          'money request hit a transient database conflict; retrying',
        ),
    },
  ).catch((error: unknown) => {
    throw isConnectionLost(error) ? new AppError('outcome_unknown', { cause: error }) : error;
  });
  if (!answer.replayed) publishAll(context.live, events);
  return answer;
}

/** "Visa ending in 4242", "bank account ending in 3000": the English description's method part. */
export function methodLabel(method: { type: string; brand: string | null; last4: string }): string {
  const name =
    method.type === 'card' ? (CARD_BRAND_NAMES[method.brand as CardBrand] ?? 'card') : 'bank account';
  return `${name} ending in ${method.last4}`;
}
