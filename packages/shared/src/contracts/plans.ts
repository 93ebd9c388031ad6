import { z } from 'zod';
import { BUSINESS_LIMITS, type BusinessLimits } from '../business.ts';
import { CURRENCIES, type Currency } from '../money.ts';
import { USER_LEVELS, type UserLevel } from '../roles.ts';

/**
 * Plans (issue 17, decision 0039): a person's `user_level` decides what they may do (spec §3, §6).
 * Business and enterprise are paid monthly from the wallet, through the ledger, to the platform's
 * revenue account; freemium is free. An upgrade is paid at once and starts a period of one month;
 * a downgrade takes effect at the end of the period. At the end of a period that has no downgrade
 * waiting, the next month is paid from the wallet when the person reads their plan or uses a
 * business; without the money the level falls back to freemium.
 */
export const PLAN_LEVELS = ['freemium', 'business', 'enterprise'] as const satisfies readonly UserLevel[];
export type PlanLevel = (typeof PLAN_LEVELS)[number];

/** Monthly price of each plan in minor units, the same figure in every currency the wallet holds. */
export const PLAN_PRICES_MINOR: Record<PlanLevel, number> = {
  freemium: 0,
  business: 2_900,
  enterprise: 9_900,
};

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
    priceMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
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
  return { level, priceMinor: PLAN_PRICES_MINOR[level], currency, limits: { ...planLimits(level) } };
}
