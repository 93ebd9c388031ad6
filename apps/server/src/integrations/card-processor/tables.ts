import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../db/sql-helpers.ts';

/**
 * The built-in sandbox processor's own records: what a real processor keeps on its side. A token
 * remembers how its test card behaves, never the number.
 */
export const sandboxCards = pgTable('sandbox_cards', {
  token: text('token').primaryKey(),
  /** `succeed`, `decline`, `insufficient_funds` or `fail_settlement`. */
  behaviour: text('behaviour').notNull(),
  createdAt: createdAt(),
});

/** A charge (card → us) or payout (us → bank account), settled when `settle_at` has passed. */
export const sandboxOperations = pgTable(
  'sandbox_operations',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The card token of a charge; the masked bank account of a payout. */
    source: text('source').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** What settlement will say: `succeeded` or `failed`. */
    outcome: text('outcome').notNull(),
    settleAt: timestampTz('settle_at').notNull(),
    settledAt: timestampTz('settled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_operations_due_idx').on(t.settleAt).where(sql`${t.settledAt} IS NULL`),
    check('sandbox_operations_kind_known', sql`${t.kind} IN ('charge', 'payout')`),
    check('sandbox_operations_outcome_known', sql`${t.outcome} IN ('succeeded', 'failed')`),
  ],
);
