import {
  FALLBACK_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  languageFromTag,
} from '@ztart/shared/languages';
import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { LocaleBundleBackend } from '@/i18n/locale-bundle-backend';
import { DEFAULT_NAMESPACE, PRELOADED_NAMESPACES } from '@/i18n/namespaces';

/** The supported language the app is showing (`pt` while the detected tag is `pt-BR`). */
export function activeLanguage(instance: I18n): Language {
  return languageFromTag(instance.resolvedLanguage ?? instance.language);
}

/** Keeps `<html lang>` on the active language so screen readers and hyphenation follow it. */
export function syncDocumentLanguage(instance: I18n, root: HTMLElement = document.documentElement): void {
  root.lang = activeLanguage(instance);
}

export function createI18n(): I18n {
  const instance = i18next.createInstance();
  instance.use(LocaleBundleBackend).use(LanguageDetector).use(initReactI18next);
  instance.on('languageChanged', () => syncDocumentLanguage(instance));
  void instance.init({
    supportedLngs: LANGUAGES,
    fallbackLng: FALLBACK_LANGUAGE,
    // `pt-BR` (from the browser) resolves to our `pt` catalogue.
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: PRELOADED_NAMESPACES,
    defaultNS: DEFAULT_NAMESPACE,
    detection: {
      order: ['localStorage', 'navigator', 'htmlTag'],
      caches: ['localStorage'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      // Store and compare the bare language (`pt`), not the region (`pt-BR`).
      convertDetectedLanguage: (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? tag,
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  return instance;
}

let appI18n: I18n | undefined;

/** The app's one i18next instance, created and initialised on first use. */
export function getAppI18n(): I18n {
  appI18n ??= createI18n();
  return appI18n;
}
