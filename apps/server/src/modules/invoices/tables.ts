import { INVOICE_PAYMENT_SOURCES, INVOICE_PAYMENT_STATUSES } from '@ztart/shared/contracts/invoices';
import { CURRENCIES } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/** What an invoice row holds as its state; `overdue` is never stored (derived from the due date). */
export const STORED_INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const;
export type StoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];

/**
 * The last invoice number each issuer took in each year. The next number is taken by an upsert
 * `… ON CONFLICT DO UPDATE … RETURNING` in the same database transaction as the invoice's insert:
 * the counter row stays locked until that transaction ends, so concurrent creations wait their
 * turn, and a creation that rolls back gives its number back. No gaps, no duplicates.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuerId, t.year] })],
);

/**
 * An invoice (decision 0038). Totals are computed by the server from the lines and kept here so
 * that lists and sums read no lines. A paid invoice names how it was paid: by card (pending until
 * the processor settles the charge, `processor_reference` and `pending_transfer_id` tell which), or
 * from a signed-in payer's wallet through the ledger movement, which marks it paid under this
 * row's lock. `reminded_before_at` / `reminded_overdue_at` record each reminder, sent once.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    /** The pay link's code: 16 random bytes, base64url. */
    code: text('code').notNull().unique('invoices_code_key'),
    status: text('status').$type<StoredInvoiceStatus>().notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    currency: text('currency').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    notes: text('notes'),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    sentAt: timestampTz('sent_at'),
    voidedAt: timestampTz('voided_at'),
    paymentSource: text('payment_source'),
    paymentStatus: text('payment_status'),
    payerId: uuid('payer_id').references(() => users.id),
    paidAt: timestampTz('paid_at'),
    paymentSettledAt: timestampTz('payment_settled_at'),
    paymentGroupId: uuid('payment_group_id'),
    processorReference: text('processor_reference'),
    remindedBeforeAt: timestampTz('reminded_before_at'),
    remindedOverdueAt: timestampTz('reminded_overdue_at'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('invoices_issuer_number_key').on(t.issuerId, t.year, t.sequence),
    index('invoices_issuer_created_idx').on(t.issuerId, t.createdAt, t.id),
    // Reminder rounds read only sent invoices, by due date.
    index('invoices_sent_due_idx').on(t.dueDate).where(sql`${t.status} = 'sent'`),
    index('invoices_processor_reference_idx')
      .on(t.processorReference)
      .where(sql`${t.processorReference} IS NOT NULL`),
    check('invoices_status_known', sql`${t.status} IN (${sqlList(STORED_INVOICE_STATUSES)})`),
    check('invoices_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
    check('invoices_tax_rate_range', sql`${t.taxRateBasisPoints} BETWEEN 0 AND 10000`),
    check('invoices_totals_add_up', sql`${t.totalMinor} = ${t.subtotalMinor} + ${t.taxMinor}`),
    check('invoices_totals_not_negative', sql`${t.subtotalMinor} >= 0 AND ${t.taxMinor} >= 0`),
    check(
      'invoices_payment_source_known',
      sql`${t.paymentSource} IS NULL OR ${t.paymentSource} IN (${sqlList(INVOICE_PAYMENT_SOURCES)})`,
    ),
    check(
      'invoices_payment_status_known',
      sql`${t.paymentStatus} IS NULL OR ${t.paymentStatus} IN (${sqlList(INVOICE_PAYMENT_STATUSES)})`,
    ),
    check(
      'invoices_paid_has_payment',
      sql`(${t.status} = 'paid') = (${t.paymentSource} IS NOT NULL AND ${t.paidAt} IS NOT NULL)`,
    ),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/** An invoice's lines, in order; replaced as a whole while the invoice is a draft. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('invoice_lines_position_key').on(t.invoiceId, t.position),
    check('invoice_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('invoice_lines_amount', sql`${t.amountMinor} = ${t.quantity} * ${t.unitPriceMinor}`),
  ],
);
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
