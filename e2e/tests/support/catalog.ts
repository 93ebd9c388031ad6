import { readFileSync } from 'node:fs';
import type { Language } from '@ztart/shared/languages';

const localesDir = new URL('../../../apps/web/src/i18n/locales/', import.meta.url);

/**
 * Reads a text from the web app's translation catalogue, e.g. text('es', 'screens', 'wallet.title'),
 * with `{{name}}` placeholders filled from `values`.
 */
export function text(
  language: Language,
  namespace: string,
  key: string,
  values: Record<string, string> = {},
): string {
  const catalogue: unknown = JSON.parse(
    readFileSync(new URL(`${language}/${namespace}.json`, localesDir), 'utf8'),
  );
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`No text ${language}/${namespace}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

/** A text of the English catalogue: en('wallet', 'deposit.title'). */
export function en(namespace: string, key: string, values?: Record<string, string>): string {
  return text('en', namespace, key, values);
}
