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

export async function addToOutbox(db: AppDatabase, entry: OutboxEntry): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: entry.channel,
    recipient: entry.recipient,
    subject: entry.subject ?? '',
    text: entry.text,
    html: entry.html ?? '',
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
