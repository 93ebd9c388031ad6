import {
  CONTACT_GROUPS_MAX_PER_USER,
  CONTACTS_MAX_PER_USER,
  type Contact,
  type ContactGroup,
  type ContactListResponse,
  type ContactPerson,
  type contactGroupRequestSchema,
  type contactQuerySchema,
  type createContactRequestSchema,
  type updateContactGroupRequestSchema,
  type updateContactRequestSchema,
} from '@ztart/shared/contracts/contacts';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import { AppError } from '../../http/errors.ts';
import { users } from '../auth/tables.ts';
import { displayNameOf, findParties, type Person } from '../profiles/people.ts';
import { profiles } from '../profiles/tables.ts';
import { hasBlocked } from './blocking.ts';
import { type ContactGroupRow, type ContactRow, contactGroups, contacts } from './tables.ts';

type CreateContact = z.output<typeof createContactRequestSchema>;
type UpdateContact = z.output<typeof updateContactRequestSchema>;
type ContactQuery = z.output<typeof contactQuerySchema>;
type GroupRequest = z.output<typeof contactGroupRequestSchema>;
type UpdateGroup = z.output<typeof updateContactGroupRequestSchema>;

/** `%`, `_` and the escape character itself match only themselves in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function toContactPerson(person: Pick<Person, 'ztartag' | 'fullName' | 'avatarUrl'>): ContactPerson {
  return {
    ztartag: person.ztartag,
    displayName: displayNameOf({ ...person, userId: '', verified: false }),
    avatarUrl: person.avatarUrl,
  };
}

interface LinkedPerson {
  ztartag: string | null;
  fullName: string | null;
  avatarUrl: string | null;
  deletedAt: Date | null;
}

function toContact(row: ContactRow, person: LinkedPerson | undefined): Contact {
  return {
    id: row.id,
    nickname: row.nickname,
    name: row.name,
    phone: row.phone,
    email: row.email,
    groupId: row.groupId,
    notes: row.notes,
    relationship: row.relationship,
    birthday: row.birthday,
    address: row.address,
    favourite: row.favourite,
    blocked: row.blocked,
    ztartag: person?.ztartag ?? row.ztartag,
    person: person && person.deletedAt === null ? toContactPerson(person) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Contact rows with the public part of the accounts they are linked to. */
async function withPeople(db: AppDatabase, rows: ContactRow[]): Promise<Contact[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.contactUserId ? [row.contactUserId] : [])))];
  const people =
    ids.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            deletedAt: users.deletedAt,
            ztartag: profiles.ztartag,
            fullName: profiles.fullName,
            avatarUrl: profiles.avatarUrl,
          })
          .from(users)
          .innerJoin(profiles, eq(profiles.id, users.id))
          .where(inArray(users.id, ids));
  const byId = new Map(people.map((person) => [person.id, person]));
  return rows.map((row) => toContact(row, row.contactUserId ? byId.get(row.contactUserId) : undefined));
}

export function contactFilterOf(
  ownerId: string,
  query: Omit<ContactQuery, 'cursor' | 'limit'>,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(contacts.ownerId, ownerId)];
  if (query.groupId) conditions.push(eq(contacts.groupId, query.groupId));
  if (query.favourite !== undefined) conditions.push(eq(contacts.favourite, query.favourite));
  if (query.blocked !== undefined) conditions.push(eq(contacts.blocked, query.blocked));
  if (query.q) {
    const pattern = likePattern(query.q.replace(/^@/, ''));
    conditions.push(
      or(
        ilike(contacts.nickname, pattern),
        ilike(contacts.name, pattern),
        ilike(contacts.ztartag, pattern),
        ilike(contacts.email, pattern),
        ilike(contacts.phone, pattern),
      ),
    );
  }
  return and(...conditions);
}

export async function listContacts(
  db: AppDatabase,
  ownerId: string,
  query: ContactQuery,
): Promise<ContactListResponse> {
  const { cursor, limit, ...filters } = query;
  const after = cursor ? decodeCursor(cursor) : null;
  const where = contactFilterOf(ownerId, filters);
  const rows = await db
    .select()
    .from(contacts)
    .where(
      after
        ? and(
            where,
            sql`(${contacts.createdAt}, ${contacts.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
          )
        : where,
    )
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(limit + 1);
  const page = pageOf(rows, limit);
  return { items: await withPeople(db, page.rows), nextCursor: page.nextCursor };
}

/** One of the person's contacts; anyone else's, or none, is 404. */
export async function findOwnContact(db: AppDatabase, ownerId: string, id: string): Promise<ContactRow> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.ownerId, ownerId)));
  if (!row) throw new AppError('not_found');
  return row;
}

/** Who a contact is, for a record another module keeps with it (a debt). */
export interface ContactParty {
  id: string;
  /** The account the contact is linked to, while that account lives. */
  userId: string | null;
  /** What the person calls them. */
  nickname: string;
}

/**
 * One of the person's own contacts as another module names it (a debt's `contactId`): anyone
 * else's, or none, is 404 `contact_not_found`, so another's contact id reads as one that does not exist.
 */
export async function findContactParty(db: AppDatabase, ownerId: string, id: string): Promise<ContactParty> {
  const [row] = await db
    .select({ id: contacts.id, userId: users.id, nickname: contacts.nickname })
    .from(contacts)
    .leftJoin(users, and(eq(users.id, contacts.contactUserId), isNull(users.deletedAt)))
    .where(and(eq(contacts.id, id), eq(contacts.ownerId, ownerId)));
  if (!row) throw new AppError('contact_not_found');
  return row;
}

export async function getContact(db: AppDatabase, ownerId: string, id: string): Promise<Contact> {
  const [contact] = await withPeople(db, [await findOwnContact(db, ownerId, id)]);
  return contact!;
}

async function requireOwnGroup(db: AppDatabase, ownerId: string, groupId: string | null | undefined) {
  if (!groupId) return;
  const [row] = await db
    .select({ id: contactGroups.id })
    .from(contactGroups)
    .where(and(eq(contactGroups.id, groupId), eq(contactGroups.ownerId, ownerId)));
  if (!row) throw fieldError('groupId', 'validation.invalid_value');
}

function fieldError(field: string, message: string): AppError {
  return new AppError('validation_failed', {
    details: { source: 'body', issues: [{ path: field, code: 'custom', message }] },
  });
}

/**
 * The account a ztartag names, for linking a contact: nobody, or someone who blocked the owner,
 * reads as the same 404 (`recipient_user_not_found`), so a block is not told apart from no account.
 */
export async function resolveLinkedUser(db: AppDatabase, ownerId: string, ztartag: string): Promise<Person> {
  const [parties] = await findParties(db, [{ senderId: null, typedRecipient: ztartag }]);
  const person = parties?.recipient;
  if (!person || (await hasBlocked(db, person.userId, ownerId))) {
    throw new AppError('recipient_user_not_found', { details: { field: 'ztartag' } });
  }
  if (person.userId === ownerId) throw new AppError('recipient_is_self');
  return person;
}

async function contactCountOf(db: AppDatabase, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contacts).where(eq(contacts.ownerId, ownerId));
  return row?.n ?? 0;
}

/** One contact per person of the app and owner; two adds of the same person at once meet here. */
const OWNER_USER_UNIQUE_INDEX = 'contacts_owner_user_key';

function alreadyAContact(): AppError {
  return new AppError('conflict', { message: 'This person is already one of your contacts.' });
}

/** Runs a write of a contact's link; the same person linked twice answers as the check before it does. */
async function linkingOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, OWNER_USER_UNIQUE_INDEX)) throw alreadyAContact();
    throw error;
  }
}

/** The contact linked to `userId`, if the owner has one. */
async function findLinkedContact(db: AppDatabase, ownerId: string, userId: string) {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.contactUserId, userId)));
  return row;
}

/**
 * Writes a contact's `blocked` flag with the owner's row locked (FOR NO KEY UPDATE), as the ledger
 * movement locks a recipient: a payment from the blocked person either committed before the block,
 * or waits for it and is refused.
 */
async function lockOwner(tx: AppDatabase, ownerId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
}

export async function createContact(db: AppDatabase, ownerId: string, body: CreateContact): Promise<Contact> {
  await requireOwnGroup(db, ownerId, body.groupId);
  const person = body.ztartag ? await resolveLinkedUser(db, ownerId, body.ztartag) : undefined;
  if (person && (await findLinkedContact(db, ownerId, person.userId))) {
    throw alreadyAContact();
  }
  if ((await contactCountOf(db, ownerId)) >= CONTACTS_MAX_PER_USER) {
    throw new AppError('contact_add_failed', {
      message: 'You have reached the most contacts one person can keep.',
    });
  }
  const row = await linkingOnce(() =>
    db.transaction(async (tx) => {
      if (body.blocked) await lockOwner(tx, ownerId);
      const [inserted] = await tx
        .insert(contacts)
        .values({
          ownerId,
          contactUserId: person?.userId ?? null,
          groupId: body.groupId ?? null,
          nickname: body.nickname,
          name: body.name ?? null,
          phone: body.phone ?? null,
          email: body.email ?? null,
          notes: body.notes ?? null,
          relationship: body.relationship ?? null,
          birthday: body.birthday ?? null,
          address: body.address ?? null,
          favourite: body.favourite ?? false,
          blocked: body.blocked ?? false,
          ztartag: person?.ztartag ?? null,
        })
        .returning();
      return inserted!;
    }),
  );
  return (await withPeople(db, [row]))[0]!;
}

export async function updateContact(
  db: AppDatabase,
  ownerId: string,
  id: string,
  body: UpdateContact,
): Promise<Contact> {
  const current = await findOwnContact(db, ownerId, id);
  await requireOwnGroup(db, ownerId, body.groupId);
  let link: { contactUserId: string | null; ztartag: string | null } | undefined;
  if (body.ztartag !== undefined && body.ztartag !== (current.ztartag?.toLowerCase() ?? null)) {
    if (body.ztartag === null) link = { contactUserId: null, ztartag: null };
    else {
      const person = await resolveLinkedUser(db, ownerId, body.ztartag);
      const other = await findLinkedContact(db, ownerId, person.userId);
      if (other && other.id !== id) {
        throw alreadyAContact();
      }
      link = { contactUserId: person.userId, ztartag: person.ztartag };
    }
  }
  const { ztartag: _ztartag, ...fields } = body;
  const row = await linkingOnce(() =>
    db.transaction(async (tx) => {
      if (body.blocked !== undefined) await lockOwner(tx, ownerId);
      const [updated] = await tx
        .update(contacts)
        .set({ ...fields, ...link, updatedAt: new Date() })
        .where(and(eq(contacts.id, id), eq(contacts.ownerId, ownerId)))
        .returning();
      return updated;
    }),
  );
  if (!row) throw new AppError('not_found');
  return (await withPeople(db, [row]))[0]!;
}

export async function deleteContact(db: AppDatabase, ownerId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    const deleted = await tx
      .delete(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.ownerId, ownerId)))
      .returning({ id: contacts.id });
    if (deleted.length === 0) throw new AppError('not_found');
  });
}

/** Every contact of the person, oldest first (the export). */
export async function allContacts(db: AppDatabase, ownerId: string): Promise<Contact[]> {
  const rows = await db
    .select()
    .from(contacts)
    .where(eq(contacts.ownerId, ownerId))
    .orderBy(contacts.createdAt);
  return withPeople(db, rows);
}

/**
 * Account deletion: the person's contacts and groups go with their other personal data (inside the
 * deletion's transaction). Contacts other people keep of them stay theirs, no longer linked to a
 * live account.
 */
export async function eraseContactsOf(tx: AppDatabase, ownerId: string): Promise<void> {
  await tx.delete(contacts).where(eq(contacts.ownerId, ownerId));
  await tx.delete(contactGroups).where(eq(contactGroups.ownerId, ownerId));
}

// Groups

function toGroup(row: ContactGroupRow, contactCount: number): ContactGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    contactCount,
    createdAt: row.createdAt.toISOString(),
  };
}

async function countsOf(db: AppDatabase, ownerId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ groupId: contacts.groupId, n: count() })
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), sql`${contacts.groupId} IS NOT NULL`))
    .groupBy(contacts.groupId);
  return new Map(rows.map((row) => [row.groupId!, row.n]));
}

export async function listGroups(db: AppDatabase, ownerId: string): Promise<ContactGroup[]> {
  const rows = await db
    .select()
    .from(contactGroups)
    .where(eq(contactGroups.ownerId, ownerId))
    .orderBy(contactGroups.name, contactGroups.id);
  const counts = await countsOf(db, ownerId);
  return rows.map((row) => toGroup(row, counts.get(row.id) ?? 0));
}

export async function createGroup(
  db: AppDatabase,
  ownerId: string,
  body: GroupRequest,
): Promise<ContactGroup> {
  const [existing] = await db
    .select({ n: count() })
    .from(contactGroups)
    .where(eq(contactGroups.ownerId, ownerId));
  if ((existing?.n ?? 0) >= CONTACT_GROUPS_MAX_PER_USER) {
    throw new AppError('conflict', { message: 'You have reached the most groups one person can keep.' });
  }
  const [row] = await db
    .insert(contactGroups)
    .values({ ownerId, name: body.name, description: body.description ?? null })
    .returning();
  return toGroup(row!, 0);
}

export async function updateGroup(
  db: AppDatabase,
  ownerId: string,
  id: string,
  body: UpdateGroup,
): Promise<ContactGroup> {
  const [row] = await db
    .update(contactGroups)
    .set({ ...body, updatedAt: new Date() })
    .where(and(eq(contactGroups.id, id), eq(contactGroups.ownerId, ownerId)))
    .returning();
  if (!row) throw new AppError('not_found');
  return toGroup(row, (await countsOf(db, ownerId)).get(row.id) ?? 0);
}

/** Deletes a group; its contacts stay, in no group. */
export async function deleteGroup(db: AppDatabase, ownerId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(contactGroups)
    .where(and(eq(contactGroups.id, id), eq(contactGroups.ownerId, ownerId)))
    .returning({ id: contactGroups.id });
  if (deleted.length === 0) throw new AppError('not_found');
}

/**
 * `GET /api/contacts/lookup`: the person an exact ztartag, confirmed email or confirmed phone
 * names, or null. Someone who blocked the asker, the asker, and a deleted account are null too.
 */
export async function lookupPerson(
  db: AppDatabase,
  askerId: string,
  typed: string,
): Promise<ContactPerson | null> {
  const [parties] = await findParties(db, [{ senderId: null, typedRecipient: typed }]);
  const person = parties?.recipient;
  if (!person || person.userId === askerId) return null;
  if (await hasBlocked(db, person.userId, askerId)) return null;
  return toContactPerson(person);
}
