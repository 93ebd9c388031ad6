import { BUSINESS_STATUSES, MEMBER_APPROVAL_STATUSES } from '@ztart/shared/business';
import { DISTRIBUTION_RULES } from '@ztart/shared/contracts/businesses';
import { PLAN_LEVELS } from '@ztart/shared/contracts/plans';
import { CURRENCIES } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/**
 * The platform's own account (decision 0039): the plans' monthly prices are paid into its wallet
 * through the ledger movement. It cannot sign in (no password) and has no ztartag; it is made with
 * the first plan paid (plans.ts).
 */
export const PLATFORM_ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';

/**
 * A business (decision 0039). Its money sits in the ledger accounts of its own account
 * (`account_id`, a users row that cannot sign in, whose profile carries the business's tag and
 * name): tips to its tag or QR codes pay into it, and distributions pay out of it, through the
 * one ledger movement like any wallet.
 */
export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    accountId: uuid('account_id')
      .notNull()
      .unique('businesses_account_id_key')
      .references(() => users.id),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    brandColor: text('brand_color'),
    message: text('message'),
    policies: text('policies'),
    minimumTipMinor: bigint('minimum_tip_minor', { mode: 'number' }),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('businesses_owner_idx').on(t.ownerId),
    check('businesses_status_known', sql`${t.status} IN (${sqlList(BUSINESS_STATUSES)})`),
    check('businesses_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
    check('businesses_brand_color_format', sql`${t.brandColor} ~ '^#[0-9a-f]{6}$'`),
    check('businesses_minimum_tip_positive', sql`${t.minimumTipMinor} > 0`),
  ],
);
export type BusinessRow = typeof businesses.$inferSelect;

/** A custom role of an enterprise business: a name and the permissions it grants. */
export const businessRoles = pgTable(
  'business_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('business_roles_business_idx').on(t.businessId)],
);
export type BusinessRoleRow = typeof businessRoles.$inferSelect;

/**
 * A membership, from its invitation on: `pending` until the invitee accepts (`approved`) or
 * declines (`rejected`). An invitation by email to someone without an account keeps the address
 * (`user_id` null) until someone with that verified address answers it.
 */
export const businessMembers = pgTable(
  'business_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id),
    email: text('email'),
    customRoleId: uuid('custom_role_id').references(() => businessRoles.id, { onDelete: 'set null' }),
    approvalStatus: text('approval_status').notNull().default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id),
    answeredAt: timestampTz('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('business_members_business_user_key').on(t.businessId, t.userId),
    uniqueIndex('business_members_business_email_key').on(t.businessId, t.email),
    index('business_members_user_idx').on(t.userId),
    index('business_members_email_idx').on(t.email),
    check(
      'business_members_approval_known',
      sql`${t.approvalStatus} IN (${sqlList(MEMBER_APPROVAL_STATUSES)})`,
    ),
    check('business_members_invitee', sql`${t.userId} IS NOT NULL OR ${t.email} IS NOT NULL`),
  ],
);
export type BusinessMemberRow = typeof businessMembers.$inferSelect;

/**
 * A person's paid plan: the level they pay for, the end of the period paid, and the level that
 * starts then (a downgrade). The renewal worker (renewals.ts) applies `period_end` when it comes;
 * reads only compute the level from it (decision 0046). A level an admin sets has no row here.
 */
export const planSubscriptions = pgTable(
  'plan_subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    level: text('level').notNull(),
    currency: text('currency').notNull(),
    periodEnd: timestampTz('period_end').notNull(),
    pendingLevel: text('pending_level'),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('plan_subscriptions_level_known', sql`${t.level} IN (${sqlList(PLAN_LEVELS)})`),
    check('plan_subscriptions_pending_known', sql`${t.pendingLevel} IN (${sqlList(PLAN_LEVELS)})`),
    check('plan_subscriptions_currency_known', sql`${t.currency} IN (${sqlList(CURRENCIES)})`),
  ],
);

/** A distribution of a business's tips among its members (its legs are the ledger movements). */
export const businessDistributions = pgTable(
  'business_distributions',
  {
    id: uuid('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    rule: text('rule').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason'),
    items: jsonb('items').$type<{ userId: string; weight: number; amountMinor: number }[]>().notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('business_distributions_business_idx').on(t.businessId, t.createdAt),
    check('business_distributions_rule_known', sql`${t.rule} IN (${sqlList(DISTRIBUTION_RULES)})`),
  ],
);

/**
 * An enterprise business's webhook: events are POSTed to `url`, signed with HMAC-SHA256 by its
 * secret (kept sealed with the data keys, opened only to sign a delivery).
 */
export const businessWebhooks = pgTable(
  'business_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('business_webhooks_business_idx').on(t.businessId)],
);
export type BusinessWebhookRow = typeof businessWebhooks.$inferSelect;

/**
 * One event to deliver to one webhook, and how its tries went. The delivery worker claims due rows
 * (`claimed_until`), so two servers never send one at the same time; a failed try waits for
 * `next_attempt_at` (WEBHOOK_RETRY_SECONDS), and after the last one it is given up (null).
 * `source_key` names what the event tells of (`transaction:<id>`, `tip:<id>`; none for a ping):
 * each webhook is told of it once, whether the event was queued live or by the sweep that catches
 * what a crash kept from being queued (decision 0056).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => businessWebhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    /** Why the last try got no HTTP answer: `timeout`, `address_not_allowed` or `network`. */
    lastError: text('last_error'),
    nextAttemptAt: timestampTz('next_attempt_at'),
    claimedUntil: timestampTz('claimed_until'),
    deliveredAt: timestampTz('delivered_at'),
    sourceKey: text('source_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} IS NULL`),
    uniqueIndex('webhook_deliveries_source_key')
      .on(t.webhookId, t.event, t.sourceKey)
      .where(sql`${t.sourceKey} IS NOT NULL`),
  ],
);

/**
 * An API key of an enterprise business (decision 0047): read-only calls to that business's own
 * data. Only a SHA-256 hash of the key is kept (the key is long and random: no salt or slow hash
 * is needed to keep it from being guessed); `prefix` is shown to recognise it.
 */
export const businessApiKeys = pgTable(
  'business_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique('business_api_keys_key_hash_key'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at'),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [index('business_api_keys_business_idx').on(t.businessId, t.createdAt)],
);
export type BusinessApiKeyRow = typeof businessApiKeys.$inferSelect;
