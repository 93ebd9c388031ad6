import { SIGN_IN_BACKOFF } from '@ztart/shared/limits';
import { eq, lte, sql } from 'drizzle-orm';
import { addSeconds } from '../../clock.ts';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { hashedKey } from '../../http/rate-limit.ts';
import { signInThrottles } from '../auth/tables.ts';

/** Stale rows (no attempt for forgetAfterSeconds) are removed at most this often per server. */
const PRUNE_EVERY_MS = 60_000;

/** The wait before the next attempt once `failures` attempts in a row have failed (SIGN_IN_BACKOFF). */
export function backoffSecondsAfter(failures: number): number {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = SIGN_IN_BACKOFF;
  if (failures < freeFailures) return 0;
  // The exponent is bounded so that a long siege cannot overflow the arithmetic.
  return Math.min(firstDelaySeconds * 2 ** Math.min(failures - freeFailures, 30), maxDelaySeconds);
}

function accountKeyOf(email: string): string {
  return hashedKey('sign-in-account', email);
}

/**
 * The per-account sign-in back-off, kept in the database so that every server instance counts
 * together. An attempt is claimed before its password is checked: the claim counts it and, past
 * the free failures, blocks the next one for the back-off of a failure now; a success then
 * deletes the row. So attempts sent at once for one account are counted one by one.
 */
export class SignInThrottle {
  #lastPrunedAt = 0;

  constructor(private readonly db: AppDatabase) {}

  /**
   * Counts an attempt for this email; answers how many attempts in a row it makes. While the
   * account waits out its back-off: 429 `rate_limited` with `retryAfterSeconds`, for a registered
   * address or not alike.
   */
  async claim(email: string, now: Date): Promise<number> {
    await this.#pruneNowAndThen(now);
    const key = accountKeyOf(email);
    const forgottenBefore = addSeconds(now, -SIGN_IN_BACKOFF.forgetAfterSeconds);
    const streakGoesOn = sql`${signInThrottles.lastAttemptAt} > ${timestampSql(forgottenBefore)}`;
    const attempts = sql`CASE WHEN ${streakGoesOn} THEN ${signInThrottles.attempts} + 1 ELSE 1 END`;
    const [claimed] = await this.db
      .insert(signInThrottles)
      .values({
        accountKey: key,
        attempts: 1,
        lastAttemptAt: now,
        blockedUntil: blockedUntilSql(sql`1`, now),
      })
      .onConflictDoUpdate({
        target: signInThrottles.accountKey,
        set: { attempts, lastAttemptAt: now, blockedUntil: blockedUntilSql(attempts, now) },
        setWhere: sql`${signInThrottles.blockedUntil} IS NULL OR ${signInThrottles.blockedUntil} <= ${timestampSql(now)} OR NOT (${streakGoesOn})`,
      })
      .returning({ attempts: signInThrottles.attempts });
    if (claimed) return claimed.attempts;
    throw await this.#waitError(key, now);
  }

  async #waitError(key: string, now: Date): Promise<AppError> {
    const [row] = await this.db
      .select({ blockedUntil: signInThrottles.blockedUntil })
      .from(signInThrottles)
      .where(eq(signInThrottles.accountKey, key));
    const waitMs = (row?.blockedUntil?.getTime() ?? now.getTime()) - now.getTime();
    return new AppError('rate_limited', {
      details: { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
    });
  }

  async #pruneNowAndThen(now: Date): Promise<void> {
    if (Date.now() - this.#lastPrunedAt < PRUNE_EVERY_MS) return;
    this.#lastPrunedAt = Date.now();
    const forgottenBefore = addSeconds(now, -SIGN_IN_BACKOFF.forgetAfterSeconds);
    await this.db.delete(signInThrottles).where(lte(signInThrottles.lastAttemptAt, forgottenBefore));
  }
}

/** The right password, or a new one set from a reset link: the account starts over with no failure. */
export async function forgetSignInFailures(db: AppDatabase, email: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.accountKey, accountKeyOf(email)));
}

/**
 * When the attempt after this one may come, if this one fails: `now` plus backoffSecondsAfter the
 * attempts counted so far, null while they are within the free failures.
 */
function blockedUntilSql(attempts: ReturnType<typeof sql>, now: Date) {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = SIGN_IN_BACKOFF;
  const delaySeconds = sql`LEAST(${firstDelaySeconds}::float8 * power(2::float8, LEAST((${attempts}) - ${freeFailures}::int, 30)::float8), ${maxDelaySeconds}::float8)`;
  return sql`CASE WHEN (${attempts}) >= ${freeFailures}::int THEN ${timestampSql(now)} + make_interval(secs => ${delaySeconds}) ELSE NULL END`;
}

function timestampSql(date: Date) {
  return sql`${date.toISOString()}::timestamptz`;
}
