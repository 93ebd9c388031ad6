export const LANGUAGES = ['en', 'es', 'fr', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
/** The localStorage key that caches the detected or chosen language. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks our language for a tag such as `pt-BR`; unknown tags get the fallback. */
export function languageFromTag(tag: string | null | undefined): Language {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : FALLBACK_LANGUAGE;
}
