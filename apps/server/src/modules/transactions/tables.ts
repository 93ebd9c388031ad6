import {
  TRANSACTION_KINDS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '@ztart/shared/contracts/transactions';
import { CURRENCIES } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';
import { paymentMethods } from '../payment-methods/tables.ts';

/** A person's categories; default ones carry their `key` (translated by the app) until renamed. */
export const transactionCategories = pgTable(
  'transaction_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key'),
    name: text('name'),
    color: text('color').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('transaction_categories_user_key_key').on(t.userId, t.key),
    uniqueIndex('transaction_categories_user_name_key').on(t.userId, sql`lower(${t.name})`),
    check('transaction_categories_named', sql`${t.key} IS NOT NULL OR ${t.name} IS NOT NULL`),
  ],
);

/**
 * What one person sees of a money movement (spec §3). Written in the same database transaction as
 * the ledger transfers it describes; only status, settled_at, failure_code, category and note
 * change afterwards. Counterparty and payment method are copied, so the history stays readable
 * after a method is removed or an account deleted.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    categoryId: uuid('category_id').references(() => transactionCategories.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    note: text('note'),
    counterpartyUserId: uuid('counterparty_user_id').references(() => users.id),
    counterpartyZtartag: text('counterparty_ztartag'),
    counterpartyName: text('counterparty_name'),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    paymentMethodType: text('payment_method_type'),
    paymentMethodBrand: text('payment_method_brand'),
    paymentMethodLast4: text('payment_method_last4'),
    failureCode: text('failure_code'),
    /** Both sides of one transfer share it. */
    groupId: uuid('group_id').notNull(),
    /** The ledger batch that moved the money (null for a refused card: nothing moved). */
    ledgerBatchId: uuid('ledger_batch_id'),
    /** The pending ledger transfer that settlement posts or voids. */
    pendingTransferId: uuid('pending_transfer_id'),
    /** The processor's charge or payout id. */
    processorReference: text('processor_reference'),
    createdAt: createdAt(),
    settledAt: timestampTz('settled_at'),
  },
  (t) => [
    index('transactions_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('transactions_group_id_idx').on(t.groupId),
    // Card payments only: the rest have none, and a partial index leaves them out.
    index('transactions_processor_reference_idx')
      .on(t.processorReference)
      .where(sql`${t.processorReference} IS NOT NULL`),
    check('transactions_type_known', sql`${t.type} IN (${sqlList(TRANSACTION_TYPES)})`),
    check('transactions_kind_known', sql`${t.kind} IN (${sqlList(TRANSACTION_KINDS)})`),
    check('transactions_status_known', sql`${t.status} IN (${sqlList(TRANSACTION_STATUSES)})`),
    check('transactions_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
    check('transactions_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);
export type TransactionRow = typeof transactions.$inferSelect;
