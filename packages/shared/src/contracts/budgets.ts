import { z } from 'zod';
import { BUDGET_LIMITS } from '../limits.ts';
import { amountMinorSchema, currencySchema } from './wallet.ts';

/**
 * Monthly budgets (spec §2 Budget): a spending limit per category and currency for one calendar
 * month of the person's time zone (their profile's `timeZone`). What was spent is never stored: it
 * is the sum of the person's expense transactions of that month, category and currency that are
 * pending or completed (a failed one moved nothing).
 */

/** A calendar month, `YYYY-MM`, in the same years as the app's calendar dates. */
export const BUDGET_MONTH_PATTERN = /^(19\d{2}|20\d{2}|2100)-(0[1-9]|1[0-2])$/;
export const budgetMonthSchema = z.string().regex(BUDGET_MONTH_PATTERN, 'validation.month');
export type BudgetMonth = z.infer<typeof budgetMonthSchema>;

/** How much of a budget may be spent before its alerts: notifications at these percentages, once each. */
export const BUDGET_ALERT_PERCENTS = [80, 100] as const;
export type BudgetAlertPercent = (typeof BUDGET_ALERT_PERCENTS)[number];

/** The transaction statuses whose expenses count as spent. */
export const BUDGET_COUNTED_STATUSES = ['pending', 'completed'] as const;

/** The month before or after `month` (`YYYY-MM`). */
export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + by;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The first and last months a budget may be set for, seen from the person's current month
 * (BUDGET_LIMITS). `YYYY-MM` strings sort as the months do, so plain comparisons test a month.
 */
export function budgetMonthWindow(currentMonth: string): { first: string; last: string } {
  return {
    first: shiftMonth(currentMonth, -BUDGET_LIMITS.monthsBack),
    last: shiftMonth(currentMonth, BUDGET_LIMITS.monthsAhead),
  };
}

/** The month (`YYYY-MM`) that `at` falls in, in `timeZone`. */
export function monthIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const year = parts.find((part) => part.type === 'year')?.value ?? '1970';
  const month = parts.find((part) => part.type === 'month')?.value ?? '01';
  return `${year}-${month}`;
}

export const budgetSchema = z
  .object({
    id: z.uuid(),
    month: budgetMonthSchema,
    categoryId: z.uuid(),
    currency: currencySchema,
    /** The limit for the month. */
    amountMinor: z.number().int(),
    /** The month's pending and completed expenses in this category and currency. */
    spentMinor: z.number().int(),
    /** What may still be spent: the limit less what was spent, never below zero. */
    remainingMinor: z.number().int(),
    /** The limit less what was spent: negative when the budget is overspent. */
    varianceMinor: z.number().int(),
    /** Whole per cent of the limit spent, rounded down (above 100 when overspent). */
    percentUsed: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Budget' });
export type Budget = z.infer<typeof budgetSchema>;

export const budgetTotalSchema = z.object({
  currency: currencySchema,
  amountMinor: z.number().int(),
  spentMinor: z.number().int(),
  remainingMinor: z.number().int(),
  varianceMinor: z.number().int(),
});
export type BudgetTotal = z.infer<typeof budgetTotalSchema>;

/** `GET /api/budgets?month=YYYY-MM` (this month of the person's time zone without it). */
export const budgetQuerySchema = z.object({ month: budgetMonthSchema.optional() });

/**
 * The month's budgets (in the order they were created) with the totals per currency, the month
 * itself, the person's current month and the time zone that both were read in.
 */
export const budgetListResponseSchema = z
  .object({
    month: budgetMonthSchema,
    currentMonth: budgetMonthSchema,
    timeZone: z.string(),
    items: z.array(budgetSchema),
    totals: z.array(budgetTotalSchema),
  })
  .meta({ id: 'BudgetList' });
export type BudgetListResponse = z.infer<typeof budgetListResponseSchema>;

/**
 * `POST /api/budgets` → 201 Budget. One budget per month, category and currency: another →
 * 409 `budget_exists`. A category that is not the person's → 404 `not_found`.
 */
export const createBudgetRequestSchema = z
  .object({
    month: budgetMonthSchema,
    categoryId: z.uuid(),
    currency: currencySchema,
    amountMinor: amountMinorSchema,
  })
  .meta({ id: 'CreateBudgetRequest' });
export type CreateBudgetRequest = z.infer<typeof createBudgetRequestSchema>;

/** `PATCH /api/budgets/{id}` → Budget: a new limit. `DELETE /api/budgets/{id}` → 204. */
export const budgetParamsSchema = z.object({ id: z.uuid() });
export const updateBudgetRequestSchema = z
  .object({ amountMinor: amountMinorSchema })
  .meta({ id: 'UpdateBudgetRequest' });
export type UpdateBudgetRequest = z.infer<typeof updateBudgetRequestSchema>;

/**
 * `POST /api/budgets/copy` → the BudgetList of `toMonth` and how many budgets were copied: every
 * budget of `fromMonth` whose category and currency `toMonth` does not have yet, with its limit.
 * The same month twice → 400 `validation_failed`.
 */
export const copyBudgetsRequestSchema = z
  .object({ fromMonth: budgetMonthSchema, toMonth: budgetMonthSchema })
  .refine((body) => body.fromMonth !== body.toMonth, {
    error: 'validation.monthsDiffer',
    path: ['toMonth'],
  })
  .meta({ id: 'CopyBudgetsRequest' });
export type CopyBudgetsRequest = z.infer<typeof copyBudgetsRequestSchema>;
export const copyBudgetsResponseSchema = budgetListResponseSchema
  .extend({ copied: z.number().int() })
  .meta({ id: 'CopyBudgetsResponse' });
export type CopyBudgetsResponse = z.infer<typeof copyBudgetsResponseSchema>;
