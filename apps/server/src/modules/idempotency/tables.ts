import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../db/sql-helpers.ts';

/**
 * The first answer to each Idempotency-Key (ARCHITECTURE.md §4), written in the same database
 * transaction as the money it moved. `scope` is whose key it is (a person's id, or the anonymous
 * payer's); `request_hash` is the route and body, to refuse a reuse with other details.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
