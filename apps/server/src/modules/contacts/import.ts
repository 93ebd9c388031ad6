import {
  CONTACT_TEXT_LIMITS,
  CONTACTS_MAX_PER_USER,
  type ContactImportResponse,
  contactPhoneSchema,
  createContactRequestSchema,
  VCARD_IMPORT_MAX_CARDS,
} from '@ztart/shared/contracts/contacts';
import { calendarDateSchema, emailSchema, ZTARTAG_PATTERN } from '@ztart/shared/validation';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findParties } from '../profiles/people.ts';
import { hasBlocked } from './blocking.ts';
import { type ContactRow, contacts } from './tables.ts';
import { parseVCards, type VCardEntry } from './vcard.ts';

type Candidate = z.output<typeof createContactRequestSchema> & { contactUserId: string | null };

function firstValid<T>(values: string[], schema: z.ZodType<T>): T | null {
  for (const value of values) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
  }
  return null;
}

function cut(text: string | null, max: number): string | null {
  return text === null ? null : [...text].slice(0, max).join('');
}

/** A card as a contact, or null when it has no name to show or holds text we cannot keep. */
function candidateOf(entry: VCardEntry): Omit<Candidate, 'contactUserId'> | null {
  const nickname = entry.nickname ?? entry.fullName;
  if (!nickname) return null;
  const parsed = createContactRequestSchema.safeParse({
    nickname: cut(nickname, CONTACT_TEXT_LIMITS.nickname),
    name: cut(entry.fullName, CONTACT_TEXT_LIMITS.name),
    phone: firstValid(entry.phones, contactPhoneSchema),
    email: firstValid(entry.emails, emailSchema),
    notes: cut(entry.note, CONTACT_TEXT_LIMITS.notes),
    relationship: cut(entry.relationship, CONTACT_TEXT_LIMITS.relationship),
    // A date we cannot keep (year 0, 3000) leaves the birthday out, not the person.
    birthday: entry.birthday === null ? null : firstValid([entry.birthday], calendarDateSchema),
    address: cut(entry.address, CONTACT_TEXT_LIMITS.address),
  });
  return parsed.success ? parsed.data : null;
}

const lower = (text: string | null | undefined) => text?.trim().toLowerCase() || null;

/**
 * Which existing contact an imported one is, in this order: the same linked account, the same
 * email, the same phone, the same name (nickname or full name, ignoring case). The first rule
 * that both sides can answer decides: two contacts with different emails are two people even when
 * their names are alike.
 */
export function sameContact(
  row: Pick<ContactRow, 'contactUserId' | 'email' | 'phone' | 'nickname' | 'name'>,
  candidate: Candidate,
): boolean {
  if (row.contactUserId && candidate.contactUserId) return row.contactUserId === candidate.contactUserId;
  if (row.email && candidate.email) return lower(row.email) === lower(candidate.email);
  if (row.phone && candidate.phone) return row.phone === candidate.phone;
  const names = new Set([lower(row.nickname), lower(row.name)].filter(Boolean));
  return (
    names.has(lower(candidate.nickname)) || (candidate.name !== undefined && names.has(lower(candidate.name)))
  );
}

/** The fields a merge fills in: only those the existing contact leaves empty. */
function mergedFields(row: ContactRow, candidate: Candidate): Partial<ContactRow> {
  const fields: Partial<ContactRow> = {};
  const keys = ['name', 'phone', 'email', 'notes', 'relationship', 'birthday', 'address'] as const;
  for (const key of keys) {
    const value = candidate[key];
    if (row[key] === null && value) fields[key] = value;
  }
  if (row.contactUserId === null && candidate.contactUserId) {
    fields.contactUserId = candidate.contactUserId;
    fields.ztartag = candidate.ztartag ?? null;
  }
  return fields;
}

/**
 * The app accounts the cards name by ztartag (tags are public). A tag of nobody, of the importer,
 * or of someone who blocked the importer links nothing, alike.
 */
async function linkedUsers(
  db: AppDatabase,
  ownerId: string,
  tags: string[],
): Promise<Map<string, { userId: string; ztartag: string }>> {
  const wanted = [
    ...new Set(tags.map((tag) => tag.toLowerCase()).filter((tag) => ZTARTAG_PATTERN.test(tag))),
  ];
  const found = new Map<string, { userId: string; ztartag: string }>();
  if (wanted.length === 0) return found;
  const parties = await findParties(
    db,
    wanted.map((tag) => ({ senderId: null, typedRecipient: tag })),
  );
  for (const [i, tag] of wanted.entries()) {
    const person = parties[i]?.recipient;
    if (!person?.ztartag || person.userId === ownerId) continue;
    if (await hasBlocked(db, person.userId, ownerId)) continue;
    found.set(tag, { userId: person.userId, ztartag: person.ztartag });
  }
  return found;
}

/** `POST /api/contacts/import`: the cards of a .vcf file added, or merged into the contacts they are. */
export async function importVCards(
  db: AppDatabase,
  ownerId: string,
  text: string,
): Promise<ContactImportResponse> {
  const entries = parseVCards(text);
  if (entries.length > VCARD_IMPORT_MAX_CARDS) {
    throw new AppError('payload_too_large', {
      message: `A file may hold at most ${VCARD_IMPORT_MAX_CARDS} contacts.`,
    });
  }
  const people = await linkedUsers(
    db,
    ownerId,
    entries.flatMap((entry) => (entry.ztartag ? [entry.ztartag] : [])),
  );
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(contacts).where(eq(contacts.ownerId, ownerId));
    const result = { imported: 0, merged: 0, skipped: 0 };
    for (const entry of entries) {
      const base = candidateOf(entry);
      if (!base) {
        result.skipped++;
        continue;
      }
      const person = entry.ztartag ? people.get(entry.ztartag.toLowerCase()) : undefined;
      const candidate: Candidate = {
        ...base,
        ztartag: person?.ztartag ?? null,
        contactUserId: person?.userId ?? null,
      };
      const at = rows.findIndex((row) => sameContact(row, candidate));
      if (at >= 0) {
        const row = rows[at]!;
        const fields = mergedFields(row, candidate);
        if (fields.contactUserId && rows.some((other) => other.contactUserId === fields.contactUserId)) {
          delete fields.contactUserId;
          delete fields.ztartag;
        }
        if (Object.keys(fields).length > 0) {
          const [updated] = await tx
            .update(contacts)
            .set({ ...fields, updatedAt: new Date() })
            .where(eq(contacts.id, row.id))
            .returning();
          rows[at] = updated!;
        }
        result.merged++;
        continue;
      }
      if (rows.length >= CONTACTS_MAX_PER_USER) {
        result.skipped++;
        continue;
      }
      const [inserted] = await tx
        .insert(contacts)
        .values({
          ownerId,
          contactUserId: candidate.contactUserId,
          nickname: candidate.nickname,
          name: candidate.name ?? null,
          phone: candidate.phone ?? null,
          email: candidate.email ?? null,
          notes: candidate.notes ?? null,
          relationship: candidate.relationship ?? null,
          birthday: candidate.birthday ?? null,
          address: candidate.address ?? null,
          ztartag: candidate.ztartag ?? null,
        })
        .returning();
      rows.push(inserted!);
      result.imported++;
    }
    return result;
  });
}
