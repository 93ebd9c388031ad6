import { z } from 'zod';

/** Validation constants of spec §5 and §9, with the field schemas built on them. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PIN_PATTERN = /^\d{4,6}$/;
export const DELETE_CONFIRMATION_WORD = 'DELETE';
/** International phone format like +1234567890 (E.164: up to 15 digits). */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;
/** A ztartag: 3 to 20 of a-z, 0-9 and underscore, compared case-insensitively. */
export const ZTARTAG_PATTERN = /^[a-z0-9_]{3,20}$/;

/**
 * Field schemas carry message keys, not sentences: the web app translates them
 * (namespace `validation`), the server returns them in error details.
 */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .email('validation.email')
  .max(254, 'validation.email');
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax');
export const pinSchema = z.string().regex(PIN_PATTERN, 'validation.pin');
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, 'validation.phone');
export const ztartagSchema = z.string().trim().toLowerCase().regex(ZTARTAG_PATTERN, 'validation.ztartag');
export const deleteConfirmationSchema = z.literal(DELETE_CONFIRMATION_WORD, {
  error: 'validation.deleteConfirmation',
});

export function normalizeZtartag(tag: string): string {
  return tag.trim().replace(/^@/, '').toLowerCase();
}
