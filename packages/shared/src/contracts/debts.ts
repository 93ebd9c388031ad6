import { z } from 'zod';
import { PAGE_SIZE, TEXT_LIMITS } from '../limits.ts';
import { safeText } from '../safe-text.ts';
import { calendarDateSchema } from '../validation.ts';
import { amountMinorSchema, currencySchema } from './wallet.ts';

/**
 * Debts (spec §2 Contacts, debt management). A debt is one row seen from both sides: the person
 * who recorded it reads its `direction` as they chose it, the other person (when they use the app)
 * reads it mirrored. Money is owed by the debtor to the creditor.
 */
export const DEBT_DIRECTIONS = ['i_owe', 'owed_to_me'] as const;
export type DebtDirection = (typeof DEBT_DIRECTIONS)[number];
export const DEBT_STATUSES = ['open', 'settled'] as const;
export type DebtStatus = (typeof DEBT_STATUSES)[number];
/**
 * `not_needed`: the other person is not a user of the app; `pending`: they have not answered yet;
 * `confirmed` / `declined`: their answer. Only a debt that is `not_needed` or `confirmed` can be settled.
 */
export const DEBT_CONFIRMATIONS = ['not_needed', 'pending', 'confirmed', 'declined'] as const;
export type DebtConfirmation = (typeof DEBT_CONFIRMATIONS)[number];
/** `transfer`: the debtor pays through the wallet (money moves); `manual`: paid outside the app (cash). */
export const SETTLEMENT_VIAS = ['transfer', 'manual'] as const;
export type SettlementVia = (typeof SETTLEMENT_VIAS)[number];

export const DEBT_NAME_MAX = 100;

export function mirroredDirection(direction: DebtDirection): DebtDirection {
  return direction === 'i_owe' ? 'owed_to_me' : 'i_owe';
}

const dueDateSchema = calendarDateSchema;
const debtNoteSchema = safeText({ multiline: true }).max(TEXT_LIMITS.note, 'validation.noteMax');

/**
 * `POST /api/debts` → 201 Debt. The other person is either a user of the app, named as a transfer's
 * recipient is (`counterpartyUser`: ztartag, email or phone; 404 `recipient_user_not_found`
 * otherwise, 400 `recipient_is_self`), who must then confirm the debt; or someone outside the app,
 * by name (`counterpartyName`). At most one of the two. `contactId` must be one of the person's
 * own contacts (404 `contact_not_found` otherwise, nothing stored); with neither of the two, the
 * other person is that contact: its linked account, else its nickname. One of the three is needed.
 */
export const createDebtRequestSchema = z
  .object({
    direction: z.enum(DEBT_DIRECTIONS),
    counterpartyUser: safeText().min(1, 'validation.required').max(254).optional(),
    counterpartyName: safeText()
      .min(1, 'validation.required')
      .max(DEBT_NAME_MAX, 'validation.tooLong')
      .optional(),
    contactId: z.uuid().optional(),
    amountMinor: amountMinorSchema,
    currency: currencySchema,
    note: debtNoteSchema.optional(),
    dueDate: dueDateSchema.optional(),
  })
  .refine(
    (body) =>
      !(body.counterpartyUser !== undefined && body.counterpartyName !== undefined) &&
      (body.counterpartyUser !== undefined ||
        body.counterpartyName !== undefined ||
        body.contactId !== undefined),
    { message: 'validation.debtCounterparty', path: ['counterpartyUser'] },
  )
  .meta({ id: 'CreateDebtRequest' });
export type CreateDebtRequest = z.infer<typeof createDebtRequestSchema>;

/**
 * `PATCH /api/debts/{id}` → Debt. The person who recorded it may change the note, the due date and
 * the contact (null clears; one of their own, else 404 `contact_not_found`); the other person may only answer a pending debt (`confirmation`).
 * Anything else → 403 `forbidden`.
 */
export const updateDebtRequestSchema = z
  .object({
    note: debtNoteSchema.nullable().optional(),
    dueDate: dueDateSchema.nullable().optional(),
    contactId: z.uuid().nullable().optional(),
    confirmation: z.enum(['confirmed', 'declined']).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'validation.required',
  })
  .meta({ id: 'UpdateDebtRequest' });
export type UpdateDebtRequest = z.infer<typeof updateDebtRequestSchema>;

/**
 * `POST /api/debts/{id}/settlements` (Idempotency-Key header required) → 201 Debt. `transfer`: only
 * the debtor, with both people users of the app; the money moves from the debtor's wallet to the
 * creditor's as a transfer does (same limits, PIN, verification and errors). `manual`: only the
 * creditor (or, for someone outside the app, the person who recorded the debt); no money moves.
 * 409 `debt_unconfirmed` before the other person confirmed, 422 `settlement_above_remaining` for
 * more than is left, 403 `debt_settlement_forbidden` for the wrong side.
 */
export const settleDebtRequestSchema = z
  .object({ amountMinor: amountMinorSchema, via: z.enum(SETTLEMENT_VIAS) })
  .meta({ id: 'SettleDebtRequest' });
export type SettleDebtRequest = z.infer<typeof settleDebtRequestSchema>;

export const debtParamsSchema = z.object({ id: z.uuid() });

/** `GET /api/debts?direction=&status=&contactId=&cursor=&limit=` → newest first, with open totals. */
export const debtQuerySchema = z.object({
  direction: z.enum(DEBT_DIRECTIONS).optional(),
  status: z.enum(DEBT_STATUSES).optional(),
  contactId: z.uuid().optional(),
  cursor: safeText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
});
export type DebtQuery = z.infer<typeof debtQuerySchema>;

export const debtSettlementSchema = z.object({
  id: z.uuid(),
  amountMinor: z.number().int(),
  via: z.enum(SETTLEMENT_VIAS),
  recordedByMe: z.boolean(),
  /** A settlement by transfer: the viewer's own transaction of it. */
  transactionId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type DebtSettlement = z.infer<typeof debtSettlementSchema>;

export const debtSchema = z
  .object({
    id: z.uuid(),
    /** From the viewer's side. */
    direction: z.enum(DEBT_DIRECTIONS),
    counterparty: z.object({
      /** null for someone outside the app, or a user without a tag. */
      ztartag: z.string().nullable(),
      displayName: z.string(),
      isUser: z.boolean(),
    }),
    /** The recorder's contact; null to the other person. */
    contactId: z.uuid().nullable(),
    amountMinor: z.number().int(),
    currency: currencySchema,
    settledMinor: z.number().int(),
    remainingMinor: z.number().int(),
    note: z.string().nullable(),
    dueDate: z.iso.date().nullable(),
    status: z.enum(DEBT_STATUSES),
    confirmation: z.enum(DEBT_CONFIRMATIONS),
    recordedByMe: z.boolean(),
    settlements: z.array(debtSettlementSchema),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Debt' });
export type Debt = z.infer<typeof debtSchema>;

export const debtTotalSchema = z.object({
  direction: z.enum(DEBT_DIRECTIONS),
  currency: currencySchema,
  remainingMinor: z.number().int(),
});
export type DebtTotal = z.infer<typeof debtTotalSchema>;

export const debtListResponseSchema = z
  .object({
    items: z.array(debtSchema),
    nextCursor: z.string().nullable(),
    /** What is still owed on open, not declined debts, per direction and currency (all pages). */
    totals: z.array(debtTotalSchema),
  })
  .meta({ id: 'DebtList' });
export type DebtListResponse = z.infer<typeof debtListResponseSchema>;
