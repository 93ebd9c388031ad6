import {
  PLAN_LEVELS,
  PLAN_PERIOD_MONTHS,
  PLAN_PRICES_MINOR,
  type PlanLevel,
  type PlansResponse,
  planPrice,
  planRank,
  type SubscribeRequest,
  type Subscription,
} from '@ztart/shared/contracts/plans';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import type { UserLevel } from '@ztart/shared/roles';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { users } from '../auth/tables.ts';
import { failedMoneyRequest, type MoneyAnswer } from '../idempotency/money-request.ts';
import { idempotencyKeyOf, requestHashOf } from '../idempotency/service.ts';
import { idempotencyKeys } from '../idempotency/tables.ts';
import { balances } from '../ledger/service.ts';
import { asksForPin } from '../limits/limits.ts';
import { profiles } from '../profiles/tables.ts';
import { runAllOrNothing, walletPaymentOrder } from './money.ts';
import { PLATFORM_ACCOUNT_ID, planSubscriptions } from './tables.ts';

const PLATFORM = { userId: PLATFORM_ACCOUNT_ID, ztartag: null, name: 'Ztart Tips' };
/**
 * The platform's account, made with the first plan paid (so that a new database holds nobody but
 * the people it was given): a users row without password, which cannot sign in, and its profile.
 */
async function ensurePlatformAccount(tx: AppDatabase): Promise<void> {
  await tx
    .insert(users)
    .values({ id: PLATFORM_ACCOUNT_ID, email: 'platform@accounts.invalid' })
    .onConflictDoNothing();
  await tx.insert(profiles).values({ id: PLATFORM_ACCOUNT_ID, fullName: 'Ztart Tips' }).onConflictDoNothing();
}

/** Periods applied at most in one read: someone away for a year catches up once, not forever. */
const MAX_PERIODS_AT_ONCE = 24;

export function addPeriod(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + PLAN_PERIOD_MONTHS);
  return next;
}

function isPlanLevel(level: string): level is PlanLevel {
  return (PLAN_LEVELS as readonly string[]).includes(level);
}

/** The currency a person pays in unless they say: the one they hold most of, else USD. */
async function defaultCurrencyOf(db: AppDatabase, userId: string): Promise<Currency> {
  const held = (await balances(db, userId))
    .filter((account) => account.kind === 'wallet_available' && account.balanceMinor > 0)
    .sort((a, b) => b.balanceMinor - a.balanceMinor)[0];
  return (held?.currency as Currency | undefined) ?? CURRENCIES[0];
}

async function levelOf(tx: AppDatabase, userId: string, lock: boolean): Promise<UserLevel> {
  const query = tx.select({ userLevel: profiles.userLevel }).from(profiles).where(eq(profiles.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('user_profile_not_found');
  return row.userLevel as UserLevel;
}

async function setLevel(tx: AppDatabase, userId: string, level: UserLevel, now: Date) {
  await tx.update(profiles).set({ userLevel: level, updatedAt: now }).where(eq(profiles.id, userId));
}

/**
 * Applies what fell due (decision 0039): at the end of a paid period the level waiting (a
 * downgrade) or the same level starts its next period, paid from the wallet through the ledger
 * movement (key `plan-renewal:<period end>`, so it is paid once); freemium, or a wallet without the
 * money, ends the subscription and the level becomes freemium. Runs inside the caller's transaction.
 */
export async function settleSubscription(tx: AppDatabase, userId: string, now: Date): Promise<void> {
  for (let round = 0; round < MAX_PERIODS_AT_ONCE; round++) {
    const [sub] = await tx
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.userId, userId))
      .for('update');
    if (!sub || sub.periodEnd > now) return;
    const next = (sub.pendingLevel ?? sub.level) as PlanLevel;
    const currency = sub.currency as Currency;
    let paid = false;
    if (next !== 'freemium') {
      const prepared = walletPaymentOrder({
        key: `plan-renewal:${sub.periodEnd.toISOString()}`,
        requestHash: requestHashOf({
          route: 'plan-renewal',
          level: next,
          periodEnd: sub.periodEnd.toISOString(),
        }),
        from: { userId, ztartag: null, name: '' },
        to: PLATFORM,
        amountMinor: PLAN_PRICES_MINOR[next],
        currency,
        now,
        checkPin: false,
        note: null,
        sentDescription: `Plan ${next}`,
        receivedDescription: `Plan ${next}`,
        notifyRecipient: false,
        audit: { request: null, userId, actionType: 'plan_renewal', resource: `plan:${next}` },
        answer: () => ({ level: next }),
      });
      try {
        await ensurePlatformAccount(tx);
        await runAllOrNothing(tx, [prepared.order]);
        paid = true;
      } catch (error) {
        if (!isAppError(error)) throw error;
      }
    }
    if (paid) {
      await tx
        .update(planSubscriptions)
        .set({ level: next, pendingLevel: null, periodEnd: addPeriod(sub.periodEnd), updatedAt: now })
        .where(eq(planSubscriptions.userId, userId));
      await setLevel(tx, userId, next, now);
    } else {
      await tx.delete(planSubscriptions).where(eq(planSubscriptions.userId, userId));
      await setLevel(tx, userId, 'freemium', now);
      return;
    }
  }
}

async function subscriptionOf(db: AppDatabase, userId: string): Promise<Subscription> {
  const level = await levelOf(db, userId, false);
  const [sub] = await db.select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId));
  return {
    level,
    periodEnd: sub?.periodEnd.toISOString() ?? null,
    pendingLevel: (sub?.pendingLevel as PlanLevel | null | undefined) ?? null,
  };
}

/** `GET /api/plans`: settles what fell due, then the plans priced in the person's currency and their subscription. */
export async function listPlans(context: AppContext, userId: string): Promise<PlansResponse> {
  const now = context.now();
  await context.db.transaction((tx) => settleSubscription(tx, userId, now));
  const [sub] = await context.db.select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId));
  const currency = (sub?.currency as Currency | undefined) ?? (await defaultCurrencyOf(context.db, userId));
  return {
    items: PLAN_LEVELS.map((level) => planPrice(level, currency)),
    subscription: await subscriptionOf(context.db, userId),
  };
}

/**
 * `POST /api/plans/subscription`: a higher plan is paid now (one ledger movement to the platform's
 * account, under the request's key) and starts a period at once; a lower one waits for the end of
 * the period (or starts now without a paid period); the current one cancels a waiting downgrade.
 * The level and the subscription change in the same database transaction as the money.
 */
export async function subscribe(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  body: SubscribeRequest,
): Promise<MoneyAnswer> {
  const userId = signedIn.user.id;
  const now = context.now();
  try {
    const key = idempotencyKeyOf(request);
    const currency = body.currency ?? (await defaultCurrencyOf(context.db, userId));
    const requestHash = requestHashOf({
      route: 'POST /api/plans/subscription',
      body: { level: body.level, currency },
    });
    return await context.db.transaction(async (tx) => {
      // A request already answered under this key answers the same (it may have changed the level since).
      const [kept] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.scope, userId),
            eq(idempotencyKeys.key, key),
            gt(idempotencyKeys.expiresAt, now),
          ),
        );
      if (kept) {
        if (kept.requestHash !== requestHash) throw new AppError('idempotency_conflict');
        // The movement keeps its answers as 201; this route answers 200.
        return { statusCode: 200, body: kept.response, replayed: true };
      }
      await settleSubscription(tx, userId, now);
      const current = await levelOf(tx, userId, true);
      const [sub] = await tx.select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId));
      const target = body.level;
      if (planRank(target) > planRank(current)) {
        const periodEnd = addPeriod(now);
        const subscription: Subscription = {
          level: target,
          periodEnd: periodEnd.toISOString(),
          pendingLevel: null,
        };
        const prepared = walletPaymentOrder({
          key,
          requestHash: requestHashOf({
            route: 'POST /api/plans/subscription',
            body: { level: target, currency },
          }),
          from: { userId, ztartag: null, name: '' },
          to: PLATFORM,
          amountMinor: PLAN_PRICES_MINOR[target],
          currency,
          now,
          checkPin: asksForPin(signedIn, PLAN_PRICES_MINOR[target], now),
          note: null,
          sentDescription: `Plan ${target}`,
          receivedDescription: `Plan ${target}`,
          notifyRecipient: false,
          audit: { request, userId, actionType: 'plan_subscribe', resource: `plan:${target}` },
          answer: () => subscription,
        });
        await ensurePlatformAccount(tx);
        const { replayed, outcomes } = await runAllOrNothing(tx, [prepared.order]);
        const outcome = outcomes[0];
        if (replayed && outcome && outcome.error === undefined) {
          return { statusCode: 200, body: outcome.body, replayed: true };
        }
        await tx
          .insert(planSubscriptions)
          .values({ userId, level: target, currency, periodEnd, pendingLevel: null, updatedAt: now })
          .onConflictDoUpdate({
            target: planSubscriptions.userId,
            set: { level: target, currency, periodEnd, pendingLevel: null, updatedAt: now },
          });
        await setLevel(tx, userId, target, now);
        return { statusCode: 200, body: subscription, replayed: false };
      }
      if (sub && isPlanLevel(sub.level)) {
        // The current plan again cancels a waiting downgrade; a lower one waits for the period's end.
        const pendingLevel = target === current ? null : target;
        await tx
          .update(planSubscriptions)
          .set({ pendingLevel, updatedAt: now })
          .where(eq(planSubscriptions.userId, userId));
      } else if (target !== current) {
        // No paid period (a level set by an admin): the lower plan starts now.
        await setLevel(tx, userId, target, now);
      }
      return { statusCode: 200, body: await subscriptionOf(tx, userId), replayed: false };
    });
  } catch (error) {
    throw failedMoneyRequest(request, error, 'transfer_failed');
  }
}
