/**
 * The formats of identifiers, as plain regular expressions: validation.ts builds the zod schemas
 * on them, and pages that must stay light (the quick-tip page) use them without loading zod.
 */

/** PIN of spec §5: 4 to 6 digits. */
export const PIN_PATTERN = /^\d{4,6}$/;
/** International phone format like +1234567890 (E.164: up to 15 digits). */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;
/** A ztartag: 3 to 20 of a-z, 0-9 and underscore, compared case-insensitively. */
export const ZTARTAG_PATTERN = /^[a-z0-9_]{3,20}$/;
/** Short codes of `/q/<code>`: letters and digits; the server makes 8 random ones. */
export const QR_SHORT_CODE_PATTERN = /^[A-Za-z0-9]{6,16}$/;
/** A first check of an email address in the browser; the server's schema has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

/** Validation constants of spec §5 and §9: validation.ts builds the field schemas on them. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** A typed ztartag as stored: without spaces or a leading @, in lower case. */
export function normalizeZtartag(tag: string): string {
  return tag.trim().replace(/^@/, '').toLowerCase();
}

/** Spaces, dashes, dots and brackets people type in a phone number; PHONE_PATTERN has none. */
const PHONE_DECORATION = /[\s().-]/g;

/** A typed phone number without its decoration ("+1 (555) 010-0000" → "+15550100000"). */
export function cleanPhone(input: string): string {
  return input.replace(PHONE_DECORATION, '');
}
