import { FALLBACK_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from '@ztart/shared/languages';
import { type Currency, formatMoney } from '@ztart/shared/money';
import { createContext, useContext } from 'react';
import { en, type MessageKey, type Messages } from './messages/en.ts';
import { es } from './messages/es.ts';
import { fr } from './messages/fr.ts';
import { pt } from './messages/pt.ts';

/** All four languages are bundled: together they weigh less than one extra request on a slow network. */
const CATALOGUES: Record<Language, Messages> = { en, es, fr, pt };

export type Vars = Record<string, string | number>;

function browserTags(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The first tag we have a catalogue for (`pt-BR` → pt), or null when none matches. */
function firstSupported(tags: readonly (string | null | undefined)[]): Language | null {
  for (const tag of tags) {
    const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

/**
 * The page's language: the link's `lang` (a receiver may print a QR code for their customers'
 * language), then the language chosen in the app (same storage as the app's i18next), then the
 * browser's, then English.
 */
export function detectLanguage(
  search: string,
  stored: string | null = storedLanguage(),
  tags: readonly string[] = browserTags(),
): Language {
  const fromLink = new URLSearchParams(search).get('lang');
  return firstSupported([fromLink]) ?? firstSupported([stored]) ?? firstSupported(tags) ?? FALLBACK_LANGUAGE;
}

/** Keeps a language chosen on this page for the app too (the app reads the same key). */
export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be blocked: the choice then lasts for this page only.
  }
}

export function translate(language: Language, key: MessageKey, vars: Vars = {}): string {
  const text = CATALOGUES[language][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

export interface I18n {
  language: Language;
  t: (key: MessageKey, vars?: Vars) => string;
  money: (amountMinor: number, currency: Currency) => string;
}

export function createI18n(language: Language): I18n {
  return {
    language,
    t: (key, vars) => translate(language, key, vars),
    money: (amountMinor, currency) => formatMoney(amountMinor, currency, language),
  };
}

export const I18nContext = createContext<I18n>(createI18n(FALLBACK_LANGUAGE));

export function useI18n(): I18n {
  return useContext(I18nContext);
}

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
};
