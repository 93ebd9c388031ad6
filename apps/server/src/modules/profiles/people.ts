import type { RecipientResponse } from '@ztart/shared/contracts/wallet';
import { cleanPhone } from '@ztart/shared/patterns';
import { isVerified } from '@ztart/shared/roles';
import { normalizeZtartag, PHONE_PATTERN, ZTARTAG_PATTERN } from '@ztart/shared/validation';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
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

/**
 * How a typed recipient reads: an email has an `@` after its first character, a phone starts
 * with `+` (E.164, so digits alone stay a ztartag: tags may be all digits), anything else is a
 * ztartag with or without its `@`.
 */
export function recipientKindOf(typed: string): { kind: RecipientKind; value: string } {
  const text = typed.trim();
  if (text.indexOf('@') > 0) return { kind: 'email', value: text.toLowerCase() };
  if (text.startsWith('+')) return { kind: 'phone', value: cleanPhone(text) };
  return { kind: 'ztartag', value: normalizeZtartag(text) };
}

/** Whether the typed text names someone by a private identifier (email or phone), which look-ups are counted for. */
export function namesByPrivateIdentifier(typed: string): boolean {
  return recipientKindOf(typed).kind !== 'ztartag';
}

/**
 * The registered, not deleted person a transfer goes to. No such ztartag or verified phone → 404
 * `recipient_user_not_found`; an unregistered email → 404 `recipient_not_found` (transfers to
 * outside emails are not offered yet).
 */
export async function resolveRecipient(db: AppDatabase, typed: string): Promise<Person> {
  const [parties] = await findParties(db, [{ senderId: null, typedRecipient: typed }]);
  if (!parties?.recipient) throw notFoundFor(typed);
  return parties.recipient;
}

/** A person by id (the sender of a tip); undefined when the account is gone. */
export async function findPerson(db: AppDatabase, userId: string): Promise<Person | undefined> {
  const [person] = await selectPeople(db, eq(users.id, userId));
  return person && publicPart(person);
}

/** People by id in one query, keyed by id; an account that is gone is missing from the map. */
export async function findPeople(db: AppDatabase, userIds: readonly string[]): Promise<Map<string, Person>> {
  if (userIds.length === 0) return new Map();
  const rows = await selectPeople(db, inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.userId, publicPart(row)]));
}

export interface PartiesQuery {
  senderId: string | null;
  typedRecipient: string;
}

/** Both sides of a transfer; either is missing when nobody (not deleted) matches. */
export interface Parties {
  sender: Person | undefined;
  recipient: Person | undefined;
}

/** The 404 for a recipient nobody matches: `recipient_not_found` for an email, else `recipient_user_not_found`. */
export function notFoundFor(typed: string): AppError {
  return new AppError(
    recipientKindOf(typed).kind === 'email' ? 'recipient_not_found' : 'recipient_user_not_found',
  );
}

/**
 * The parties of several transfers in one query. A recipient is the person the typed text names;
 * when the sender's own row matches it too, the sender (then refused as recipient_is_self).
 */
export async function findParties(db: AppDatabase, queries: PartiesQuery[]): Promise<Parties[]> {
  const typed = queries.map((query) => wellFormed(recipientKindOf(query.typedRecipient)));
  const valuesOf = (kind: RecipientKind) =>
    typed.flatMap((recipient) => (recipient?.kind === kind ? [recipient.value] : []));
  const rows = await partiesQuery(db).execute({
    senderIds: queries.flatMap((query) => (query.senderId === null ? [] : [query.senderId])),
    tags: valuesOf('ztartag'),
    emails: valuesOf('email'),
    phones: valuesOf('phone'),
  });
  const people = rows.map(toPersonRow);
  return queries.map(({ senderId }, i) => {
    const recipient = typed[i];
    const sender = people.find((person) => person.userId === senderId);
    const matching = recipient ? people.filter((person) => matches(person, recipient)) : [];
    const found = matching.find((person) => person === sender) ?? matching[0];
    return { sender: sender && publicPart(sender), recipient: found && publicPart(found) };
  });
}

/**
 * One index look-up per way of naming someone, as a union: an OR across the two joined tables
 * would scan both whole. An email or phone number names someone only once its owner confirmed it:
 * an unconfirmed one may be someone else's, and finding it would tell that somebody signed up with
 * it (sign-up and password reset answer the same either way; this look-up must not undo that).
 */
const partiesQuery = preparedPerDatabase((db) =>
  selectPeopleFrom(db)
    .where(
      and(
        isNull(users.deletedAt),
        sql`${users.id} IN (
          SELECT unnest(${sql.placeholder('senderIds')}::uuid[])
          UNION ALL SELECT id FROM profiles WHERE lower(ztartag) = ANY(${sql.placeholder('tags')}::text[])
          UNION ALL SELECT id FROM users WHERE email = ANY(${sql.placeholder('emails')}::text[])
            AND email_verified_at IS NOT NULL
          UNION ALL SELECT id FROM profiles WHERE phone = ANY(${sql.placeholder('phones')}::text[])
            AND phone_verified_at IS NOT NULL)`,
      ),
    )
    .prepare('find_transfer_parties'),
);

/** A typed recipient that someone could have; null for one that nobody can (not worth a look-up). */
function wellFormed(recipient: { kind: RecipientKind; value: string }) {
  if (recipient.kind === 'phone' && !PHONE_PATTERN.test(recipient.value)) return null;
  if (recipient.kind === 'ztartag' && !ZTARTAG_PATTERN.test(recipient.value)) return null;
  return recipient;
}

function matches(person: PersonRow, recipient: { kind: RecipientKind; value: string }): boolean {
  if (recipient.kind === 'email') return person.email === recipient.value && person.emailVerified;
  if (recipient.kind === 'phone') return person.phone === recipient.value && person.phoneVerified;
  return person.ztartag?.toLowerCase() === recipient.value;
}

/** A person with what identifies them privately (their email and phone), for matching only. */
interface PersonRow extends Person {
  email: string;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
}

function publicPart({ userId, ztartag, fullName, avatarUrl, verified }: PersonRow): Person {
  return { userId, ztartag, fullName, avatarUrl, verified };
}

async function selectPeople(db: AppDatabase, where: SQL): Promise<PersonRow[]> {
  const rows = await selectPeopleFrom(db).where(and(where, isNull(users.deletedAt)));
  return rows.map(toPersonRow);
}

function selectPeopleFrom(db: AppDatabase) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      ztartag: profiles.ztartag,
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      phone: profiles.phone,
      phoneVerifiedAt: profiles.phoneVerifiedAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id));
}

type PeopleSelection = Awaited<ReturnType<ReturnType<typeof selectPeopleFrom>['execute']>>[number];

function toPersonRow(row: PeopleSelection): PersonRow {
  return {
    userId: row.userId,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    ztartag: row.ztartag,
    fullName: row.fullName,
    avatarUrl: row.avatarUrl,
    phone: row.phone,
    phoneVerified: row.phoneVerifiedAt !== null,
    verified: isVerified(row),
  };
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
