import { z } from 'zod';
import { TEXT_LIMITS } from '../limits.ts';
import { CURRENCIES, MAX_AMOUNT_MINOR } from '../money.ts';
import { safeText } from '../safe-text.ts';
import { transactionSchema } from './transactions.ts';

export const currencySchema = z.enum(CURRENCIES);
/** A positive whole number of minor units: never a float (ARCHITECTURE.md §4). */
export const amountMinorSchema = z
  .number()
  .int('validation.amount')
  .min(1, 'validation.amountMin')
  .max(MAX_AMOUNT_MINOR, 'validation.amount');

/**
 * Money-moving POSTs (deposits, withdrawals, transfers, tips) take an `Idempotency-Key` header
 * of 1 to 255 characters. The same key with the same body answers what the first request
 * answered (money moved once); with another body → 409 `idempotency_conflict`. Keys are kept
 * IDEMPOTENCY_KEY_HOURS, per person (per anonymous payer for tips).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_HOURS = 24;

export const walletBalanceSchema = z
  .object({
    currency: currencySchema,
    availableMinor: z.number().int(),
    /** Money on its way in: card deposits and quick tips until the processor settles them. */
    pendingMinor: z.number().int(),
    /** available + pending. */
    totalMinor: z.number().int(),
    /** Put aside in savings goals: out of the available balance and of the total, still the person's. */
    inGoalsMinor: z.number().int(),
  })
  .meta({ id: 'WalletBalance' });
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/**
 * `GET /api/wallet` → a balance for each of the four currencies (zero where none is held), the
 * person's limits and what they have sent today (ARCHITECTURE.md §8).
 */
export const walletResponseSchema = z
  .object({
    balances: z.array(walletBalanceSchema),
    limits: z.object({
      minMinor: z.number().int(),
      transferMaxMinor: z.number().int(),
      /** Above this a set PIN must be entered (the session unlocked). */
      noPinMaxMinor: z.number().int(),
      pinSet: z.boolean(),
      /** Verified = email and phone verified; unverified people have a daily limit. */
      verified: z.boolean(),
      /**
       * null when verified. In US cents, counted over the last 24 hours on transfers, tips and
       * withdrawals in every currency together, each at its reference rate (reference-rates.ts).
       */
      dailyLimitMinor: z.number().int().nullable(),
      /** Sent in the last 24 hours, per currency. */
      sentLast24h: z.array(z.object({ currency: currencySchema, amountMinor: z.number().int() })),
      /** Sent in the last 24 hours, every currency at its reference rate, in US cents: what the daily limit counts. */
      sentLast24hReferenceMinor: z.number().int(),
    }),
  })
  .meta({ id: 'Wallet' });
export type WalletResponse = z.infer<typeof walletResponseSchema>;

/** `GET /api/wallet/analytics?currency=&days=` → income and expense per day (UTC), oldest first. */
export const walletAnalyticsQuerySchema = z.object({
  currency: currencySchema.default('USD'),
  days: z.coerce.number().int().min(7).max(90).default(30),
});
export const walletAnalyticsResponseSchema = z
  .object({
    currency: currencySchema,
    days: z.array(
      z.object({
        date: z.iso.date(),
        incomeMinor: z.number().int(),
        expenseMinor: z.number().int(),
      }),
    ),
    incomeMinor: z.number().int(),
    expenseMinor: z.number().int(),
  })
  .meta({ id: 'WalletAnalytics' });
export type WalletAnalyticsResponse = z.infer<typeof walletAnalyticsResponseSchema>;

/**
 * `POST /api/wallet/deposits` → 201 {transaction}: pending until the processor settles the card
 * charge (then completed, or failed and nothing credited). A refused card answers 402
 * `card_declined` or `card_insufficient_funds` and moves nothing (a failed transaction is kept
 * in the history). The payment method must be one of the person's cards (404 `payment_method_not_found`).
 */
export const depositRequestSchema = z
  .object({ paymentMethodId: z.uuid(), amountMinor: amountMinorSchema, currency: currencySchema })
  .meta({ id: 'DepositRequest' });
export type DepositRequest = z.infer<typeof depositRequestSchema>;

/**
 * `POST /api/wallet/withdrawals` → 201 {transaction}: the amount is held at once (422
 * `insufficient_balance` otherwise) and the transaction is pending until the payout is paid
 * (completed) or returned (failed, the hold reversed). To one of the person's bank accounts.
 */
export const withdrawalRequestSchema = z
  .object({ paymentMethodId: z.uuid(), amountMinor: amountMinorSchema, currency: currencySchema })
  .meta({ id: 'WithdrawalRequest' });
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/**
 * `POST /api/transfers` → 201 {transaction} (the sender's, completed). The recipient is a
 * ztartag (with or without @), an email or a phone number of a registered person. Errors: 404
 * `recipient_user_not_found` (no such ztartag or phone), 404 `recipient_not_found` (an email that
 * is not registered: external email transfers are coming soon), 400 `recipient_is_self`, 422
 * `insufficient_balance`, 422 `limit_exceeded` (`details: { limit: 'transferMax' | 'daily',
 * limitMinor, remainingMinor? }`), 403 `pin_required` (a PIN is set, the amount is above
 * noPinMaxMinor and the session is not unlocked), 422 `wallet_error` (the sender's wallet
 * cannot send: account being deleted), 500 `transfer_failed` (anything else; no money moved).
 */
export const transferRequestSchema = z
  .object({
    recipient: safeText().min(1, 'validation.required').max(254),
    amountMinor: amountMinorSchema,
    currency: currencySchema,
    note: safeText({ multiline: true }).max(TEXT_LIMITS.note, 'validation.noteMax').optional(),
  })
  .meta({ id: 'TransferRequest' });
export type TransferRequest = z.infer<typeof transferRequestSchema>;

/** `GET /api/transfers/recipient?q=` → who a transfer would go to, for the confirmation step (same 404s). */
export const recipientQuerySchema = z.object({ q: safeText().min(1).max(254) });
export const recipientResponseSchema = z
  .object({
    /** null for someone without a tag yet (found by email or phone). */
    ztartag: z.string().nullable(),
    displayName: z.string(),
    avatarUrl: z.string().nullable(),
    verified: z.boolean(),
  })
  .meta({ id: 'Recipient' });
export type RecipientResponse = z.infer<typeof recipientResponseSchema>;

export const moneyMovementResponseSchema = z
  .object({ transaction: transactionSchema })
  .meta({ id: 'MoneyMovement' });
export type MoneyMovementResponse = z.infer<typeof moneyMovementResponseSchema>;
