import { NOTIFICATION_TYPES } from '@ztart/shared/contracts/notifications';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/** What the notification centre shows (spec §3); written with the event it tells of. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    event: text('event').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    readAt: timestampTz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The bell asks on every screen: its count reads only the unread rows.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * A type of notification a person turned off, or back on: no row means on. The ledger movement
 * reads it too (movement.sql), to write a payment's notification only when its type is on.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type').notNull(),
    inApp: boolean('in_app').notNull(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check('notification_preferences_type_known', sql`${t.type} IN (${sqlList(NOTIFICATION_TYPES)})`),
  ],
);

/**
 * A live event too large for a PostgreSQL NOTIFY (8,000 bytes), waiting for the other instances
 * to read it by the id the notice carries (notifications/channel.ts). Housekeeping removes rows
 * older than an hour.
 */
export const liveEventRelay = pgTable(
  'live_event_relay',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_event_relay_created_at_idx').on(t.createdAt)],
);
