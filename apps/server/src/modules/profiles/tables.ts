import { LANGUAGES } from '@ztart/shared/languages';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import { STORED_ROLES, USER_LEVELS } from '@ztart/shared/roles';
import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, sqlList, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    userLevel: text('user_level').notNull().default('freemium'),
    ztartag: text('ztartag'),
    ztartagPlan: text('ztartag_plan').notNull().default('free'),
    fullName: text('full_name'),
    username: text('username'),
    phone: text('phone'),
    /** Set when the phone number was confirmed with a code sent to it. */
    phoneVerifiedAt: timestampTz('phone_verified_at'),
    birthday: date('birthday', { mode: 'string' }),
    location: text('location'),
    bio: text('bio'),
    website: text('website'),
    socialLinks: jsonb('social_links').$type<Record<string, string>>().notNull().default({}),
    avatarUrl: text('avatar_url'),
    language: text('language').notNull().default('en'),
    /** IANA zone where the person's months begin (budgets); checked by the API, UTC by default. */
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('profiles_ztartag_lower_key').on(sql`lower(${t.ztartag})`),
    // Transfers find a recipient by a verified phone number, which one account holds at a time.
    uniqueIndex('profiles_verified_phone_key').on(t.phone).where(sql`${t.phoneVerifiedAt} IS NOT NULL`),
    check('profiles_user_level_known', sql`${t.userLevel} IN (${sqlList(USER_LEVELS)})`),
    check('profiles_ztartag_format', sql`${t.ztartag} ~ '^[A-Za-z0-9_]{3,20}$'`),
    check('profiles_language_known', sql`${t.language} IN (${sqlList(LANGUAGES)})`),
    check(
      'profiles_full_name_length',
      sql`char_length(${t.fullName}) <= ${sql.raw(String(TEXT_LIMITS.name))}`,
    ),
    check('profiles_bio_length', sql`char_length(${t.bio}) <= ${sql.raw(String(TEXT_LIMITS.bio))}`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('user'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_roles_user_id_role_key').on(t.userId, t.role),
    check('user_roles_role_known', sql`${t.role} IN (${sqlList(STORED_ROLES)})`),
  ],
);

/**
 * Profile photos, re-encoded (square WebP, no metadata) and kept in the database so that every
 * server instance can serve them and none keeps files. A new upload gets a new id.
 */
export const avatars = pgTable(
  'avatars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: bytea('content').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('avatars_user_id_idx').on(t.userId)],
);

export type ProfileRow = typeof profiles.$inferSelect;
export type NewProfileRow = typeof profiles.$inferInsert;
export type UserRoleRow = typeof userRoles.$inferSelect;
