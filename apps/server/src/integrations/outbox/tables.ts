import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from '../../db/sql-helpers.ts';

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * Mail and SMS kept instead of being sent, when no SMTP server or SMS webhook is configured.
 * Readable outside production at /dev/mailbox and /api/dev/outbox.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_messages_created_at_idx').on(t.createdAt),
    check('outbox_messages_channel_known', sql`${t.channel} IN (${sqlList(OUTBOX_CHANNELS)})`),
  ],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
