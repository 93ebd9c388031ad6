import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/** A person's contact groups ("Family", "Band"): name and description. */
export const contactGroups = pgTable(
  'contact_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('contact_groups_owner_idx').on(t.ownerId, t.createdAt)],
);
export type ContactGroupRow = typeof contactGroups.$inferSelect;

/**
 * A person's contacts. `contactUserId` links one to the app user it is (found by an exact ztartag,
 * email or phone): sending money to them, and their block, go by it. `blocked` on a linked contact
 * is what stops that user from finding the owner or paying them (blocking.ts).
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactUserId: uuid('contact_user_id').references(() => users.id, { onDelete: 'set null' }),
    groupId: uuid('group_id').references(() => contactGroups.id, { onDelete: 'set null' }),
    nickname: text('nickname').notNull(),
    name: text('name'),
    phone: text('phone'),
    email: text('email'),
    notes: text('notes'),
    relationship: text('relationship'),
    birthday: date('birthday', { mode: 'string' }),
    address: text('address'),
    favourite: boolean('favourite').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    ztartag: text('ztartag'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('contacts_owner_idx').on(t.ownerId, t.createdAt, t.id),
    uniqueIndex('contacts_owner_user_key').on(t.ownerId, t.contactUserId),
    index('contacts_owner_group_idx').on(t.ownerId, t.groupId),
    // Who blocked a person: the money path and every search ask it by the blocked person's id.
    index('contacts_blocked_user_idx').on(t.contactUserId, t.ownerId).where(sql`${t.blocked}`),
    check('contacts_nickname_present', sql`length(${t.nickname}) > 0`),
  ],
);
export type ContactRow = typeof contacts.$inferSelect;
