import type { RecipientResponse } from '@ztart/shared/contracts/wallet';
import { normalizeZtartag, PHONE_PATTERN, ZTARTAG_PATTERN } from '@ztart/shared/validation';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { users } from '../auth/tables.ts';
import { profiles } from '../profiles/tables.ts';

/** Someone money can be sent to, or who sends it: what the other side of a transfer shows. */
export interface Person {
  userId: string;
  ztartag: string | null;
  fullName: string | null;
  avatarUrl: string | null;
  /** Email and phone verified. */
  verified: boolean;
}

type RecipientKind = 'ztartag' | 'email' | 'phone';

/** Phone numbers as people type them: spaces, dashes, dots and brackets are dropped. */
const PHONE_DECORATION = /[\s\-.()]/g;

/**
 * How a typed recipient reads: an email has an `@` after its first character, a phone starts
 * with `+` (E.164, so digits alone stay a ztartag: tags may be all digits), anything else is a
 * ztartag with or without its `@`.
 */
export function recipientKindOf(typed: string): { kind: RecipientKind; value: string } {
  const text = typed.trim();
  if (text.indexOf('@') > 0) return { kind: 'email', value: text.toLowerCase() };
  if (text.startsWith('+')) return { kind: 'phone', value: text.replace(PHONE_DECORATION, '') };
  return { kind: 'ztartag', value: normalizeZtartag(text) };
}

/**
 * The registered, not deleted person a transfer goes to. No such ztartag or verified phone → 404
 * `recipient_user_not_found`; an unregistered email → 404 `recipient_not_found` (transfers to
 * outside emails are not offered yet).
 */
export async function resolveRecipient(db: AppDatabase, typed: string): Promise<Person> {
  const { kind, value } = recipientKindOf(typed);
  const notFound = new AppError(kind === 'email' ? 'recipient_not_found' : 'recipient_user_not_found');
  let where: SQL | undefined;
  if (kind === 'email') where = eq(users.email, value);
  else if (kind === 'phone') {
    if (!PHONE_PATTERN.test(value)) throw notFound;
    // An unconfirmed number may be someone else's: only a verified one names a person.
    where = and(eq(profiles.phone, value), isNotNull(profiles.phoneVerifiedAt));
  } else {
    if (!ZTARTAG_PATTERN.test(value)) throw notFound;
    where = eq(sql`lower(${profiles.ztartag})`, value);
  }
  const [person] = await selectPeople(db, where);
  if (!person) throw notFound;
  return person;
}

/** A person by id (the sender of a transfer); undefined when the account is gone. */
export async function findPerson(db: AppDatabase, userId: string): Promise<Person | undefined> {
  const [person] = await selectPeople(db, eq(users.id, userId));
  return person;
}

async function selectPeople(db: AppDatabase, where: SQL | undefined): Promise<Person[]> {
  const rows = await db
    .select({
      userId: users.id,
      emailVerifiedAt: users.emailVerifiedAt,
      ztartag: profiles.ztartag,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      phoneVerifiedAt: profiles.phoneVerifiedAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(where, isNull(users.deletedAt)))
    .limit(1);
  return rows.map((row) => ({
    userId: row.userId,
    ztartag: row.ztartag,
    fullName: row.fullName,
    avatarUrl: row.avatarUrl,
    verified: row.emailVerifiedAt !== null && row.phoneVerifiedAt !== null,
  }));
}

/**
 * The name shown for a person: their full name, else their ztartag. Someone with neither is shown
 * as what the sender typed to find them, or, to the recipient, as a generic name: their email and
 * phone are private.
 */
export function displayNameOf(person: Person, fallback = 'Ztart Tips user'): string {
  return person.fullName?.trim() || person.ztartag || fallback;
}

/** How a transaction's description names the other side: `@tag` when there is one. */
export function shortNameOf(person: Person, fallback?: string): string {
  return person.ztartag ? `@${person.ztartag}` : displayNameOf(person, fallback);
}

export function toRecipientResponse(person: Person, typed: string): RecipientResponse {
  return {
    ztartag: person.ztartag,
    displayName: displayNameOf(person, typed.trim()),
    avatarUrl: person.avatarUrl,
    verified: person.verified,
  };
}
