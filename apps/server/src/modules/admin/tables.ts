import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../db/sql-helpers.ts';
import { sessions, users } from '../auth/tables.ts';

/**
 * An admin looking at the app as a person, read-only, for at most IMPERSONATION_MAX_MINUTES
 * (decision 0040). The admin's session points at the running one (`sessions.impersonation_id`);
 * the row stays as the record of it once ended.
 */
export const impersonations = pgTable(
  'impersonations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id),
    adminSessionId: uuid('admin_session_id').references(() => sessions.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason'),
    startedAt: timestampTz('started_at').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    endedAt: timestampTz('ended_at'),
  },
  (t) => [
    index('impersonations_admin_id_idx').on(t.adminId),
    index('impersonations_user_id_idx').on(t.userId),
  ],
);

export type ImpersonationRow = typeof impersonations.$inferSelect;

/**
 * The ledger invariant check that runs every minute: one row per minute, claimed by the first
 * instance to insert it (the primary key), so that several servers run it once between them.
 */
export const invariantChecks = pgTable('invariant_checks', {
  minute: timestampTz('minute').primaryKey(),
  ok: boolean('ok'),
  differences: integer('differences'),
  details: jsonb('details').$type<unknown[]>(),
  checkedAt: timestampTz('checked_at'),
  createdAt: createdAt(),
});

export type InvariantCheckRow = typeof invariantChecks.$inferSelect;
