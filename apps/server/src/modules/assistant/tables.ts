import type { PreparedAction } from '@ztart/shared/contracts/assistant';
import { ASSISTANT_MODEL_NAMES } from '@ztart/shared/contracts/assistant';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/** A conversation with the assistant, kept until its owner deletes it (or their account). */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('assistant_conversations_user_updated_idx').on(t.userId, t.updatedAt)],
);
export type ConversationRow = typeof assistantConversations.$inferSelect;

/** One question or answer; an answer may carry an action the person confirms on the normal screen. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    action: jsonb('action').$type<PreparedAction>(),
    tokens: integer('tokens').notNull(),
    /** The order messages were written in (a question and its answer may share a moment). */
    position: bigserial('position', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('assistant_messages_conversation_position_idx').on(t.conversationId, t.position),
    check('assistant_messages_role_known', sql`${t.role} IN ('user', 'assistant')`),
  ],
);
export type MessageRow = typeof assistantMessages.$inferSelect;

/**
 * What each request to the assistant used: tokens in and out, and its cost in thousandths of a
 * cent (tokens × the model's cents per 1,000). Quotas sum these since UTC midnight and the first
 * of the UTC month. `subject` is the person's id, or `guest:<hash of device and address>`.
 */
export const assistantUsage = pgTable(
  'assistant_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull(),
    outputTokens: integer('output_tokens').notNull(),
    costMillicents: bigint('cost_millicents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('assistant_usage_subject_created_idx').on(t.subject, t.createdAt),
    check('assistant_usage_model_known', sql`${t.model} IN (${sqlList(ASSISTANT_MODEL_NAMES)})`),
    check('assistant_usage_tokens_positive', sql`${t.inputTokens} >= 0 AND ${t.outputTokens} >= 0`),
  ],
);
