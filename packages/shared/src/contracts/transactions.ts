import { z } from 'zod';
import { CARD_BRANDS } from '../cards.ts';
import { PAGE_SIZE, TEXT_LIMITS } from '../limits.ts';
import { CURRENCIES } from '../money.ts';
import { safeText } from '../safe-text.ts';
import { normalizeZtartag, ztartagSchema } from '../validation.ts';

/**
 * A transaction is what a person sees of a money movement (spec §3): one per person concerned
 * (a transfer is an expense for the sender and an income for the recipient). The ledger holds the
 * money; this row holds the story (kind, status, description, category, counterparty).
 * `internal` is money the person moved between their own places (into or out of a savings goal,
 * or their investments): neither income nor expense, so budgets and analytics leave it out
 * (decisions 0032 and 0036).
 */
export const TRANSACTION_TYPES = ['income', 'expense', 'internal'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_KINDS = [
  'deposit',
  'withdrawal',
  'transfer_in',
  'transfer_out',
  'tip_in',
  'tip_out',
  'goal_deposit',
  'goal_withdrawal',
  'investment_buy',
  'investment_sell',
  /** An invoice of the person's paid (decision 0038), by card or from the payer's wallet. */
  'invoice_in',
  /** An invoice the person paid from their wallet. */
  'invoice_out',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
/** Whether each kind is money in, money out, or moved between the person's own places. */
export const TYPE_OF_KIND: Record<TransactionKind, TransactionType> = {
  deposit: 'income',
  withdrawal: 'expense',
  transfer_in: 'income',
  transfer_out: 'expense',
  tip_in: 'income',
  tip_out: 'expense',
  goal_deposit: 'internal',
  goal_withdrawal: 'internal',
  investment_buy: 'internal',
  investment_sell: 'internal',
  invoice_in: 'income',
  invoice_out: 'expense',
};
/** Money that leaves a person's wallet and counts toward their daily limit. */
export const OUTGOING_KINDS = [
  'transfer_out',
  'withdrawal',
  'tip_out',
  'invoice_out',
] as const satisfies readonly TransactionKind[];

/** Categories every person starts with; the web app translates them (`transactions:categories.<key>`). */
export const DEFAULT_CATEGORY_KEYS = [
  'deposits',
  'withdrawals',
  'transfers',
  'tips',
  'food',
  'shopping',
  'transport',
  'bills',
  'entertainment',
  'other',
] as const;
export type DefaultCategoryKey = (typeof DEFAULT_CATEGORY_KEYS)[number];

/** Chart colours of the default categories: the server's, and the demo's in the browser. */
export const DEFAULT_CATEGORY_COLORS: Record<DefaultCategoryKey, string> = {
  deposits: '#16a34a',
  withdrawals: '#dc2626',
  transfers: '#2563eb',
  tips: '#d97706',
  food: '#ea580c',
  shopping: '#db2777',
  transport: '#0891b2',
  bills: '#7c3aed',
  entertainment: '#9333ea',
  other: '#64748b',
};

/**
 * The category a new transaction of each kind gets until the person changes it; none for money
 * moved between the person's own places (a goal, an investment order), which is no spending of
 * any category.
 */
export const CATEGORY_OF_KIND = {
  deposit: 'deposits',
  withdrawal: 'withdrawals',
  transfer_in: 'transfers',
  transfer_out: 'transfers',
  tip_in: 'tips',
  tip_out: 'tips',
  goal_deposit: null,
  goal_withdrawal: null,
  investment_buy: null,
  investment_sell: null,
  invoice_in: 'transfers',
  invoice_out: 'transfers',
} as const satisfies Record<TransactionKind, DefaultCategoryKey | null>;

export const categorySchema = z
  .object({
    id: z.uuid(),
    /** A default category's key (translated by the app), or null for one the person named. */
    key: z.enum(DEFAULT_CATEGORY_KEYS).nullable(),
    /** The person's own name: always set for their categories, set on a default one they renamed. */
    name: z.string().nullable(),
    /** Hex colour for charts and chips, `#rrggbb`. */
    color: z.string().regex(/^#[0-9a-f]{6}$/),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

/** `GET /api/categories` → the person's categories (defaults created on first use). */
export const categoryListResponseSchema = z
  .object({ items: z.array(categorySchema) })
  .meta({ id: 'CategoryList' });

/** `POST /api/categories` → 201 Category; `PATCH /api/categories/{id}` → Category; `DELETE` → 204 (its transactions lose the category). A duplicate name → 409 `category_exists`. */
export const categoryRequestSchema = z
  .object({
    name: safeText().min(1, 'validation.required').max(40, 'validation.categoryMax'),
    color: safeText({ trim: false })
      .regex(/^#[0-9a-f]{6}$/, 'validation.color')
      .optional(),
  })
  .meta({ id: 'CategoryRequest' });
export type CategoryRequest = z.infer<typeof categoryRequestSchema>;

export const counterpartySchema = z.object({
  ztartag: z.string().nullable(),
  displayName: z.string(),
});

export const transactionSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(TRANSACTION_TYPES),
    kind: z.enum(TRANSACTION_KINDS),
    status: z.enum(TRANSACTION_STATUSES),
    amountMinor: z.number().int(),
    currency: z.enum(CURRENCIES),
    categoryId: z.uuid().nullable(),
    /** Generated from the kind and counterparty ("Transfer to @leo_guitar"), in English; the app builds its own from kind + counterparty. */
    description: z.string(),
    note: z.string().nullable(),
    /** The other person of a transfer or tip; null for deposits and withdrawals and anonymous tips. */
    counterparty: counterpartySchema.nullable(),
    /** The card or bank account of a deposit or withdrawal. */
    paymentMethod: z
      .object({
        id: z.uuid(),
        type: z.enum(['card', 'bank_account']),
        brand: z.enum(CARD_BRANDS).nullable(),
        last4: z.string(),
      })
      .nullable(),
    /** Why a failed transaction failed, as an error code (`card_declined`, ...). */
    failureCode: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** When it became completed or failed. */
    settledAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * `GET /api/transactions` and `GET /api/transactions/export.csv` (every match, no paging) take
 * these filters. `q` searches description, note and counterparty; `from`/`to` are dates
 * (inclusive, UTC). Newest first; `cursor` is the `nextCursor` of the page before.
 */
export const transactionQuerySchema = z.object({
  status: z.enum(TRANSACTION_STATUSES).optional(),
  type: z.enum(TRANSACTION_TYPES).optional(),
  kind: z.enum(TRANSACTION_KINDS).optional(),
  category: z.uuid().optional(),
  currency: z.enum(CURRENCIES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  q: safeText().max(100).optional(),
  /** Only money with this person (by their ztartag, with or without `@`): the history with a contact. */
  counterparty: safeText().max(21).transform(normalizeZtartag).pipe(ztartagSchema).optional(),
  cursor: safeText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
});
export type TransactionQuery = z.infer<typeof transactionQuerySchema>;

export const transactionListResponseSchema = z
  .object({ items: z.array(transactionSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'TransactionList' });
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

/** CSV columns of the export, in order (RFC 4180, UTF-8, amounts as decimal strings). */
export const TRANSACTION_CSV_COLUMNS = [
  'id',
  'date',
  'type',
  'kind',
  'status',
  'amount',
  'currency',
  'category',
  'description',
  'note',
  'counterparty',
] as const;

/** `GET /api/transactions/{id}` → Transaction; `PATCH /api/transactions/{id}` {categoryId, note?} → Transaction. */
export const transactionParamsSchema = z.object({ id: z.uuid() });
export const updateTransactionRequestSchema = z
  .object({
    categoryId: z.uuid().nullable().optional(),
    note: safeText({ multiline: true }).max(TEXT_LIMITS.note, 'validation.noteMax').nullable().optional(),
  })
  .meta({ id: 'UpdateTransactionRequest' });
export type UpdateTransactionRequest = z.infer<typeof updateTransactionRequestSchema>;
