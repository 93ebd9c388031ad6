import { EMAIL_TOKEN_PURPOSES } from '@ztart/shared/contracts/auth';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';

/**
 * A person with an account. Passwords are argon2id hashes; a deleted account keeps its row (its
 * id is referenced by the audit log and, later, the ledger) with every personal field removed.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestampTz('email_verified_at'),
    deletedAt: timestampTz('deleted_at'),
    /** Set by an admin (decision 0040): sign-in is refused and no session opens until cleared. */
    suspendedAt: timestampTz('suspended_at'),
    createdAt: createdAt(),
  },
  (t) => [check('users_email_lower_case', sql`${t.email} = lower(${t.email})`)],
);

/**
 * A signed-in browser. The cookie holds a random token; only its SHA-256 hash is stored, so a
 * copy of the database opens no session. The PIN unlock and the cached security check belong to
 * the session, not to the person.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestampTz('created_at').notNull(),
    lastSeenAt: timestampTz('last_seen_at').notNull(),
    /** The absolute limit; the idle limit is counted from lastSeenAt. */
    expiresAt: timestampTz('expires_at').notNull(),
    userAgent: text('user_agent'),
    pinUnlockedUntil: timestampTz('pin_unlocked_until'),
    securityCheckedAt: timestampTz('security_checked_at'),
    /** The outcome of the last security check: null when secure, else its reason. */
    securityReason: text('security_reason'),
    /**
     * The impersonation this (admin's) session runs, if any (decision 0040): while it lasts the
     * session acts as that person, read-only. Read with the session, so other sessions pay nothing.
     */
    impersonationId: uuid('impersonation_id'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use tokens sent by mail (address verification, address change, password reset), stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link was sent to: for an address change, the new address. */
    email: text('email').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_tokens_user_id_idx').on(t.userId),
    check(
      'auth_tokens_purpose_known',
      sql`${t.purpose} IN (${sqlList([...EMAIL_TOKEN_PURPOSES, 'reset_password'])})`,
    ),
  ],
);

/** The phone code waiting to be typed (one per person), stored hashed. */
export const phoneCodes = pgTable('phone_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  expiresAt: timestampTz('expires_at').notNull(),
  createdAt: createdAt(),
});

/**
 * Sign-in attempts per account since its last success (SIGN_IN_BACKOFF), keyed on a hash of the
 * email so that addresses nobody has are counted alike, and the email itself is not stored here.
 * Each attempt is counted as it begins, before its password is checked, so that attempts sent
 * together cannot all slip through before the first failure is written; a success deletes the row.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    accountKey: text('account_key').primaryKey(),
    attempts: integer('attempts').notNull(),
    lastAttemptAt: timestampTz('last_attempt_at').notNull(),
    /** No attempt before then. */
    blockedUntil: timestampTz('blocked_until'),
  },
  (t) => [index('sign_in_throttles_last_attempt_at_idx').on(t.lastAttemptAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AuthTokenRow = typeof authTokens.$inferSelect;
