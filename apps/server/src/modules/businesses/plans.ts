import {
  PLAN_LEVELS,
  PLAN_PERIOD_MONTHS,
  type PlanLevel,
  type PlansResponse,
  planPrice,
  planPriceMinor,
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
import type { PendingEvent } from '../notifications/live.ts';
import { notificationEvents, notify } from '../notifications/service.ts';
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

type SubscriptionRow = typeof planSubscriptions.$inferSelect;
/** What levelAt reads of a subscription: its period's end and the level waiting for it. */
export type SubscriptionPeriod = { periodEnd: Date | null; pendingLevel: string | null };

/**
 * The level a person has at `now`, from what is stored, without writing (decision 0046): a paid
 * period that ended and was not renewed yet reads as the level waiting (a downgrade), else as
 * freemium, until the renewal worker has paid the next month. A level without a subscription (an
 * admin's) is what is stored. `sub` may be the subscription's columns of a left join, all null
 * when there is none.
 */
export function levelAt(stored: UserLevel, sub: SubscriptionPeriod | null | undefined, now: Date): UserLevel {
  if (!sub?.periodEnd || sub.periodEnd > now) return stored;
  return (sub.pendingLevel as PlanLevel | null) ?? 'freemium';
}

/** levelAt of a person, read from their profile and subscription. */
export async function levelNow(db: AppDatabase, userId: string, now: Date): Promise<UserLevel> {
  const [row] = await db
    .select({
      userLevel: profiles.userLevel,
      periodEnd: planSubscriptions.periodEnd,
      pendingLevel: planSubscriptions.pendingLevel,
    })
    .from(profiles)
    .leftJoin(planSubscriptions, eq(planSubscriptions.userId, profiles.id))
    .where(eq(profiles.id, userId));
  if (!row) return 'freemium';
  return levelAt(row.userLevel as UserLevel, row, now);
}

async function setLevel(tx: AppDatabase, userId: string, level: UserLevel, now: Date) {
  await tx.update(profiles).set({ userLevel: level, updatedAt: now }).where(eq(profiles.id, userId));
}

/**
 * An admin sets a person's level (decision 0046): it is no paid subscription, so whatever
 * subscription they had ends with it (no renewal charge, no downgrade later); the level stays until
 * an admin or the person changes it. Runs inside the caller's transaction.
 */
export async function setLevelByAdmin(tx: AppDatabase, userId: string, level: UserLevel, now: Date) {
  await tx.delete(planSubscriptions).where(eq(planSubscriptions.userId, userId));
  await setLevel(tx, userId, level, now);
}

/** The key a period's renewal is paid under, in the person's scope: each period is paid once. */
export function renewalKeyOf(periodEnd: Date): string {
  return `plan-renewal:${periodEnd.toISOString()}`;
}

export type RenewalOutcome =
  | { userId: string; outcome: 'renewed'; level: PlanLevel; periodEnd: Date }
  | { userId: string; outcome: 'ended'; level: UserLevel }
  | { userId: string; outcome: 'unpaid'; level: PlanLevel };

/**
 * Applies the end of one claimed subscription's period (the row locked by the caller): the level
 * waiting (a downgrade) or the same level starts its next month, paid from the wallet through the
 * ledger movement under renewalKeyOf(period end), so a period is paid once even when a crash makes
 * the worker try again; the next period follows the one that ended, or starts now when the worker
 * comes to it a whole period late (never a charge for months gone by). A downgrade to freemium
 * ends the subscription; a wallet without the money ends it too, the level goes back to freemium,
 * and the person is told (`plan_renewal_failed`).
 */
export async function renewOne(
  tx: AppDatabase,
  sub: SubscriptionRow,
  now: Date,
): Promise<{ outcome: RenewalOutcome; events: PendingEvent[] }> {
  const { userId } = sub;
  const next = (sub.pendingLevel ?? sub.level) as PlanLevel;
  const currency = sub.currency as Currency;
  if (next === 'freemium') {
    await tx.delete(planSubscriptions).where(eq(planSubscriptions.userId, userId));
    await setLevel(tx, userId, 'freemium', now);
    return { outcome: { userId, outcome: 'ended', level: 'freemium' }, events: [] };
  }
  const amountMinor = planPriceMinor(next, currency);
  const prepared = walletPaymentOrder({
    key: renewalKeyOf(sub.periodEnd),
    requestHash: requestHashOf({
      route: 'plan-renewal',
      level: next,
      currency,
      periodEnd: sub.periodEnd.toISOString(),
    }),
    from: { userId, ztartag: null, name: '' },
    to: PLATFORM,
    amountMinor,
    currency,
    now,
    // A renewal the person agreed to when subscribing: no session, no PIN to ask.
    checkPin: false,
    note: null,
    sentDescription: `Plan ${next}`,
    receivedDescription: `Plan ${next}`,
    notifyRecipient: false,
    audit: { request: null, userId, actionType: 'plan_renewal', resource: `plan:${next}` },
    answer: () => ({ level: next }),
  });
  await ensurePlatformAccount(tx);
  try {
    await runAllOrNothing(tx, [prepared.order]);
  } catch (error) {
    if (!isAppError(error)) throw error;
    await tx.delete(planSubscriptions).where(eq(planSubscriptions.userId, userId));
    await setLevel(tx, userId, 'freemium', now);
    const notification = await notify(tx, {
      userId,
      type: 'system',
      event: 'plan_renewal_failed',
      data: { planLevel: next, amountMinor, currency },
      now,
    });
    return { outcome: { userId, outcome: 'unpaid', level: next }, events: notificationEvents(notification) };
  }
  const following = addPeriod(sub.periodEnd);
  const periodEnd = following > now ? following : addPeriod(now);
  await tx
    .update(planSubscriptions)
    .set({ level: next, pendingLevel: null, periodEnd, updatedAt: now })
    .where(eq(planSubscriptions.userId, userId));
  await setLevel(tx, userId, next, now);
  return { outcome: { userId, outcome: 'renewed', level: next, periodEnd }, events: [] };
}

async function storedLevelOf(tx: AppDatabase, userId: string, lock: boolean): Promise<UserLevel> {
  const query = tx.select({ userLevel: profiles.userLevel }).from(profiles).where(eq(profiles.id, userId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('user_profile_not_found');
  return row.userLevel as UserLevel;
}

function toSubscription(stored: UserLevel, sub: SubscriptionRow | undefined, now: Date): Subscription {
  const paid = sub && sub.periodEnd > now ? sub : undefined;
  return {
    level: levelAt(stored, sub, now),
    periodEnd: paid?.periodEnd.toISOString() ?? null,
    pendingLevel: (paid?.pendingLevel as PlanLevel | null | undefined) ?? null,
    currency: (paid?.currency as Currency | undefined) ?? null,
  };
}

async function subscriptionOf(db: AppDatabase, userId: string, now: Date): Promise<Subscription> {
  const stored = await storedLevelOf(db, userId, false);
  const [sub] = await db.select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId));
  return toSubscription(stored, sub, now);
}

/**
 * `GET /api/plans`: the plans priced in every currency (the person's own first: their
 * subscription's, else the one they hold most of) and their subscription as it stands now. A read:
 * it computes the level (a period that ended reads as the lower level) and never writes.
 */
export async function listPlans(context: AppContext, userId: string): Promise<PlansResponse> {
  const now = context.now();
  const [sub] = await context.db.select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId));
  const currency = (sub?.currency as Currency | undefined) ?? (await defaultCurrencyOf(context.db, userId));
  return {
    items: PLAN_LEVELS.map((level) => planPrice(level, currency)),
    subscription: await subscriptionOf(context.db, userId, now),
  };
}

/**
 * `POST /api/plans/subscription`: a higher plan is paid now (one ledger movement to the platform's
 * account, under the request's key, at the plan's price in the wallet's currency) and starts a
 * period at once; a lower one waits for the end of the period (or starts now without a paid
 * period); the current one cancels a waiting downgrade. The level and the subscription change in
 * the same database transaction as the money, with the subscription row locked first, as the
 * renewal worker locks it.
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
      const [sub] = await tx
        .select()
        .from(planSubscriptions)
        .where(eq(planSubscriptions.userId, userId))
        .for('update');
      const stored = await storedLevelOf(tx, userId, true);
      const current = levelAt(stored, sub, now);
      const target = body.level;
      if (planRank(target) > planRank(current)) {
        const periodEnd = addPeriod(now);
        const amountMinor = planPriceMinor(target, currency);
        const subscription: Subscription = {
          level: target,
          periodEnd: periodEnd.toISOString(),
          pendingLevel: null,
          currency,
        };
        const prepared = walletPaymentOrder({
          key,
          requestHash,
          from: { userId, ztartag: null, name: '' },
          to: PLATFORM,
          amountMinor,
          currency,
          now,
          checkPin: asksForPin(signedIn, amountMinor, now),
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
        // The current plan again cancels a waiting downgrade; a lower one waits for the period's
        // end. A period that ended and waits for the renewal worker is changed the same way: the
        // worker applies it, and charges for it, once.
        const pendingLevel = target === sub.level ? null : target;
        await tx
          .update(planSubscriptions)
          .set({ pendingLevel, updatedAt: now })
          .where(eq(planSubscriptions.userId, userId));
      } else if (target !== current) {
        // No paid period (a level set by an admin): the lower plan starts now.
        await setLevel(tx, userId, target, now);
      }
      return { statusCode: 200, body: await subscriptionOf(tx, userId, now), replayed: false };
    });
  } catch (error) {
    throw failedMoneyRequest(request, error, 'transfer_failed');
  }
}
