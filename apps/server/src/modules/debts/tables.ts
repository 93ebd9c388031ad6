import {
  DEBT_CONFIRMATIONS,
  DEBT_DIRECTIONS,
  DEBT_STATUSES,
  SETTLEMENT_VIAS,
} from '@ztart/shared/contracts/debts';
import { CURRENCIES } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/**
 * A debt between the person who recorded it (`owner_id`) and someone else: a user of the app
 * (`counterparty_user_id`, who then sees the same row with the direction mirrored and confirms it)
 * or someone outside the app (`counterparty_name`). `direction` is the recorder's. `settled_minor`
 * grows with each settlement, in the same transaction as the settlement's row (and, by transfer,
 * as the money: ledger/movement.sql). `contact_id` names the recorder's contact (no foreign key:
 * contacts are linked to it later).
 */
export const debts = pgTable(
  'debts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    counterpartyUserId: uuid('counterparty_user_id').references(() => users.id),
    counterpartyName: text('counterparty_name'),
    contactId: uuid('contact_id'),
    direction: text('direction').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    settledMinor: bigint('settled_minor', { mode: 'number' }).notNull().default(0),
    note: text('note'),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status').notNull().default('open'),
    confirmation: text('confirmation').notNull(),
    /** When the due-date reminder went out: once per debt (cleared when the due date changes). */
    remindedAt: timestampTz('reminded_at'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('debts_owner_created_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    index('debts_counterparty_created_idx')
      .on(t.counterpartyUserId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.counterpartyUserId} IS NOT NULL`),
    // The reminder's look-up: only open debts with a due date that have not been reminded yet.
    index('debts_due_unreminded_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'open' AND ${t.remindedAt} IS NULL AND ${t.dueDate} IS NOT NULL`),
    check('debts_direction_known', sql`${t.direction} IN (${sqlList(DEBT_DIRECTIONS)})`),
    check('debts_status_known', sql`${t.status} IN (${sqlList(DEBT_STATUSES)})`),
    check('debts_confirmation_known', sql`${t.confirmation} IN (${sqlList(DEBT_CONFIRMATIONS)})`),
    check('debts_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
    check('debts_amount_positive', sql`${t.amountMinor} > 0`),
    check(
      'debts_settled_within_amount',
      sql`${t.settledMinor} >= 0 AND ${t.settledMinor} <= ${t.amountMinor}`,
    ),
    check(
      'debts_one_counterparty',
      sql`(${t.counterpartyUserId} IS NULL) <> (${t.counterpartyName} IS NULL)`,
    ),
    check(
      'debts_not_with_self',
      sql`${t.counterpartyUserId} IS NULL OR ${t.counterpartyUserId} <> ${t.ownerId}`,
    ),
  ],
);
export type DebtRow = typeof debts.$inferSelect;

/**
 * One payment towards a debt. By transfer it names the movement (`ledger_batch_id`) and both
 * people's transactions of it; manual ones move no money.
 */
export const debtSettlements = pgTable(
  'debt_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    debtId: uuid('debt_id')
      .notNull()
      .references(() => debts.id),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    via: text('via').notNull(),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id),
    ledgerBatchId: uuid('ledger_batch_id'),
    sentTransactionId: uuid('sent_transaction_id'),
    receivedTransactionId: uuid('received_transaction_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('debt_settlements_debt_idx').on(t.debtId, t.createdAt),
    check('debt_settlements_via_known', sql`${t.via} IN (${sqlList(SETTLEMENT_VIAS)})`),
    check('debt_settlements_amount_positive', sql`${t.amountMinor} > 0`),
    check(
      'debt_settlements_transfer_linked',
      sql`(${t.via} = 'transfer') = (${t.ledgerBatchId} IS NOT NULL AND ${t.sentTransactionId} IS NOT NULL AND ${t.receivedTransactionId} IS NOT NULL)`,
    ),
  ],
);
export type DebtSettlementRow = typeof debtSettlements.$inferSelect;
