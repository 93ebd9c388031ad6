import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/** A person's PIN (argon2id hash) and its wrong-entry counter; the lock lasts PIN_LOCK_MINUTES. */
export const userPins = pgTable('user_pins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestampTz('locked_until'),
  createdAt: createdAt(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export type UserPinRow = typeof userPins.$inferSelect;
