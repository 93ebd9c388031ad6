/** Every catalogue of src/i18n/locales, read at test time: language → namespace → messages. */
export type Catalogue = { [key: string]: string | Catalogue };

const files = import.meta.glob<Catalogue>('../i18n/locales/*/*.json', { eager: true, import: 'default' });

export const CATALOGUES: Record<string, Record<string, Catalogue>> = {};
for (const [file, catalogue] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  const [, language, namespace] = match ?? [];
  if (!language || !namespace) continue;
  CATALOGUES[language] = { ...CATALOGUES[language], [namespace]: catalogue };
}

/** `{ a: { b: 'x' } }` → `['a.b']`. */
export function flattenKeys(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value, `${prefix}${key}.`),
  );
}
