import { z } from 'zod';
import { AMOUNT_LIMITS, INVOICE_LIMITS, PAGE_SIZE, TEXT_LIMITS } from '../limits.ts';
import { MAX_AMOUNT_MINOR } from '../money.ts';
import { safeText } from '../safe-text.ts';
import { calendarDateSchema, emailSchema } from '../validation.ts';
import { tipCardSchema } from './qr-codes.ts';
import { counterpartySchema } from './transactions.ts';
import { currencySchema } from './wallet.ts';

/**
 * Invoices (issue 16, decision 0038). A person bills a customer (a name and an email, who needs no
 * account): lines of a whole quantity times a unit price, one tax rate in basis points for the
 * invoice, a currency and a due date. Numbers are `INV-<year>-<4 digits>` per issuer, without gaps,
 * taken when the invoice is created. Amounts are minor units computed by the server:
 * line = quantity × unit price; subtotal = sum of lines; tax = subtotal × rate / 10,000 rounded
 * half up once per invoice; total = subtotal + tax. Never a float.
 *
 * Stored states are draft, sent, paid and void; `overdue` is derived when read: sent and its due
 * date (the issuer's calendar day) has passed. Only drafts change. A sent invoice has a public pay
 * link `/i/<code>`: the customer pays it by card without an account, or from their wallet when
 * signed in; the money lands in the issuer's wallet.
 */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** How a paid invoice was paid. */
export const INVOICE_PAYMENT_SOURCES = ['card', 'wallet'] as const;
export type InvoicePaymentSource = (typeof INVOICE_PAYMENT_SOURCES)[number];
/** A card payment is pending until the processor settles it; a wallet payment is completed at once. */
export const INVOICE_PAYMENT_STATUSES = ['pending', 'completed'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

/** The public code of an invoice's pay link: 16 random bytes, base64url (22 characters). */
export const INVOICE_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** `INV-2026-0001`: year of creation and a per-issuer sequence of at least 4 digits. */
export const INVOICE_NUMBER_PATTERN = /^INV-\d{4}-\d{4,}$/;

export function formatInvoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, '0')}`;
}

/** The pay link's path: `/i/<code>`. */
export function invoicePayPath(code: string): string {
  return `/i/${code}`;
}

export type InvoiceTotals = { subtotalMinor: number; taxMinor: number; totalMinor: number };

/**
 * Subtotal, tax and total of lines at a tax rate in basis points: integer arithmetic, the tax
 * rounded half up once per invoice (not per line), in BigInt so no product loses precision.
 */
export function invoiceTotals(
  lines: readonly { quantity: number; unitPriceMinor: number }[],
  taxRateBasisPoints: number,
): InvoiceTotals {
  const { subtotal, tax } = exactTotals(lines, taxRateBasisPoints);
  if (subtotal + tax > BigInt(MAX_AMOUNT_MINOR))
    throw new RangeError('an invoice total beyond MAX_AMOUNT_MINOR');
  const [subtotalMinor, taxMinor] = [subtotal, tax].map((minor) => Number(minor)) as [number, number];
  return { subtotalMinor, taxMinor, totalMinor: subtotalMinor + taxMinor };
}

function exactTotals(
  lines: readonly { quantity: number; unitPriceMinor: number }[],
  taxRateBasisPoints: number,
): { subtotal: bigint; tax: bigint } {
  let subtotal = 0n;
  for (const line of lines) subtotal += BigInt(line.quantity) * BigInt(line.unitPriceMinor);
  const tax = (subtotal * BigInt(taxRateBasisPoints) * 2n + 10_000n) / 20_000n;
  return { subtotal, tax };
}

const lineDescriptionSchema = safeText()
  .min(1, 'validation.required')
  .max(INVOICE_LIMITS.lineDescriptionMax, 'validation.tooLong');

export const invoiceLineInputSchema = z.object({
  description: lineDescriptionSchema,
  /** A whole quantity (hours, items), 1 to INVOICE_LIMITS.quantityMax. */
  quantity: z
    .number()
    .int('validation.quantity')
    .min(1, 'validation.quantity')
    .max(INVOICE_LIMITS.quantityMax, 'validation.quantity'),
  /** Minor units per item; 0 allowed (a free line). */
  unitPriceMinor: z
    .number()
    .int('validation.amount')
    .min(0, 'validation.amount')
    .max(INVOICE_LIMITS.totalMaxMinor, 'validation.amountMax'),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

const linesSchema = z
  .array(invoiceLineInputSchema)
  .min(1, 'validation.invoiceLinesMin')
  .max(INVOICE_LIMITS.linesMax, 'validation.invoiceLinesMax');
const taxRateSchema = z
  .number()
  .int('validation.taxRate')
  .min(0, 'validation.taxRate')
  .max(INVOICE_LIMITS.taxRateMaxBasisPoints, 'validation.taxRate');
const customerNameSchema = safeText()
  .min(1, 'validation.required')
  .max(TEXT_LIMITS.name, 'validation.tooLong');
const notesSchema = safeText({ multiline: true }).max(INVOICE_LIMITS.notesMax, 'validation.tooLong');

/**
 * The least total an invoice may have: the smallest amount a payment moves (a card charge or a
 * wallet movement of nothing is refused), so an invoice that can be sent can also be paid.
 */
export const INVOICE_TOTAL_MIN_MINOR = AMOUNT_LIMITS.minMinor;

/** The total of the lines and tax must stay within INVOICE_TOTAL_MIN_MINOR..INVOICE_LIMITS.totalMaxMinor. */
function checkTotal(
  body: { lines?: InvoiceLineInput[] | undefined; taxRateBasisPoints?: number | undefined },
  context: z.core.$RefinementCtx,
) {
  const rate = body.taxRateBasisPoints ?? 0;
  // Fields that failed their own checks (a fraction, 1e308) were reported already: no total of them.
  const whole = (value: number) => Number.isSafeInteger(value) && value >= 0;
  if (!body.lines?.every((line) => whole(line.quantity) && whole(line.unitPriceMinor)) || !whole(rate))
    return;
  const { subtotal, tax } = exactTotals(body.lines, rate);
  if (subtotal + tax > BigInt(INVOICE_LIMITS.totalMaxMinor)) {
    context.addIssue({ code: 'custom', path: ['lines'], message: 'validation.invoiceTotalMax' });
  } else if (subtotal + tax < BigInt(INVOICE_TOTAL_MIN_MINOR)) {
    context.addIssue({ code: 'custom', path: ['lines'], message: 'validation.invoiceTotalMin' });
  }
}

/**
 * `POST /api/invoices` → 201 Invoice (a draft with its number). The due date may not be before
 * the issuer's today (400 `validation_failed`, field `dueDate`). More than INVOICE_LIMITS.perYear
 * invoices in a year → 422 `limit_exceeded`.
 */
export const createInvoiceRequestSchema = z
  .object({
    customerName: customerNameSchema,
    customerEmail: emailSchema,
    currency: currencySchema,
    dueDate: calendarDateSchema,
    taxRateBasisPoints: taxRateSchema.default(0),
    notes: notesSchema.optional(),
    lines: linesSchema,
  })
  .superRefine(checkTotal)
  .meta({ id: 'CreateInvoiceRequest' });
export type CreateInvoiceRequest = z.infer<typeof createInvoiceRequestSchema>;
export type CreateInvoiceRequestInput = z.input<typeof createInvoiceRequestSchema>;

/**
 * `PATCH /api/invoices/{id}` → Invoice. Only a draft changes (else 409 `invoice_not_editable`);
 * `lines` replaces every line; a null `notes` clears them. The number never changes. When only
 * the tax rate changes, the stored lines are checked against the total limit on the server.
 */
export const updateInvoiceRequestSchema = z
  .object({
    customerName: customerNameSchema.optional(),
    customerEmail: emailSchema.optional(),
    currency: currencySchema.optional(),
    dueDate: calendarDateSchema.optional(),
    taxRateBasisPoints: taxRateSchema.optional(),
    notes: notesSchema.nullable().optional(),
    lines: linesSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'validation.required',
  })
  .superRefine(checkTotal)
  .meta({ id: 'UpdateInvoiceRequest' });
export type UpdateInvoiceRequest = z.infer<typeof updateInvoiceRequestSchema>;

export const invoiceParamsSchema = z.object({ id: z.uuid() });

export const invoiceLineSchema = z
  .object({
    description: z.string(),
    quantity: z.number().int(),
    unitPriceMinor: z.number().int(),
    /** quantity × unitPriceMinor. */
    amountMinor: z.number().int(),
  })
  .meta({ id: 'InvoiceLine' });
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** How an invoice was paid: a card payment stays pending until the processor settles it. */
export const invoicePaymentSchema = z
  .object({
    source: z.enum(INVOICE_PAYMENT_SOURCES),
    status: z.enum(INVOICE_PAYMENT_STATUSES),
    amountMinor: z.number().int(),
    currency: currencySchema,
    /** The payer, when they paid signed in; null for a card payment without an account. */
    payer: counterpartySchema.nullable(),
    paidAt: z.iso.datetime(),
    /** When the card payment settled (completed), or the wallet payment was made. */
    settledAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'InvoicePayment' });
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

const totalsShape = {
  subtotalMinor: z.number().int(),
  /** subtotal × taxRateBasisPoints / 10,000, rounded half up. */
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
};

export const invoiceSchema = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: z.enum(INVOICE_STATUSES),
    customerName: z.string(),
    customerEmail: z.string(),
    currency: currencySchema,
    /** The issuer's calendar day of creation. */
    issueDate: z.iso.date(),
    dueDate: z.iso.date(),
    taxRateBasisPoints: z.number().int(),
    notes: z.string().nullable(),
    lines: z.array(invoiceLineSchema),
    ...totalsShape,
    /** The public pay link (`<origin>/i/<code>`) once sent; null for a draft. */
    payUrl: z.string().nullable(),
    payment: invoicePaymentSchema.nullable(),
    sentAt: z.iso.datetime().nullable(),
    voidedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * `GET /api/invoices?status=&cursor=&limit=` → the issuer's invoices, newest number first.
 * `status=sent` lists sent invoices not yet overdue; `status=overdue` the overdue ones.
 */
export const invoiceListQuerySchema = z.object({
  status: z.enum(INVOICE_STATUSES).optional(),
  cursor: safeText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** What customers still owe the issuer, per currency: every sent invoice (overdue ones included) not paid or void. */
export const invoiceOutstandingSchema = z
  .object({
    currency: currencySchema,
    outstandingMinor: z.number().int(),
    /** The part of outstandingMinor that is overdue. */
    overdueMinor: z.number().int(),
    count: z.number().int(),
  })
  .meta({ id: 'InvoiceOutstanding' });
export type InvoiceOutstanding = z.infer<typeof invoiceOutstandingSchema>;

export const invoiceListResponseSchema = z
  .object({
    items: z.array(invoiceSchema),
    nextCursor: z.string().nullable(),
    /** Over all the issuer's invoices, whatever the filter. */
    outstanding: z.array(invoiceOutstandingSchema),
  })
  .meta({ id: 'InvoiceList' });
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

/**
 * `POST /api/invoices/{id}/send` → Invoice (sent): mails the customer the pay link. Not a draft →
 * 409 `invoice_not_editable`. `POST /api/invoices/{id}/void` → Invoice (void): a draft, sent or
 * overdue invoice; paid or void → 409 `invoice_not_voidable`. `GET /api/invoices/{id}.pdf` →
 * application/pdf in the issuer's language. Another person's invoice → 404 `not_found`.
 */
export const invoicePdfParamsSchema = invoiceParamsSchema;

export const publicInvoiceParamsSchema = z.object({
  code: z.string().regex(INVOICE_CODE_PATTERN, 'validation.invoiceCode'),
});

/**
 * `GET /api/public/invoices/{code}` (no sign-in) → PublicInvoice: only what a payer needs, never
 * who was billed. A draft or an unknown code → 404 `not_found`. `payable` is true for sent and
 * overdue invoices. A void invoice shows its number, its issuer and that it is void, nothing more.
 */
export const openPublicInvoiceSchema = z
  .object({
    number: z.string(),
    status: z.enum(['sent', 'overdue', 'paid']),
    payable: z.boolean(),
    issuer: counterpartySchema,
    currency: currencySchema,
    issueDate: z.iso.date(),
    dueDate: z.iso.date(),
    taxRateBasisPoints: z.number().int(),
    notes: z.string().nullable(),
    lines: z.array(invoiceLineSchema),
    ...totalsShape,
    /** Of a paid invoice: whether the card payment is still pending. */
    paymentStatus: z.enum(INVOICE_PAYMENT_STATUSES).nullable(),
  })
  .meta({ id: 'OpenPublicInvoice' });
export type OpenPublicInvoice = z.infer<typeof openPublicInvoiceSchema>;

export const voidPublicInvoiceSchema = z
  .object({ number: z.string(), status: z.literal('void'), issuer: counterpartySchema })
  .meta({ id: 'VoidPublicInvoice' });
export type VoidPublicInvoice = z.infer<typeof voidPublicInvoiceSchema>;

export const publicInvoiceSchema = z
  .discriminatedUnion('status', [openPublicInvoiceSchema, voidPublicInvoiceSchema])
  .meta({ id: 'PublicInvoice' });
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;

/**
 * `POST /api/public/invoices/{code}/payments` (`Idempotency-Key` header required) → 201
 * InvoicePaymentResponse. Pays the whole total in the invoice's currency.
 * - `{ card }` (source `card`, the default): no account needed; pending until the processor
 *   settles it. Refused card → 402 `card_declined` / `card_insufficient_funds`, bad card → 422
 *   `card_number_invalid` / `card_expired` / `card_cvc_invalid`; the invoice stays payable.
 *   Rate limited per IP and per card (429 `rate_limited`).
 * - `{ source: 'wallet' }`: signed in only (401 `unauthorized`); moves the balance at once under the
 *   transfer limits: 422 `insufficient_balance`, 422 `limit_exceeded`, 403 `pin_required`; the
 *   issuer paying their own invoice → 400 `recipient_is_self`.
 * Paid or void invoice → 409 `invoice_not_payable` (no money moves); unknown code or draft → 404.
 */
export const invoicePaymentRequestSchema = z
  .object({
    source: z.enum(INVOICE_PAYMENT_SOURCES).default('card'),
    card: tipCardSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.source === 'card' && !body.card) {
      context.addIssue({ code: 'custom', path: ['card'], message: 'validation.required' });
    }
    if (body.source === 'wallet' && body.card) {
      context.addIssue({ code: 'custom', path: ['card'], message: 'validation.cardWithWallet' });
    }
  })
  .meta({ id: 'InvoicePaymentRequest' });
export type InvoicePaymentRequest = z.infer<typeof invoicePaymentRequestSchema>;
export type InvoicePaymentRequestInput = z.input<typeof invoicePaymentRequestSchema>;

export const invoicePaymentResponseSchema = z
  .object({ invoice: publicInvoiceSchema, payment: invoicePaymentSchema })
  .meta({ id: 'InvoicePaymentResponse' });
export type InvoicePaymentResponse = z.infer<typeof invoicePaymentResponseSchema>;
