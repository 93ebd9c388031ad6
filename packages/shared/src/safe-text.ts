import { z } from 'zod';

/**
 * The one building block of every text a person sends us (request bodies, query strings, path
 * parameters). It accepts any language, emoji and right-to-left text, and refuses what no
 * person types and no database keeps: control characters (NUL first of all, which PostgreSQL
 * cannot store) and lone UTF-16 surrogates (text that is not well-formed Unicode). A single-line
 * text refuses line breaks and tabs too; a multi-line one (notes, messages, bios) keeps them.
 *
 * In Unicode mode `\p{Cs}` matches only a surrogate that is not half of a pair, and `\p{Cc}` is
 * U+0000–U+001F and U+007F–U+009F.
 */
export const SINGLE_LINE_TEXT_PATTERN = /^[^\p{Cc}\p{Cs}]*$/u;
export const MULTI_LINE_TEXT_PATTERN = /^(?:[^\p{Cc}\p{Cs}]|[\t\n\r])*$/u;

/** The translation key of a refused text (namespace `validation`, key `text.unsafe`). */
export const UNSAFE_TEXT_MESSAGE = 'validation.text.unsafe';

export interface SafeTextOptions {
  /** Keep tabs and line breaks (a note, a message). */
  multiline?: boolean;
  /** Trim surrounding whitespace first (default); secrets and tokens are taken exactly as sent. */
  trim?: boolean;
}

export function isSafeText(text: string, options: Pick<SafeTextOptions, 'multiline'> = {}): boolean {
  return (options.multiline ? MULTI_LINE_TEXT_PATTERN : SINGLE_LINE_TEXT_PATTERN).test(text);
}

/** A zod string that only holds safe text; chain `.min()`, `.max()`, `.regex()` ... after it. */
export function safeText(options: SafeTextOptions = {}) {
  const text = options.trim === false ? z.string() : z.string().trim();
  return text.regex(
    options.multiline ? MULTI_LINE_TEXT_PATTERN : SINGLE_LINE_TEXT_PATTERN,
    UNSAFE_TEXT_MESSAGE,
  );
}

/**
 * An http or https address. The URL parser alone lets control characters through (it encodes
 * them), and the address is kept as sent, so the safe-text pattern applies as well.
 */
export function safeWebAddress(options: { max: number; maxMessage?: string }) {
  return z
    .url({ protocol: /^https?$/, error: 'validation.url' })
    .max(options.max, options.maxMessage)
    .regex(SINGLE_LINE_TEXT_PATTERN, UNSAFE_TEXT_MESSAGE);
}

/** Nesting and size limits of free-form JSON a person may send (audit metadata). */
export const SAFE_JSON_MAX_DEPTH = 8;
export const SAFE_JSON_MAX_CHARACTERS = 4_096;

/**
 * Whether a JSON value holds only safe text (keys and strings, at any depth), nests at most
 * SAFE_JSON_MAX_DEPTH levels and, written out, stays within SAFE_JSON_MAX_CHARACTERS: what a
 * `jsonb` column takes without an error, whoever sent it.
 */
export function isSafeJsonValue(value: unknown): boolean {
  if (!hasSafeJsonShape(value, 0)) return false;
  return JSON.stringify(value).length <= SAFE_JSON_MAX_CHARACTERS;
}

function hasSafeJsonShape(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return isSafeText(value, { multiline: true });
  if (depth >= SAFE_JSON_MAX_DEPTH || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.every((item) => hasSafeJsonShape(item, depth + 1));
  return Object.entries(value).every(
    ([key, item]) => isSafeText(key, { multiline: true }) && hasSafeJsonShape(item, depth + 1),
  );
}

/** A JSON object of safe text (audit metadata): keys are safe text, values checked by isSafeJsonValue. */
export function safeJsonObject() {
  return z
    .record(safeText({ trim: false }).max(64), z.unknown())
    .refine((record) => isSafeJsonValue(record), UNSAFE_TEXT_MESSAGE);
}
