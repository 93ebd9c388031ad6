import { z } from 'zod';
import {
  DELETE_CONFIRMATION_WORD,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  PIN_PATTERN,
  ZTARTAG_PATTERN,
} from './patterns.ts';
import { safeText } from './safe-text.ts';
import { isTimeZone } from './time-zones.ts';

/** The plain formats and limits the schemas are built on, for code that imports them together. */
export * from './patterns.ts';

/**
 * Field schemas carry message keys, not sentences: the web app translates them
 * (namespace `validation`), the server returns them in error details.
 */
export const emailSchema = safeText()
  .toLowerCase()
  .email('validation.email')
  .max(EMAIL_MAX_LENGTH, 'validation.email');
export const passwordSchema = safeText({ trim: false })
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax');
export const pinSchema = safeText({ trim: false }).regex(PIN_PATTERN, 'validation.pin');
export const phoneSchema = safeText().regex(PHONE_PATTERN, 'validation.phone');
export const ztartagSchema = safeText().toLowerCase().regex(ZTARTAG_PATTERN, 'validation.ztartag');
/** A secret typed by the person (a password to check, a confirmation): taken as sent, never trimmed. */
export const secretTextSchema = safeText({ trim: false }).max(256);
/**
 * A calendar day people type (a birthday, a due date), `YYYY-MM-DD`, within years the app can
 * mean: PostgreSQL refuses a year before 1, and nobody's birthday or debt falls outside this range.
 */
export const CALENDAR_DATE_MIN = '1900-01-01';
export const CALENDAR_DATE_MAX = '2100-12-31';
export const calendarDateSchema = z.iso
  .date({ error: 'validation.date' })
  .refine((date) => date >= CALENDAR_DATE_MIN && date <= CALENDAR_DATE_MAX, {
    error: 'validation.dateRange',
  });
/** An IANA time zone the runtime knows (`Europe/Lisbon`). */
export const timeZoneSchema = safeText({ trim: false }).max(64).refine(isTimeZone, 'validation.timeZone');
export const deleteConfirmationSchema = z.literal(DELETE_CONFIRMATION_WORD, {
  error: 'validation.deleteConfirmation',
});
