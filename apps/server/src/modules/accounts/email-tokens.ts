import type { EMAIL_TOKEN_PURPOSES } from '@ztart/shared/contracts/auth';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { hashToken, randomToken } from '../auth/secrets.ts';
import { type AuthTokenRow, authTokens } from '../auth/tables.ts';

export type TokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number] | 'reset_password';

/** Creates a single-use token for a mail link; only its hash is stored. */
export async function issueEmailToken(
  db: AppDatabase,
  options: { userId: string; purpose: TokenPurpose; email: string; expiresAt: Date },
): Promise<string> {
  const token = randomToken();
  await db.insert(authTokens).values({ ...options, tokenHash: hashToken(token) });
  return token;
}

/**
 * Marks the token used and returns it, in one statement so that two clicks cannot both succeed.
 * Otherwise 400 `invalid_token` with the reason: `used`, `expired` or `invalid` (unknown, or meant
 * for something else).
 */
export async function consumeEmailToken(
  db: AppDatabase,
  token: string,
  purposes: readonly TokenPurpose[],
  now: Date,
): Promise<AuthTokenRow> {
  const tokenHash = hashToken(token);
  const [consumed] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        inArray(authTokens.purpose, [...purposes]),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning();
  if (consumed) return consumed;
  const [row] = await db.select().from(authTokens).where(eq(authTokens.tokenHash, tokenHash)).limit(1);
  const reason =
    !row || !purposes.includes(row.purpose as TokenPurpose) ? 'invalid' : row.usedAt ? 'used' : 'expired';
  throw new AppError('invalid_token', { details: { reason } });
}

/** Ends every unused token of a kind for a person (a newer one replaced them, or they no longer apply). */
export async function voidEmailTokens(db: AppDatabase, userId: string, purpose: TokenPurpose, now: Date) {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}
