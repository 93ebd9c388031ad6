import { z } from 'zod';
import { businessLimitsFor, qrCodeLimitFor } from '../business.ts';
import { AMOUNT_LIMITS, BUDGET_LIMITS, GOAL_LIMITS, INVOICE_LIMITS, TEXT_LIMITS } from '../limits.ts';
import type { Currency } from '../money.ts';
import { ROLE_PLANS, type Role, STORED_ROLES, USER_LEVELS, type UserLevel } from '../roles.ts';
import { DDF_PRODUCTS, type DdfProduct } from '../routes.ts';
import { CONTACT_GROUPS_MAX_PER_USER, CONTACTS_MAX_PER_USER } from './contacts.ts';
import { currencySchema } from './wallet.ts';

/**
 * Product data sheets (`/{product}-ddf`, ARCHITECTURE.md §8): what a product does (the web app's
 * words), the signed-in person's own figures for it and their plan's limits for it. The product
 * list is the one of the route table (DDF_PRODUCTS).
 */
export { DDF_PRODUCTS, type DdfProduct } from '../routes.ts';

export const ddfProductSchema = z.enum(DDF_PRODUCTS);

/** `GET /api/ddf/{product}`: a product outside DDF_PRODUCTS → 404 `not_found`. */
export const ddfParamsSchema = z.object({ product: ddfProductSchema });

/** The person's figures a sheet may show; each has a translated label in the web app. */
export const DDF_FIGURE_KEYS = [
  'balance',
  'transactionsThisMonth',
  'tipsThisMonth',
  'tipsTotal',
  'receivedThisMonth',
  'qrCodes',
  'scans',
  'contacts',
  'favourites',
  'budgetsThisMonth',
  'budgetedThisMonth',
  'spentThisMonth',
  'goals',
  'goalsReached',
  'saved',
  'positions',
  'portfolioValue',
  'invoicesOutstanding',
  'outstanding',
  'invoicesPaidThisMonth',
  'businessesOwned',
  'memberships',
  'tokensToday',
  'tokensThisMonth',
  'costTodayCents',
] as const;
export type DdfFigureKey = (typeof DDF_FIGURE_KEYS)[number];

/** The plan limits a sheet may show; each has a translated label in the web app. */
export const DDF_LIMIT_KEYS = [
  'transferMax',
  'noPinMax',
  'unverifiedDaily',
  'quickTipMin',
  'quickTipMax',
  'tipMessageLength',
  'qrCodes',
  'contacts',
  'contactGroups',
  'budgetsPerMonth',
  'budgetMonthsAhead',
  'goals',
  'goalTargetMax',
  'invoiceLines',
  'invoiceTotalMax',
  'invoicesPerYear',
  'teamMembers',
  'businessQrCodes',
  'monthlyTransfers',
  'dailyTokens',
  'monthlyTokens',
  'costPerDayCents',
] as const;
export type DdfLimitKey = (typeof DDF_LIMIT_KEYS)[number];

const countSchema = z.number().int().nonnegative();

/** A count (people, codes, tokens, cents) or an amount of money in minor units of its currency. */
function valueSchemas<Key extends readonly [string, ...string[]]>(keys: Key) {
  const key = z.enum(keys);
  return z.discriminatedUnion('kind', [
    z.object({ key, kind: z.literal('count'), value: countSchema }),
    z.object({ key, kind: z.literal('money'), amountMinor: z.number().int(), currency: currencySchema }),
  ]);
}

export const ddfFigureSchema = valueSchemas(DDF_FIGURE_KEYS).meta({ id: 'DdfFigure' });
export type DdfFigure = z.infer<typeof ddfFigureSchema>;

export const ddfLimitSchema = valueSchemas(DDF_LIMIT_KEYS).meta({ id: 'DdfLimit' });
export type DdfLimit = z.infer<typeof ddfLimitSchema>;

export const ddfSheetSchema = z
  .object({
    product: ddfProductSchema,
    /** The plan the limits come from: the person's highest role and their level. */
    plan: z.object({
      role: z.enum([...STORED_ROLES, 'guest']),
      userLevel: z.enum(USER_LEVELS),
    }),
    figures: z.array(ddfFigureSchema),
    limits: z.array(ddfLimitSchema),
  })
  .meta({ id: 'DdfSheet' });
export type DdfSheet = z.infer<typeof ddfSheetSchema>;

/** The figures each sheet answers, in this order; a money figure comes once per currency held. */
export const DDF_FIGURES_OF: Record<DdfProduct, readonly DdfFigureKey[]> = {
  wallet: ['balance', 'transactionsThisMonth'],
  tips: ['tipsThisMonth', 'tipsTotal', 'receivedThisMonth'],
  qr: ['qrCodes', 'scans'],
  contacts: ['contacts', 'favourites'],
  budget: ['budgetsThisMonth', 'budgetedThisMonth', 'spentThisMonth'],
  goals: ['goals', 'goalsReached', 'saved'],
  investments: ['positions', 'portfolioValue'],
  invoices: ['invoicesOutstanding', 'outstanding', 'invoicesPaidThisMonth'],
  business: ['businessesOwned', 'memberships'],
  assistant: ['tokensToday', 'tokensThisMonth', 'costTodayCents'],
};

/** Figures that are money (one per currency), the others are counts. */
export const DDF_MONEY_FIGURES: ReadonlySet<DdfFigureKey> = new Set([
  'balance',
  'receivedThisMonth',
  'budgetedThisMonth',
  'spentThisMonth',
  'saved',
  'portfolioValue',
  'outstanding',
]);

export interface DdfPlan {
  role: Role;
  userLevel: UserLevel;
  /** Whether the person owns a business that is not closed (their QR code limit depends on it). */
  ownsBusiness: boolean;
  /** The currency per-currency amount limits are shown in (the same figure holds in every currency). */
  currency: Currency;
}

const countLimit = (key: DdfLimitKey, value: number): DdfLimit => ({ key, kind: 'count', value });
const moneyLimit = (key: DdfLimitKey, amountMinor: number, currency: Currency): DdfLimit => ({
  key,
  kind: 'money',
  amountMinor,
  currency,
});

/** A sheet's plan limits, read from the limits, roles and business tables of this package. */
export function ddfLimitsOf(product: DdfProduct, plan: DdfPlan): DdfLimit[] {
  const { currency } = plan;
  switch (product) {
    case 'wallet':
      return [
        moneyLimit('transferMax', AMOUNT_LIMITS.transferMaxMinor, currency),
        moneyLimit('noPinMax', AMOUNT_LIMITS.noPinMaxMinor, currency),
        // The unverified daily cap adds currencies up at the reference rates, in US dollars.
        moneyLimit('unverifiedDaily', AMOUNT_LIMITS.unverifiedDailyMinor, 'USD'),
      ];
    case 'tips':
      return [
        moneyLimit('quickTipMin', AMOUNT_LIMITS.quickTipMinMinor, currency),
        moneyLimit('quickTipMax', AMOUNT_LIMITS.quickTipMaxMinor, currency),
        countLimit('tipMessageLength', TEXT_LIMITS.tipMessage),
      ];
    case 'qr':
      return [countLimit('qrCodes', qrCodeLimitFor(plan.userLevel, plan.ownsBusiness))];
    case 'contacts':
      return [
        countLimit('contacts', CONTACTS_MAX_PER_USER),
        countLimit('contactGroups', CONTACT_GROUPS_MAX_PER_USER),
      ];
    case 'budget':
      return [
        countLimit('budgetsPerMonth', BUDGET_LIMITS.perMonth),
        countLimit('budgetMonthsAhead', BUDGET_LIMITS.monthsAhead),
      ];
    case 'goals':
      return [
        countLimit('goals', GOAL_LIMITS.perUser),
        moneyLimit('goalTargetMax', GOAL_LIMITS.targetMaxMinor, currency),
      ];
    case 'investments':
      return [moneyLimit('transferMax', AMOUNT_LIMITS.transferMaxMinor, currency)];
    case 'invoices':
      return [
        countLimit('invoiceLines', INVOICE_LIMITS.linesMax),
        moneyLimit('invoiceTotalMax', INVOICE_LIMITS.totalMaxMinor, currency),
        countLimit('invoicesPerYear', INVOICE_LIMITS.perYear),
      ];
    case 'business': {
      const limits = businessLimitsFor(plan.userLevel);
      return [
        countLimit('teamMembers', limits.teamMembers),
        countLimit('businessQrCodes', limits.qrCodes),
        countLimit('monthlyTransfers', limits.monthlyTransfers),
      ];
    }
    case 'assistant': {
      const quotas = ROLE_PLANS[plan.role];
      return [
        countLimit('dailyTokens', quotas.dailyTokens),
        countLimit('monthlyTokens', quotas.monthlyTokens),
        countLimit('costPerDayCents', quotas.costPerDay),
      ];
    }
  }
}
