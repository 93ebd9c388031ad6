import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import type { Currency } from '@ztart/shared/money';
import { convertMinorRoundingUp } from '@ztart/shared/reference-rates';
import { isBusinessLevel, type UserLevel } from '@ztart/shared/roles';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { notFoundFor } from '../profiles/people.ts';
import { profiles } from '../profiles/tables.ts';
import { levelAt, type SubscriptionPeriod } from './plans.ts';
import { businesses, planSubscriptions } from './tables.ts';

/**
 * Whether a business takes tips: it is active and its owner is on a business plan now (a plan
 * whose period ended without renewal counts as the level it fell to).
 */
export function isBusinessOpen(
  status: string,
  ownerLevel: UserLevel,
  sub: SubscriptionPeriod | null,
  now: Date,
): boolean {
  return status === 'active' && isBusinessLevel(levelAt(ownerLevel, sub, now));
}

interface TipPolicy {
  open: boolean;
  /** The "minimum tip" (decision 0048) in the business's currency, or null when it set none. */
  minimumTipMinor: number | null;
  currency: Currency;
}

/** The tip policy of a business's account, or null when the account is a person's. */
async function tipPolicyOf(db: AppDatabase, accountId: string, now: Date): Promise<TipPolicy | null> {
  const [row] = await db
    .select({
      status: businesses.status,
      minimumTipMinor: businesses.minimumTipMinor,
      currency: businesses.currency,
      ownerLevel: profiles.userLevel,
      periodEnd: planSubscriptions.periodEnd,
      pendingLevel: planSubscriptions.pendingLevel,
    })
    .from(businesses)
    .innerJoin(profiles, eq(profiles.id, businesses.ownerId))
    .leftJoin(planSubscriptions, eq(planSubscriptions.userId, businesses.ownerId))
    .where(eq(businesses.accountId, accountId));
  if (!row) return null;
  return {
    open: isBusinessOpen(row.status, row.ownerLevel as UserLevel, row, now),
    minimumTipMinor: row.minimumTipMinor,
    currency: row.currency as Currency,
  };
}

/**
 * What a business's account asks of a tip to it; a person's account asks nothing here.
 *
 * - A business that is not open (suspended or closed, or its owner no longer on a business plan)
 *   takes no tips: its tag reads as nobody's, the same 404 as an unknown receiver, so that no money
 *   goes into an account nobody may spend from.
 * - A tip below the business's minimum tip: 422 `limit_exceeded` with
 *   `details: { limit: 'businessMinimumTip', limitMinor }` in the tip's currency (the page says the
 *   minimum). The minimum is kept in the business's currency; a tip in another currency is held to
 *   it converted at the reference rates, rounded up. Only a minimum above the platform's own
 *   quick-tip minimum refuses anything more than that one does.
 */
export async function assertBusinessTakesTip(
  db: AppDatabase,
  accountId: string,
  tip: { typedReceiver: string; amountMinor: number; currency: Currency },
  now: Date,
): Promise<void> {
  const policy = await tipPolicyOf(db, accountId, now);
  if (!policy) return;
  if (!policy.open) throw notFoundFor(tip.typedReceiver);
  if (policy.minimumTipMinor === null) return;
  const minimumMinor = convertMinorRoundingUp(policy.minimumTipMinor, policy.currency, tip.currency);
  if (minimumMinor <= AMOUNT_LIMITS.quickTipMinMinor) return;
  if (tip.amountMinor < minimumMinor) {
    throw new AppError('limit_exceeded', {
      details: { limit: 'businessMinimumTip', limitMinor: minimumMinor },
    });
  }
}
