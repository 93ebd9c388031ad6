import { ORDER_SIDES } from '@ztart/shared/contracts/investments';
import { INSTRUMENTS } from '@ztart/shared/market';
import { CURRENCIES } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

const SYMBOLS = INSTRUMENTS.map((instrument) => instrument.symbol);

/**
 * How much of each instrument a person holds (whole micro-units) and what it cost them: the sum of
 * the cost of every holding in a currency is the balance of their `investment` ledger account.
 * Written only by the ledger movement (ledger/movement.sql), in the same transaction as the money,
 * under the person's lock. A holding sold to nothing keeps its row at zero.
 */
export const investmentHoldings = pgTable(
  'investment_holdings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    currency: text('currency').notNull(),
    quantityMicro: bigint('quantity_micro', { mode: 'number' }).notNull(),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.symbol] }),
    check('investment_holdings_symbol_known', sql`${t.symbol} IN (${sqlList(SYMBOLS)})`),
    check('investment_holdings_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
    check('investment_holdings_quantity_not_negative', sql`${t.quantityMicro} >= 0`),
    check('investment_holdings_cost_not_negative', sql`${t.costMinor} >= 0`),
    // Nothing held costs nothing: the last sale takes the whole cost with it.
    check('investment_holdings_empty_costs_nothing', sql`${t.quantityMicro} > 0 OR ${t.costMinor} = 0`),
  ],
);
export type InvestmentHoldingRow = typeof investmentHoldings.$inferSelect;

/**
 * One filled order at the day's simulated price. `quantity_micro` and `cost_minor` are what the
 * movement decided under its lock (a sale leaving less than a minor unit's worth takes the whole
 * holding; a sale's cost is the average cost of what it sold). `ledger_batch_id` is the movement's.
 */
export const investmentOrders = pgTable(
  'investment_orders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    quantityMicro: bigint('quantity_micro', { mode: 'number' }).notNull(),
    costMinor: bigint('cost_minor', { mode: 'number' }).notNull(),
    transactionId: uuid('transaction_id').notNull(),
    ledgerBatchId: uuid('ledger_batch_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('investment_orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('investment_orders_side_known', sql`${t.side} IN (${sqlList(ORDER_SIDES)})`),
    check('investment_orders_symbol_known', sql`${t.symbol} IN (${sqlList(SYMBOLS)})`),
    check('investment_orders_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
    check(
      'investment_orders_amounts_positive',
      sql`${t.amountMinor} > 0 AND ${t.priceMinor} > 0 AND ${t.quantityMicro} > 0`,
    ),
    check('investment_orders_cost_not_negative', sql`${t.costMinor} >= 0`),
  ],
);
export type InvestmentOrderRow = typeof investmentOrders.$inferSelect;
