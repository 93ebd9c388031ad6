import { z } from 'zod';
import { CURRENCIES } from '../money.ts';
import { safeText } from '../safe-text.ts';
import { isTimeZone } from '../time-zones.ts';
import { categorySchema, transactionSchema } from './transactions.ts';
import { walletBalanceSchema } from './wallet.ts';

/** How many of the newest transactions the home screen shows. */
export const DASHBOARD_RECENT_LIMIT = 5;

/**
 * `GET /api/dashboard?timeZone=`: the person's calendar is the zone given, else the profile's own
 * (set at sign-up from the browser, changed in Preferences; the same one budgets count months in).
 */
export const dashboardQuerySchema = z.object({
  timeZone: safeText({ trim: false }).max(64).refine(isTimeZone, 'validation.timeZone').optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const periodSchema = z.object({
  /** The period's first local day, `YYYY-MM-DD`. */
  firstDay: z.iso.date(),
  /** Its first instant, included. */
  from: z.iso.datetime(),
  /** The first instant after it, excluded. */
  until: z.iso.datetime(),
});

/**
 * `GET /api/dashboard` → everything the home screen shows, in one answer (decision 0034):
 * - `balances`: each of the four currencies, as `GET /api/wallet` gives them;
 * - `month`: money in (income) and out (expense) of the local calendar month, per currency, from
 *   completed transactions counted when they completed; moves between the person's own wallet
 *   and savings are neither;
 * - `tipsThisWeek`: tips received and completed since Monday (local), per currency;
 * - `recent`: the newest transactions, any status, with the categories they are filed under;
 * - `firstSteps`: which of a new person's first three steps they have taken.
 */
export const dashboardResponseSchema = z
  .object({
    timeZone: z.string(),
    balances: z.array(walletBalanceSchema),
    month: periodSchema.extend({
      totals: z.array(
        z.object({
          currency: z.enum(CURRENCIES),
          incomeMinor: z.number().int(),
          expenseMinor: z.number().int(),
        }),
      ),
    }),
    tipsThisWeek: periodSchema.extend({
      totals: z.array(
        z.object({
          currency: z.enum(CURRENCIES),
          amountMinor: z.number().int(),
          count: z.number().int(),
        }),
      ),
    }),
    recent: z.object({
      items: z.array(transactionSchema),
      categories: z.array(categorySchema),
    }),
    firstSteps: z.object({
      /** Money added by card (a deposit that did not fail). */
      addedMoney: z.boolean(),
      /** A first tip or transfer received (what sharing the QR code brings). */
      receivedMoney: z.boolean(),
      /** A first transfer or tip sent. */
      sentMoney: z.boolean(),
    }),
  })
  .meta({ id: 'Dashboard' });
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
export type DashboardFirstSteps = DashboardResponse['firstSteps'];
