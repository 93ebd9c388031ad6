import { z } from 'zod';
import { GOAL_LIMITS } from '../limits.ts';
import { safeText } from '../safe-text.ts';
import { calendarDateSchema } from '../validation.ts';
import { transactionSchema } from './transactions.ts';
import { amountMinorSchema, currencySchema } from './wallet.ts';

/**
 * Savings goals (issue 15, decision 0032). Money put into a goal leaves the wallet's available
 * balance and sits in the person's goal account of the ledger (one per currency); each goal keeps
 * how much of it is its own (`savedMinor`). Adding and taking out money are ledger movements, with
 * an Idempotency-Key, like a transfer.
 */
const goalNameSchema = safeText()
  .min(1, 'validation.required')
  .max(GOAL_LIMITS.nameMax, 'validation.tooLong');
const targetMinorSchema = amountMinorSchema.max(GOAL_LIMITS.targetMaxMinor, 'validation.amountMax');

/** `POST /api/goals` → 201 Goal. More than GOAL_LIMITS.perUser goals → 422 `limit_exceeded`. */
export const createGoalRequestSchema = z
  .object({
    name: goalNameSchema,
    targetMinor: targetMinorSchema,
    currency: currencySchema,
    /** The day the person wants to have it by (their calendar date). */
    targetDate: calendarDateSchema.optional(),
  })
  .meta({ id: 'CreateGoalRequest' });
export type CreateGoalRequest = z.infer<typeof createGoalRequestSchema>;

/** `PATCH /api/goals/{id}` → Goal. The currency never changes (the money in it is in that currency); null clears the date. */
export const updateGoalRequestSchema = z
  .object({
    name: goalNameSchema.optional(),
    targetMinor: targetMinorSchema.optional(),
    targetDate: calendarDateSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'validation.required',
  })
  .meta({ id: 'UpdateGoalRequest' });
export type UpdateGoalRequest = z.infer<typeof updateGoalRequestSchema>;

/**
 * `POST /api/goals/{id}/deposits` and `/withdrawals` (Idempotency-Key header required) → 201 Goal
 * as the movement left it (a repeat with the same key answers the same). A deposit takes the
 * money from the wallet's available balance in the goal's currency (422 `insufficient_balance`
 * otherwise); a withdrawal puts it back (422 `goal_savings_insufficient` above what the goal
 * holds). Above the no-PIN amount with a PIN set and the session not unlocked → 403
 * `pin_required`; above the transfer maximum → 422 `limit_exceeded`.
 */
export const goalMoveRequestSchema = z
  .object({ amountMinor: amountMinorSchema })
  .meta({ id: 'GoalMoveRequest' });
export type GoalMoveRequest = z.infer<typeof goalMoveRequestSchema>;

export const goalParamsSchema = z.object({ id: z.uuid() });

export const goalSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    targetMinor: z.number().int(),
    currency: currencySchema,
    savedMinor: z.number().int(),
    targetDate: z.iso.date().nullable(),
    /** `/api/goals/{id}/picture?v=…` (a new address for each picture), or null. */
    pictureUrl: z.string().nullable(),
    /** Whole percent saved of the target, 0 to 100 (100 only once the target is reached). */
    progressPercent: z.number().int().min(0).max(100),
    /** What is left to save each month, this one included, to reach the target by its date; null without a date or once reached. */
    monthlyNeededMinor: z.number().int().nullable(),
    /** When the saved amount first reached the target (the goal's notification was sent then). */
    reachedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Goal' });
export type Goal = z.infer<typeof goalSchema>;

/** `GET /api/goals` → every goal of the person, oldest first, and what they hold in goals per currency. */
export const goalListResponseSchema = z
  .object({
    items: z.array(goalSchema),
    totals: z.array(z.object({ currency: currencySchema, savedMinor: z.number().int() })),
  })
  .meta({ id: 'GoalList' });
export type GoalListResponse = z.infer<typeof goalListResponseSchema>;

/** What a money move into or out of a goal answers (and keeps under its key). */
export const goalMoveResponseSchema = goalSchema
  .extend({ transaction: transactionSchema })
  .meta({ id: 'GoalMove' });
export type GoalMoveResponse = z.infer<typeof goalMoveResponseSchema>;

/** Whole percent of the target saved: floored, so 100 means reached. */
export function goalProgressPercent(savedMinor: number, targetMinor: number): number {
  if (targetMinor <= 0 || savedMinor >= targetMinor) return 100;
  return Math.max(0, Math.floor((savedMinor * 100) / targetMinor));
}

/**
 * Months in which the person can still put money aside before the target date, this month
 * included: the months from today's to the date's, less the date's month when its day has
 * already gone by in it (a date of 5 March seen on 20 January leaves January and February).
 * At least 1: a date passed or today means everything left is needed now.
 */
export function monthsLeftUntil(targetDate: string, today: string): number {
  const [targetYear, targetMonth, targetDay] = targetDate.split('-').map(Number) as [number, number, number];
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const months = (targetYear - year) * 12 + (targetMonth - month) + (targetDay >= day ? 1 : 0);
  return Math.max(1, months);
}

/** What to save each month to reach the target by its date (rounded up to the minor unit), or null. */
export function goalMonthlyNeededMinor(
  goal: { savedMinor: number; targetMinor: number; targetDate: string | null },
  today: string,
): number | null {
  if (goal.targetDate === null || goal.savedMinor >= goal.targetMinor) return null;
  const leftMinor = goal.targetMinor - goal.savedMinor;
  return Math.ceil(leftMinor / monthsLeftUntil(goal.targetDate, today));
}
