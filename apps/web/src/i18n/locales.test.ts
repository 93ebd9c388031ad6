import { errorCodeList } from '@ztart/shared/errors';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@ztart/shared/languages';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '@/i18n/namespaces';
import { CATALOGUES, flattenKeys } from '@/test/catalogues';

const english = CATALOGUES[FALLBACK_LANGUAGE] ?? {};

function keysOf(language: string, namespace: string): string[] {
  const catalogue = CATALOGUES[language]?.[namespace];
  return catalogue ? flattenKeys(catalogue).map((key) => `${namespace}:${key}`) : [];
}

function allKeys(language: string): Set<string> {
  return new Set(Object.keys(english).flatMap((namespace) => keysOf(language, namespace)));
}

describe('translation catalogues', () => {
  it('there is a folder for every language and a file for every namespace', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(Object.keys(CATALOGUES[language] ?? {}).sort(), language).toEqual([...NAMESPACES].sort());
    }
  });

  const englishKeys = allKeys(FALLBACK_LANGUAGE);

  for (const language of LANGUAGES.filter((candidate) => candidate !== FALLBACK_LANGUAGE)) {
    it(`${language} has every English key`, () => {
      const keys = allKeys(language);
      const missing = [...englishKeys].filter((key) => !keys.has(key));
      expect(missing, `${language} lacks: ${missing.join(', ')}`).toEqual([]);
    });

    it(`${language} has no key that English lacks`, () => {
      const extra = Object.keys(CATALOGUES[language] ?? {})
        .flatMap((namespace) => keysOf(language, namespace))
        .filter((key) => !englishKeys.has(key));
      expect(extra, `${language} has keys English lacks: ${extra.join(', ')}`).toEqual([]);
    });
  }

  it('errors has one message per error code, and nothing else', () => {
    const keys = flattenKeys(english.errors ?? {}).sort();
    expect(keys).toEqual([...errorCodeList].sort());
  });

  it('every message is a non-empty string with the same placeholders as English', () => {
    const placeholders = (text: string) => (text.match(/{{\s*\w+\s*}}/g) ?? []).sort();
    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES) {
        const catalogue = CATALOGUES[language]?.[namespace] ?? {};
        for (const key of flattenKeys(catalogue)) {
          const value = lookup(catalogue, key);
          const reference = lookup(english[namespace] ?? {}, key);
          expect(value.trim(), `${language} ${namespace}:${key}`).not.toBe('');
          expect(placeholders(value), `${language} ${namespace}:${key}`).toEqual(placeholders(reference));
        }
      }
    }
  });

  it("uses the spec's texts verbatim in the language the spec gives them", () => {
    expect(lookup(CATALOGUES.es?.guard ?? {}, 'loading')).toBe('Cargando contenido...');
    expect(lookup(CATALOGUES.es?.guard ?? {}, 'deniedTitle')).toBe('Acceso Denegado');
    expect(lookup(CATALOGUES.es?.guard ?? {}, 'back')).toBe('Volver');
    expect(lookup(CATALOGUES.es?.errors ?? {}, 'delete_confirmation_failed')).toBe('Confirmación fallida');
    expect(lookup(english.common ?? {}, 'errorScreen.title')).toBe('Something went wrong');
    expect(lookup(english.common ?? {}, 'errorScreen.description')).toBe(
      'An error occurred while loading the application',
    );
    expect(lookup(english.common ?? {}, 'errorScreen.reload')).toBe('Reload Page');
    expect(lookup(english.account ?? {}, 'toasts.loginSuccess')).toBe('Login successful');
    expect(lookup(english.errors ?? {}, 'insufficient_balance')).toBe(
      'Insufficient balance to complete the transfer',
    );
  });
});

function lookup(catalogue: Record<string, unknown>, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
  return typeof value === 'string' ? value : '';
}
