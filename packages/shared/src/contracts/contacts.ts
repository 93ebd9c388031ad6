import { z } from 'zod';
import { PAGE_SIZE, TEXT_LIMITS } from '../limits.ts';
import { cleanPhone } from '../patterns.ts';
import { safeText } from '../safe-text.ts';
import {
  calendarDateSchema,
  emailSchema,
  normalizeZtartag,
  phoneSchema,
  ztartagSchema,
} from '../validation.ts';

/**
 * Contacts and contact groups (spec §2 Contacts, §3 Contact, Contact group). Each person keeps
 * their own; a contact who uses the app is linked to that account (`person`), found by an exact
 * ztartag, email or phone, so that money can be sent to them and a block applies to them.
 */

export const CONTACT_TEXT_LIMITS = {
  nickname: TEXT_LIMITS.name,
  name: TEXT_LIMITS.name,
  relationship: 40,
  address: 300,
  notes: TEXT_LIMITS.note,
  groupName: 60,
  groupDescription: 300,
  lookup: 254,
} as const;

/** Groups one person may have; contacts are bounded by the import size and what people add by hand. */
export const CONTACT_GROUPS_MAX_PER_USER = 100;
export const CONTACTS_MAX_PER_USER = 5_000;
/** An imported .vcf file: at most this many bytes and cards. */
export const VCARD_IMPORT_MAX_BYTES = 1024 * 1024;
export const VCARD_IMPORT_MAX_CARDS = 1_000;

const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  safeText(options)
    .max(max, 'validation.tooLong')
    .transform((text) => (text === '' ? null : text))
    .nullable();

/** A phone as typed (spaces, dashes, brackets dropped), in international format. */
export const contactPhoneSchema = z.preprocess(
  (value) => (typeof value === 'string' ? cleanPhone(value) : value),
  phoneSchema,
);

const contactFields = {
  nickname: safeText()
    .min(1, 'validation.nicknameRequired')
    .max(CONTACT_TEXT_LIMITS.nickname, 'validation.tooLong'),
  name: optionalText(CONTACT_TEXT_LIMITS.name),
  phone: z.union([z.literal('').transform(() => null), contactPhoneSchema]).nullable(),
  email: z.union([z.literal('').transform(() => null), emailSchema]).nullable(),
  groupId: z.uuid().nullable(),
  notes: optionalText(CONTACT_TEXT_LIMITS.notes, { multiline: true }),
  relationship: optionalText(CONTACT_TEXT_LIMITS.relationship),
  birthday: z.union([z.literal('').transform(() => null), calendarDateSchema]).nullable(),
  address: optionalText(CONTACT_TEXT_LIMITS.address, { multiline: true }),
  favourite: z.boolean(),
  blocked: z.boolean(),
  /** The app user this contact is; the server links the contact to their account. */
  ztartag: z
    .preprocess(
      (value) => (typeof value === 'string' ? normalizeZtartag(value) : value),
      z.union([z.literal('').transform(() => null), ztartagSchema]),
    )
    .nullable(),
};

export const createContactRequestSchema = z
  .object({
    nickname: contactFields.nickname,
    name: contactFields.name.optional(),
    phone: contactFields.phone.optional(),
    email: contactFields.email.optional(),
    groupId: contactFields.groupId.optional(),
    notes: contactFields.notes.optional(),
    relationship: contactFields.relationship.optional(),
    birthday: contactFields.birthday.optional(),
    address: contactFields.address.optional(),
    favourite: contactFields.favourite.optional(),
    blocked: contactFields.blocked.optional(),
    ztartag: contactFields.ztartag.optional(),
  })
  .meta({ id: 'CreateContactRequest' });
export type CreateContactRequest = z.input<typeof createContactRequestSchema>;

export const updateContactRequestSchema = createContactRequestSchema
  .partial()
  .meta({ id: 'UpdateContactRequest' });
export type UpdateContactRequest = z.input<typeof updateContactRequestSchema>;

/** Public part of the app user a contact is linked to. */
export const contactPersonSchema = z
  .object({ ztartag: z.string().nullable(), displayName: z.string(), avatarUrl: z.string().nullable() })
  .meta({ id: 'ContactPerson' });
export type ContactPerson = z.infer<typeof contactPersonSchema>;

export const contactSchema = z
  .object({
    id: z.uuid(),
    nickname: z.string(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    groupId: z.uuid().nullable(),
    notes: z.string().nullable(),
    relationship: z.string().nullable(),
    birthday: z.iso.date().nullable(),
    address: z.string().nullable(),
    favourite: z.boolean(),
    blocked: z.boolean(),
    ztartag: z.string().nullable(),
    /** The app user this contact is linked to (null for someone outside the app). */
    person: contactPersonSchema.nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contactSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `q` searches nickname, name, ztartag, email and phone; newest first. */
export const contactQuerySchema = z.object({
  q: safeText().max(100).optional(),
  groupId: z.uuid().optional(),
  favourite: booleanQuery.optional(),
  blocked: booleanQuery.optional(),
  cursor: safeText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
});
export type ContactQuery = z.input<typeof contactQuerySchema>;

export const contactListResponseSchema = z
  .object({ items: z.array(contactSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ContactList' });
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;

export const contactParamsSchema = z.object({ id: z.uuid() });

export const contactLookupQuerySchema = z.object({
  q: safeText().min(1, 'validation.required').max(CONTACT_TEXT_LIMITS.lookup, 'validation.tooLong'),
});
export const contactLookupResponseSchema = z
  .object({ person: contactPersonSchema.nullable() })
  .meta({ id: 'ContactLookup' });
export type ContactLookupResponse = z.infer<typeof contactLookupResponseSchema>;

export const contactImportResponseSchema = z
  .object({ imported: z.number().int(), merged: z.number().int(), skipped: z.number().int() })
  .meta({ id: 'ContactImport' });
export type ContactImportResponse = z.infer<typeof contactImportResponseSchema>;

export const contactGroupRequestSchema = z
  .object({
    name: safeText()
      .min(1, 'validation.groupNameRequired')
      .max(CONTACT_TEXT_LIMITS.groupName, 'validation.tooLong'),
    description: optionalText(CONTACT_TEXT_LIMITS.groupDescription, { multiline: true }).optional(),
  })
  .meta({ id: 'ContactGroupRequest' });
export type ContactGroupRequest = z.input<typeof contactGroupRequestSchema>;

export const updateContactGroupRequestSchema = contactGroupRequestSchema
  .partial()
  .meta({ id: 'UpdateContactGroupRequest' });

export const contactGroupSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    contactCount: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ContactGroup' });
export type ContactGroup = z.infer<typeof contactGroupSchema>;

export const contactGroupListResponseSchema = z
  .object({ items: z.array(contactGroupSchema) })
  .meta({ id: 'ContactGroupList' });

/** The path of a person's public profile, which their contact QR encodes. */
export function publicProfilePath(ztartag: string): string {
  return `/@${ztartag}`;
}

/** The ztartag a scanned contact QR names (a link `<origin>/@<ztartag>`); null for any other code. */
export function ztartagOfContactQr(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = /^\/@([^/]+)\/?$/.exec(url.pathname);
  if (!match) return null;
  let ztartag: string;
  try {
    ztartag = decodeURIComponent(match[1]!);
  } catch {
    // A bad percent escape (`%E0%A4%A`) names nobody.
    return null;
  }
  const parsed = ztartagSchema.safeParse(ztartag);
  return parsed.success ? parsed.data : null;
}
