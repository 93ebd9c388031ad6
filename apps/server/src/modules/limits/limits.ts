import { OUTGOING_KINDS } from '@ztart/shared/contracts/transactions';
import type { WalletResponse } from '@ztart/shared/contracts/wallet';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import { fromReferenceMinor, referenceFactorOf, toReferenceMinor } from '@ztart/shared/reference-rates';
import { type AnyColumn, and, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { isVerifiedPerson, type LockedPayer } from '../profiles/payer.ts';
import { isPinUnlocked } from '../security/pin.ts';
import { userPins } from '../security/tables.ts';
import { transactions } from '../transactions/tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the 24 hours of the daily limit start. */
export function dayStartOf(now: Date): Date {
  return new Date(now.getTime() - DAY_MS);
}

/**
 * What a person sent (transfers, withdrawals, tips; not failed ones) in the 24 hours before `now`,
 * per currency, and all of it in reference minor units (US cents at the reference rates of
 * packages/shared), which the daily cap counts. Each amount is converted on its own, as the ledger
 * movement does, so both arrive at the same cent.
 */
export async function sentLast24h(
  db: AppDatabase,
  userId: string,
  now: Date,
): Promise<{ byCurrency: Map<Currency, number>; referenceMinor: number }> {
  const rows = await db
    .select({
      currency: transactions.currency,
      total: sql<string>`COALESCE(SUM(${transactions.amountMinor}), 0)`,
      reference: sql<string>`COALESCE(SUM(${referenceMinorOf(transactions.amountMinor, transactions.currency)}), 0)`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        inArray(transactions.kind, [...OUTGOING_KINDS]),
        ne(transactions.status, 'failed'),
        gt(transactions.createdAt, dayStartOf(now)),
      ),
    )
    .groupBy(transactions.currency);
  return {
    byCurrency: new Map(rows.map((row) => [row.currency as Currency, Number(row.total)])),
    referenceMinor: rows.reduce((sum, row) => sum + Number(row.reference), 0),
  };
}

/**
 * toReferenceMinor in SQL, on a column: minor units × numerator ÷ denominator, rounded half up, in
 * exact numeric arithmetic, with the factors of the one reference-rate table.
 */
function referenceMinorOf(amount: AnyColumn, currency: AnyColumn): SQL {
  const factors = CURRENCIES.map((code) => {
    const { numerator, denominator } = referenceFactorOf(code);
    return sql`WHEN ${code} THEN div(${amount}::numeric * ${numerator} + ${Math.floor(denominator / 2)}, ${denominator})`;
  });
  return sql`CASE ${currency} ${sql.join(factors, sql` `)} END`;
}

/** Whether the person has set a PIN. */
export async function hasPin(db: AppDatabase, userId: string): Promise<boolean> {
  const [pin] = await db
    .select({ userId: userPins.userId })
    .from(userPins)
    .where(eq(userPins.userId, userId));
  return pin !== undefined;
}

/**
 * Refuses an outgoing payment that breaks a limit of ARCHITECTURE.md §8: above the per-transaction
 * maximum or the unverified daily limit → `limit_exceeded` (with which limit and the headroom left);
 * above the no-PIN amount while a PIN is set and this session has not entered it → `pin_required`.
 * Call it after lockPayer, inside the movement's transaction; pass what lockPayer returned to
 * save reading the payer again.
 */
export async function assertWithinLimits(
  tx: AppDatabase,
  signedIn: SignedIn,
  payment: { amountMinor: number; currency: Currency },
  now: Date,
  payer?: LockedPayer,
): Promise<void> {
  const userId = signedIn.user.id;
  assertWithinTransferMax(payment.amountMinor);
  if (!(payer ? payer.verified : await isVerifiedPerson(tx, userId))) {
    const sent = (await sentLast24h(tx, userId, now)).referenceMinor;
    const remainingReferenceMinor = Math.max(0, AMOUNT_LIMITS.unverifiedDailyMinor - sent);
    if (toReferenceMinor(payment.amountMinor, payment.currency) > remainingReferenceMinor) {
      throw dailyLimitError(fromReferenceMinor(remainingReferenceMinor, payment.currency));
    }
  }
  if (asksForPin(signedIn, payment.amountMinor, now) && (await hasPin(tx, userId))) throw pinRequiredError();
}

/** Above the per-transaction maximum → `limit_exceeded` (transferMax). */
export function assertWithinTransferMax(amountMinor: number): void {
  if (amountMinor > AMOUNT_LIMITS.transferMaxMinor) {
    throw new AppError('limit_exceeded', {
      details: { limit: 'transferMax', limitMinor: AMOUNT_LIMITS.transferMaxMinor },
    });
  }
}

/**
 * An unverified person's payment above what their last 24 hours leave: the cap (limitMinor) is in
 * US cents, counted over every currency at the reference rates; remainingMinor is what is left in
 * the payment's currency.
 */
export function dailyLimitError(remainingMinor: number): AppError {
  return new AppError('limit_exceeded', {
    details: { limit: 'daily', limitMinor: AMOUNT_LIMITS.unverifiedDailyMinor, remainingMinor },
  });
}

/** A payment above the no-PIN amount, from a person with a PIN, in a session that has not entered it. */
export function pinRequiredError(): AppError {
  return new AppError('pin_required', { details: { noPinMaxMinor: AMOUNT_LIMITS.noPinMaxMinor } });
}

/** Whether the PIN is needed for this amount, if the person has set one. */
export function asksForPin(signedIn: SignedIn, amountMinor: number, now: Date): boolean {
  return amountMinor > AMOUNT_LIMITS.noPinMaxMinor && !isPinUnlocked(signedIn, now);
}

/** The limits part of `GET /api/wallet`. */
export async function limitsOf(
  db: AppDatabase,
  userId: string,
  now: Date,
): Promise<WalletResponse['limits']> {
  const [verified, pinSet, sent] = await Promise.all([
    isVerifiedPerson(db, userId),
    hasPin(db, userId),
    sentLast24h(db, userId, now),
  ]);
  return {
    minMinor: AMOUNT_LIMITS.minMinor,
    transferMaxMinor: AMOUNT_LIMITS.transferMaxMinor,
    noPinMaxMinor: AMOUNT_LIMITS.noPinMaxMinor,
    pinSet,
    verified,
    dailyLimitMinor: verified ? null : AMOUNT_LIMITS.unverifiedDailyMinor,
    sentLast24h: CURRENCIES.map((currency) => ({
      currency,
      amountMinor: sent.byCurrency.get(currency) ?? 0,
    })),
    sentLast24hReferenceMinor: sent.referenceMinor,
  };
}
