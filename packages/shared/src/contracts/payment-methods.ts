import { z } from 'zod';
import { CARD_BRANDS } from '../cards.ts';
import { TEXT_LIMITS } from '../limits.ts';
import { safeText } from '../safe-text.ts';

/**
 * Payment methods (spec §3): cards pay deposits (and, in the tips issue, quick tips); bank accounts
 * receive withdrawals. The card number and CVC go to the card processor and are never stored:
 * we keep its token, the brand, the last four digits, the expiry, the cardholder and the billing
 * address. A bank account is kept as an IBAN or a US account + routing number; answers show
 * only its last four digits.
 *
 * Errors of `POST /api/payment-methods`, each with `details.field` naming the field at fault:
 * 400 `validation_failed` (shape), 422 `card_number_invalid` (Luhn, length or unknown brand),
 * `card_expired`, `card_cvc_invalid`, `iban_invalid`, `routing_number_invalid`,
 * `account_number_invalid`; 402 `card_declined` or `card_insufficient_funds` when the card's bank
 * refuses the processor's zero-amount check (the card is then not saved).
 */
export const PAYMENT_METHOD_TYPES = ['card', 'bank_account'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const billingAddressSchema = z
  .object({
    line1: safeText().min(1, 'validation.required').max(200),
    line2: safeText().max(200).optional(),
    city: safeText().min(1, 'validation.required').max(100),
    region: safeText().max(100).optional(),
    postalCode: safeText().min(1, 'validation.required').max(20),
    /** ISO 3166-1 alpha-2. */
    country: safeText()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'validation.country'),
  })
  .meta({ id: 'BillingAddress' });
export type BillingAddress = z.infer<typeof billingAddressSchema>;

const holderNameSchema = safeText().min(1, 'validation.required').max(TEXT_LIMITS.name);

export const addCardRequestSchema = z.object({
  type: z.literal('card'),
  /** Digits, spaces and dashes allowed as typed; checked by the processor. */
  number: safeText().min(1, 'validation.required').max(30),
  expMonth: z.number().int().min(1, 'validation.expMonth').max(12, 'validation.expMonth'),
  /** Four digits. */
  expYear: z.number().int().min(2000, 'validation.expYear').max(2100, 'validation.expYear'),
  cvc: safeText().regex(/^\d{3,4}$/, 'validation.cvc'),
  cardholderName: holderNameSchema,
  billingAddress: billingAddressSchema,
  setDefault: z.boolean().optional(),
});

export const addBankAccountRequestSchema = z.object({
  type: z.literal('bank_account'),
  holderName: holderNameSchema,
  /** Either an IBAN... */
  iban: safeText().max(42).optional(),
  /** ...or a US account number with its routing number. */
  accountNumber: safeText().max(17).optional(),
  routingNumber: safeText().max(9).optional(),
  setDefault: z.boolean().optional(),
});

export const addPaymentMethodRequestSchema = z
  .discriminatedUnion('type', [addCardRequestSchema, addBankAccountRequestSchema])
  .meta({ id: 'AddPaymentMethodRequest' });
export type AddPaymentMethodRequest = z.infer<typeof addPaymentMethodRequestSchema>;
export type AddCardRequest = z.infer<typeof addCardRequestSchema>;
export type AddBankAccountRequest = z.infer<typeof addBankAccountRequestSchema>;

export const paymentMethodSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(PAYMENT_METHOD_TYPES),
    /** Cards only. */
    brand: z.enum(CARD_BRANDS).nullable(),
    last4: z.string().length(4),
    expMonth: z.number().int().nullable(),
    expYear: z.number().int().nullable(),
    /** Cardholder or account holder. */
    holderName: z.string(),
    billingAddress: billingAddressSchema.nullable(),
    /** Bank accounts only: `iban` or `us_account`. */
    bankAccountKind: z.enum(['iban', 'us_account']).nullable(),
    /** Bank accounts with an IBAN: its country. */
    country: z.string().nullable(),
    isDefault: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** `GET /api/payment-methods` → default first, then newest first. */
export const paymentMethodListResponseSchema = z
  .object({ items: z.array(paymentMethodSchema) })
  .meta({ id: 'PaymentMethodList' });
export type PaymentMethodListResponse = z.infer<typeof paymentMethodListResponseSchema>;

/** `POST /api/payment-methods/{id}/default` → the method, now the default of its type. `DELETE /api/payment-methods/{id}` → 204. */
export const paymentMethodParamsSchema = z.object({ id: z.uuid() });
