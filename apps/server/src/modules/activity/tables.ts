import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/**
 * What people and the server did (spec §7 `log_user_action`), kept when an account is deleted:
 * the row then points at the anonymised account. Never holds a secret.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    actionType: text('action_type').notNull(),
    resource: text('resource'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
