import { CURRENCIES } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/**
 * A person's savings goal (decision 0032). The money of all their goals in one currency sits in
 * their `goal_savings` ledger account; `saved_minor` is this goal's share of it, changed only by
 * the ledger movement (ledger/movement.sql), under this row's lock and in the same transaction as
 * the money. `reached_at` is set once, when `saved_minor` first reaches the target, with the
 * goal's notification.
 */
export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    targetMinor: bigint('target_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    savedMinor: bigint('saved_minor', { mode: 'number' }).notNull().default(0),
    targetDate: date('target_date', { mode: 'string' }),
    /** The current picture's id: its address changes with every picture, so caches may keep it. */
    pictureId: uuid('picture_id'),
    reachedAt: timestampTz('reached_at'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('goals_owner_created_idx').on(t.ownerId, t.createdAt, t.id),
    check('goals_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
    check('goals_target_positive', sql`${t.targetMinor} > 0`),
    check('goals_saved_not_negative', sql`${t.savedMinor} >= 0`),
  ],
);
export type GoalRow = typeof goals.$inferSelect;

/** A goal's picture: re-encoded WebP without metadata, one per goal (a new one replaces it). */
export const goalPictures = pgTable('goal_pictures', {
  id: uuid('id').primaryKey().defaultRandom(),
  goalId: uuid('goal_id')
    .notNull()
    .unique('goal_pictures_goal_id_key')
    .references(() => goals.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
  contentType: text('content_type').notNull(),
  createdAt: createdAt(),
});
