import { FALLBACK_LANGUAGE, type Language } from '@ztart/shared/languages';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_NAMESPACE, NAMESPACES } from '@/i18n/namespaces';
import { CATALOGUES } from '@/test/catalogues';

/** An i18next instance with every catalogue in memory, ready at once (no backend, no Suspense). */
export function createTestI18n(language: Language = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: Object.keys(CATALOGUES),
    ns: NAMESPACES,
    defaultNS: DEFAULT_NAMESPACE,
    resources: CATALOGUES,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
