import { PAYMENT_METHOD_TYPES } from '@ztart/shared/contracts/payment-methods';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/**
 * A person's cards and bank accounts. Never the card number or CVC: the processor's token stands
 * for the card. A bank account's numbers are kept encrypted (payouts need them, see
 * bank-details.ts) and answers show its last four digits only. Removed methods keep their row (`deleted_at`) for the history that names them.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    /** Cards: the processor's token. */
    processorToken: text('processor_token'),
    brand: text('brand'),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    holderName: text('holder_name').notNull(),
    billingAddress: jsonb('billing_address').$type<Record<string, string>>(),
    /** Bank accounts: `iban` or `us_account`. */
    bankAccountKind: text('bank_account_kind'),
    /** Bank accounts: the IBAN or the account and routing numbers, sealed (see bank-details.ts). */
    bankDetailsEncrypted: text('bank_details_encrypted'),
    country: text('country'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: timestampTz('deleted_at'),
  },
  (t) => [
    index('payment_methods_user_id_idx').on(t.userId),
    check('payment_methods_type_known', sql`${t.type} IN (${sqlList(PAYMENT_METHOD_TYPES)})`),
    check(
      'payment_methods_card_has_token',
      sql`${t.type} <> 'card' OR (${t.processorToken} IS NOT NULL AND ${t.expMonth} IS NOT NULL AND ${t.expYear} IS NOT NULL)`,
    ),
  ],
);
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
