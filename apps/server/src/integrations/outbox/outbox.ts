import type { OutboxMessage } from '@ztart/shared/contracts/auth';
import { desc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { type OutboxChannel, outboxMessages } from './tables.ts';

/** The newest messages a listing shows. */
export const OUTBOX_LIST_LIMIT = 200;

export interface OutboxEntry {
  channel: OutboxChannel;
  recipient: string;
  subject?: string;
  text: string;
  html?: string;
}

/** What the outbox holds instead of a message's body in production. */
export const BODY_NOT_KEPT = '[not kept in production]';

/**
 * Keeps a message. In production (`keepBody: false`) the outbox is a dead end nobody reads, and
 * a body may hold a verification or reset link or a phone code: only who it went to, when and
 * its subject are kept, so a copy of the table opens no account.
 */
export async function addToOutbox(
  db: AppDatabase,
  entry: OutboxEntry,
  options: { keepBody: boolean },
): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: entry.channel,
    recipient: entry.recipient,
    subject: entry.subject ?? '',
    text: options.keepBody ? entry.text : BODY_NOT_KEPT,
    html: options.keepBody ? (entry.html ?? '') : '',
  });
}

/** Newest first; `to` keeps only what was sent to that address or phone number. */
export async function listOutbox(db: AppDatabase, options: { to?: string } = {}): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(options.to ? eq(outboxMessages.recipient, options.to) : undefined)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(OUTBOX_LIST_LIMIT);
  return rows.map((row) => ({
    channel: row.channel as OutboxChannel,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
  }));
}
