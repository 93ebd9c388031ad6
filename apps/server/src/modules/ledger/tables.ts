import { CURRENCIES } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/**
 * `goal_savings`: what a person put aside in their savings goals, per currency (decision 0032);
 * out of the available wallet, still theirs. Never negative, like the wallet.
 * `investment`: what a person's investments cost them, per currency (decision 0036): out of the
 * available wallet, still theirs, never negative. `market`: the simulated market's side of every
 * investment's gain or loss, per currency; a system account that may go negative.
 */
export const LEDGER_ACCOUNT_KINDS = [
  'wallet_available',
  'wallet_pending',
  'goal_savings',
  'investment',
  'market',
  'processor_clearing',
  'payouts',
  'fees',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const LEDGER_TRANSFER_STATES = ['pending', 'posted', 'voided'] as const;
export type LedgerTransferState = (typeof LEDGER_TRANSFER_STATES)[number];

/**
 * Why money moved: the one list of transfer codes. The table's CHECK constraint is generated from
 * it, so a movement with a code missing here cannot be written (ledger.test.ts compares the two).
 */
export const LEDGER_TRANSFER_CODES = [
  'deposit',
  'withdrawal',
  'transfer',
  'tip',
  'goal',
  'investment',
  'invoice',
] as const;
export type LedgerTransferCode = (typeof LEDGER_TRANSFER_CODES)[number];

/**
 * One balance of one owner (a person's wallet, their goals' savings or their investments) or of the system (owner null: clearing, payouts,
 * fees) in one currency. The balance is kept here, updated in the same transaction as the
 * transfers that move it; system accounts may go negative, wallet accounts never.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: uuid('owner_id').references(() => users.id),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    allowNegative: boolean('allow_negative').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_kind_currency_key').on(t.ownerId, t.kind, t.currency),
    uniqueIndex('ledger_accounts_system_kind_currency_key')
      .on(t.kind, t.currency)
      .where(sql`${t.ownerId} IS NULL`),
    check('ledger_accounts_kind_known', sql`${t.kind} IN (${sqlList(LEDGER_ACCOUNT_KINDS)})`),
    check('ledger_accounts_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
    check('ledger_accounts_balance_allowed', sql`${t.allowNegative} OR ${t.balanceMinor} >= 0`),
  ],
);

/**
 * An immutable movement of money from one account to another. Only `state` of a pending transfer
 * ever changes (to posted or voided); the posting or reversing movement is a new row pointing at
 * it through `pending_id`. The legs of one movement share `batch_id` (the `ledger_batch_id` of its
 * transactions). Requests are made idempotent above the ledger, by the `idempotency_keys` kept with
 * the movement in the same database transaction.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id').notNull(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    code: text('code').$type<LedgerTransferCode>().notNull(),
    state: text('state').notNull(),
    pendingId: uuid('pending_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_transfers_batch_id_idx').on(t.batchId),
    index('ledger_transfers_debit_account_id_idx').on(t.debitAccountId),
    index('ledger_transfers_credit_account_id_idx').on(t.creditAccountId),
    // Most transfers have none: a partial index leaves them out instead of listing every null.
    index('ledger_transfers_pending_id_idx').on(t.pendingId).where(sql`${t.pendingId} IS NOT NULL`),
    // The observatory's money movements per minute read the last half hour (decision 0040).
    index('ledger_transfers_created_at_idx').on(t.createdAt),
    check('ledger_transfers_amount_positive', sql`${t.amountMinor} > 0`),
    check('ledger_transfers_accounts_differ', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check('ledger_transfers_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
    check('ledger_transfers_state_known', sql`${t.state} IN (${sqlList(LEDGER_TRANSFER_STATES)})`),
    check('ledger_transfers_code_known', sql`${t.code} IN (${sqlList(LEDGER_TRANSFER_CODES)})`),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransferRow = typeof ledgerTransfers.$inferSelect;
