import { z } from 'zod';
import { BUSINESS_LIMITS, type BusinessLimits } from '../business.ts';
import { CURRENCIES, type Currency } from '../money.ts';
import { USER_LEVELS, type UserLevel } from '../roles.ts';

/**
 * Plans (issue 17, decisions 0039 and 0046): a person's `user_level` decides what they may do
 * (spec §3, §6). Business and enterprise are paid monthly from the wallet, through the ledger, to
 * the platform's revenue account, at the price of the wallet's currency; freemium is free. An
 * upgrade is paid at once and starts a period of one month; a downgrade takes effect at the end of
 * the period. The renewal worker pays the next month from the wallet when a period ends; without
 * the money the level falls back to freemium and the person is told. A level an admin sets is no
 * subscription: it neither renews nor lapses.
 */
export const PLAN_LEVELS = ['freemium', 'business', 'enterprise'] as const satisfies readonly UserLevel[];
export type PlanLevel = (typeof PLAN_LEVELS)[number];

/**
 * Monthly price of each plan in minor units of each wallet currency: local prices rounded the way
 * each market expects (…,99 or whole figures), near the US dollar price at the reference rates. The
 * wallet is charged in its own currency at its own price: no exchange happens.
 */
export const PLAN_PRICES_MINOR: Record<PlanLevel, Record<Currency, number>> = {
  freemium: { USD: 0, EUR: 0, BRL: 0, MXN: 0 },
  business: { USD: 2_900, EUR: 2_700, BRL: 15_900, MXN: 52_900 },
  enterprise: { USD: 9_900, EUR: 9_200, BRL: 54_900, MXN: 179_900 },
};

/** A plan's monthly price in a currency (minor units). */
export function planPriceMinor(level: PlanLevel, currency: Currency): number {
  return PLAN_PRICES_MINOR[level][currency];
}

/** How long one paid period lasts. */
export const PLAN_PERIOD_MONTHS = 1;

export function planLimits(level: PlanLevel): BusinessLimits {
  return level === 'freemium' ? BUSINESS_LIMITS.others : BUSINESS_LIMITS[level];
}

/** Rank of the plans: a subscription to a lower one is a downgrade (at the end of the period). */
export function planRank(level: UserLevel | null | undefined): number {
  if (level === 'enterprise') return 2;
  if (level === 'business') return 1;
  return 0;
}

export const planLevelSchema = z.enum(PLAN_LEVELS);

export const planSchema = z
  .object({
    level: planLevelSchema,
    /** The price in `currency`, the person's default one (the currency of their subscription, else the one they hold most of). */
    priceMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
    /** The price in every wallet currency: the person may pay from any of their wallets. */
    prices: z.array(z.object({ currency: z.enum(CURRENCIES), priceMinor: z.number().int() })),
    limits: z.object({
      teamMembers: z.number().int(),
      qrCodes: z.number().int(),
      monthlyTransfers: z.number().int(),
    }),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

export const subscriptionSchema = z
  .object({
    /** The person's level now (any of USER_LEVELS: an admin may have set one that is not a plan). */
    level: z.enum(USER_LEVELS),
    /** End of the paid period; null on a free level. */
    periodEnd: z.iso.datetime().nullable(),
    /** The level that starts at periodEnd (a downgrade asked for); null when the plan renews. */
    pendingLevel: planLevelSchema.nullable(),
    /** The currency the plan is paid in (renewals too); null without a paid plan. */
    currency: z.enum(CURRENCIES).nullable().optional(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `GET /api/plans` → the plans with their prices in the person's default currency, and the person's subscription. */
export const plansResponseSchema = z
  .object({ items: z.array(planSchema), subscription: subscriptionSchema })
  .meta({ id: 'PlanList' });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/**
 * `POST /api/plans/subscription` (Idempotency-Key header required) → 200 Subscription.
 * A higher plan is paid now in `currency` (default: the person's default currency; 422
 * `insufficient_balance` without the money) and starts at once; a lower plan waits for the end of
 * the period (`pendingLevel`); the current plan again cancels a waiting downgrade.
 */
export const subscribeRequestSchema = z
  .object({ level: planLevelSchema, currency: z.enum(CURRENCIES).optional() })
  .meta({ id: 'SubscribeRequest' });
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export function planPrice(level: PlanLevel, currency: Currency): Plan {
  return {
    level,
    priceMinor: planPriceMinor(level, currency),
    currency,
    prices: CURRENCIES.map((code) => ({ currency: code, priceMinor: planPriceMinor(level, code) })),
    limits: { ...planLimits(level) },
  };
}
