import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HOURS, IDEMPOTENCY_KEY_MAX_LENGTH } from '@ztart/shared/contracts/wallet';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { errorBody } from '../../http/error-handler.ts';
import { AppError } from '../../http/errors.ts';
import { idempotencyKeys } from './tables.ts';

/** What a money-moving route answers: kept as it was for a repeat of the same key. */
export interface StoredAnswer<Body = unknown> {
  statusCode: number;
  body: Body;
}

export interface IdempotentRequest {
  /** Whose key it is: a person's id, or `anon:<...>` for a payer without an account. */
  scope: string;
  /** The Idempotency-Key header (required of every money-moving request). */
  key: string;
  /** The route and everything that decides the answer: a reuse with other details is refused. */
  fingerprint: unknown;
  now: Date;
}

/**
 * The Idempotency-Key header of a money-moving request: 1 to 255 visible characters. Required:
 * without it a request whose answer was lost (a dropped connection, a crash after commit) could
 * only be sent again as a new payment, or not at all — with it, the same request again tells what
 * happened, and never moves money twice.
 */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  if (header === undefined) throw new AppError('idempotency_key_required');
  const key = Array.isArray(header) ? header[0] : header;
  if (
    key === undefined ||
    key.length === 0 ||
    key.length > IDEMPOTENCY_KEY_MAX_LENGTH ||
    !/^[\x21-\x7e]+$/.test(key)
  ) {
    throw new AppError('idempotency_key_invalid', {
      message: `The Idempotency-Key header must have 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters.`,
    });
  }
  return key;
}

/**
 * Runs `work` in one database transaction together with the record of its answer, so that the
 * money it moves and the key are committed, or neither. A repeat of a committed key with the same
 * fingerprint returns the stored answer without running `work`; with another fingerprint →
 * `idempotency_conflict`. Two requests with one key at the same moment: the second waits on the
 * key's row, then answers as the first did. When `work` throws, nothing is kept and a retry runs
 * again; an answer that `work` returns (even a refusal such as a declined card) is kept.
 */
export async function withIdempotency<Body>(
  db: AppDatabase,
  request: IdempotentRequest,
  work: (tx: AppDatabase) => Promise<StoredAnswer<Body>>,
): Promise<StoredAnswer<Body> & { replayed: boolean }> {
  const { key, scope, now } = request;
  const requestHash = requestHashOf(request.fingerprint);
  // No look-up first: claiming the key tells a repeat too (its primary key refuses the claim), and
  // a first request, the usual case, saves the round trip.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await db.transaction(async (tx) => {
        // Claims the key first: a concurrent request with the same key blocks here until this
        // transaction ends, then fails on the primary key and reads the answer below.
        await tx.insert(idempotencyKeys).values({
          scope,
          key,
          requestHash,
          statusCode: 0,
          response: sql`'null'::jsonb`,
          createdAt: now,
          expiresAt: keyExpiryOf(now),
        });
        const result = await work(tx);
        await tx
          .update(idempotencyKeys)
          .set({ statusCode: result.statusCode, response: result.body as object })
          .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
        return result;
      });
      return { ...answer, replayed: false };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const stored = await findAnswer(db, scope, key, requestHash, now);
      if (stored && stored !== 'expired') return stored as StoredAnswer<Body> & { replayed: true };
      // A key past its retention is free again: remove it and claim it once more.
      if (stored === 'expired' && attempt === 0) {
        await deleteKey(db, scope, key, now);
        continue;
      }
      throw error;
    }
  }
}

/** An AppError as an answer to keep (a refusal after which the retry must not run again). */
export function errorAnswer(error: AppError): StoredAnswer {
  return { statusCode: error.statusCode, body: errorBody(error.code, error.message, error.details) };
}

/** Removes keys older than their retention; returns how many went. */
export async function deleteExpiredKeys(db: AppDatabase, now: Date): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

async function findAnswer(
  db: AppDatabase,
  scope: string,
  key: string,
  requestHash: string,
  now: Date,
): Promise<(StoredAnswer & { replayed: true }) | 'expired' | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!row) return null;
  if (row.expiresAt < now) return 'expired';
  if (row.requestHash !== requestHash) throw new AppError('idempotency_conflict');
  return { statusCode: row.statusCode, body: row.response, replayed: true };
}

/** Frees a key whose retention has passed, so that it can be used again. */
async function deleteKey(db: AppDatabase, scope: string, key: string, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), lt(idempotencyKeys.expiresAt, now)),
    );
}

/** What a kept key remembers of its request: a repeat with another hash is a conflict. */
export function requestHashOf(fingerprint: unknown): string {
  return createHash('sha256').update(stableJson(fingerprint)).digest('hex');
}

/**
 * The reference a card processor gets for the charge or payout of one request: the same for every
 * retry of that request (same person or payer, same route, same key), so that the processor
 * charges once however often we ask, as real processors do with their idempotency keys. A hash:
 * the processor never sees our people's ids, and one person's key can never name another's charge.
 */
export function processorReferenceOf(request: { scope: string; route: string; key: string }): string {
  return createHash('sha256')
    .update(['processor-reference', request.route, request.scope, request.key].join('\u0000'))
    .digest('hex')
    .slice(0, 40);
}

/** When a key first used at `now` may be used again for another request. */
export function keyExpiryOf(now: Date): Date {
  return new Date(now.getTime() + IDEMPOTENCY_KEY_HOURS * 3_600_000);
}

/** JSON with object keys sorted, so that the same body always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, item]) => `${JSON.stringify(k)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
