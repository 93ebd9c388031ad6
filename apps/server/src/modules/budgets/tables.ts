import { BUDGET_ALERT_PERCENTS } from '@ztart/shared/contracts/budgets';
import { CURRENCIES } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';
import { transactionCategories } from '../transactions/tables.ts';

/**
 * A person's spending limit for one category and currency in one month (`YYYY-MM` of their time
 * zone). What was spent is not stored: it is summed from the transactions whenever it is read.
 * Deleting the category deletes its budgets.
 */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    month: text('month').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => transactionCategories.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One budget per month, category and currency; it also serves the month's list.
    uniqueIndex('budgets_user_month_category_currency_key').on(t.userId, t.month, t.categoryId, t.currency),
    check('budgets_month_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('budgets_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
    check('budgets_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);
export type BudgetRow = typeof budgets.$inferSelect;

/**
 * That a budget reached one of its alert percentages: written once, in the same database
 * transaction as the notification it raised, so two spends at once cannot both raise it.
 */
export const budgetAlerts = pgTable(
  'budget_alerts',
  {
    budgetId: uuid('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    percent: integer('percent').notNull(),
    /** The notification it raised; null for a percentage passed together with a higher one, or already passed when the budget was set. */
    notificationId: uuid('notification_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.budgetId, t.percent] }),
    check('budget_alerts_percent_known', sql`${t.percent} IN (${sql.raw(BUDGET_ALERT_PERCENTS.join(', '))})`),
  ],
);
