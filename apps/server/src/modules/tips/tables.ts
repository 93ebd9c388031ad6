import { TIP_SOURCES, TIP_STATUSES } from '@ztart/shared/contracts/qr-codes';
import { CURRENCIES } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';
import { qrCodes } from '../qr-codes/tables.ts';

/**
 * A tip (spec §3): from a card without an account, or from a signed-in sender's wallet. The money
 * moves in the ledger, and each person concerned gets a `transactions` row (tip_in / tip_out);
 * this row keeps what only a tip has: the message, the receipt contact and the tip's own status
 * (which can also be `cancelled`). The receipt contact is never shown to the receiver.
 */
export const tips = pgTable(
  'tips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id),
    /** null for a tip without an account. */
    senderId: uuid('sender_id').references(() => users.id),
    source: text('source').notNull(),
    status: text('status').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    message: text('message'),
    senderEmail: text('sender_email'),
    senderPhone: text('sender_phone'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    qrCodeId: uuid('qr_code_id').references(() => qrCodes.id, { onDelete: 'set null' }),
    failureCode: text('failure_code'),
    /** The `transactions.group_id` of its rows. */
    groupId: uuid('group_id').notNull(),
    pendingTransferId: uuid('pending_transfer_id'),
    processorReference: text('processor_reference'),
    /** The payer's IP address (quick tips), for the per-IP limit. */
    payerIp: text('payer_ip'),
    createdAt: createdAt(),
    settledAt: timestampTz('settled_at'),
  },
  (t) => [
    index('tips_receiver_created_idx').on(t.receiverId, t.createdAt.desc(), t.id.desc()),
    index('tips_sender_created_idx').on(t.senderId, t.createdAt.desc(), t.id.desc()),
    index('tips_processor_reference_idx').on(t.processorReference),
    check('tips_source_known', sql`${t.source} IN (${sqlList(TIP_SOURCES)})`),
    check('tips_status_known', sql`${t.status} IN (${sqlList(TIP_STATUSES)})`),
    check('tips_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
    check('tips_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);
export type TipRow = typeof tips.$inferSelect;
