/**
 * Checks every catalogue against the glossary of its language (docs/glossary/<lang>.json): no
 * string uses a variant the glossary forbids, and the preferred term is the one in use. Reads the
 * app's catalogues (src/i18n/locales/<lang>/*.json), the quick-tip page's messages
 * (src/quick-tip/messages/<lang>.ts) and the words printed on QR codes (@ztart/shared/qr-labels).
 * A test runs it; by hand:
 *
 *   node --import tsx apps/web/tooling/check-glossary.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGES, type Language } from '@ztart/shared/languages';
import { QR_LABEL_TEXTS } from '@ztart/shared/qr-labels';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GLOSSARY_DIR = path.join(WEB_DIR, '..', '..', 'docs', 'glossary');

export interface GlossaryTerm {
  concept: string;
  preferred: string;
  forbidden: string[];
  /** When set, the term is about the strings of these keys only (the last part of the key). */
  keys?: string[];
  note?: string;
}

export interface Glossary {
  language: Language;
  terms: GlossaryTerm[];
}

/** One string of a catalogue: where it lives, its key and its text. */
export interface CatalogueEntry {
  source: string;
  key: string;
  text: string;
}

export interface GlossaryProblem {
  language: Language;
  concept: string;
  /** `forbidden`: a variant is used; `not_preferred`: a scoped key lacks the preferred term;
   * `unused`: the preferred term appears nowhere (the glossary or the catalogues went stale). */
  kind: 'forbidden' | 'not_preferred' | 'unused';
  term: string;
  entry?: CatalogueEntry;
}

export function readGlossary(language: Language, dir = GLOSSARY_DIR): Glossary {
  const glossary = JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8')) as Glossary;
  if (glossary.language !== language)
    throw new Error(`${language}.json is the glossary of ${glossary.language}`);
  return glossary;
}

function flatten(value: unknown, prefix: string, into: Array<{ key: string; text: string }>): void {
  if (typeof value === 'string') {
    into.push({ key: prefix, text: value });
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  }
}

/** Every string a person may read in `language`. */
export async function catalogueEntries(language: Language, webDir = WEB_DIR): Promise<CatalogueEntry[]> {
  const entries: CatalogueEntry[] = [];
  const localeDir = path.join(webDir, 'src', 'i18n', 'locales', language);
  for (const file of readdirSync(localeDir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const strings: Array<{ key: string; text: string }> = [];
    flatten(JSON.parse(readFileSync(path.join(localeDir, file), 'utf8')), '', strings);
    const source = `locales/${language}/${file}`;
    entries.push(...strings.map((entry) => ({ source, ...entry })));
  }
  const quickTipFile = path.join(webDir, 'src', 'quick-tip', 'messages', `${language}.ts`);
  const quickTip = (await import(pathToFileURL(quickTipFile).href)) as Record<string, unknown>;
  const quickTipStrings: Array<{ key: string; text: string }> = [];
  flatten(quickTip[language], '', quickTipStrings);
  entries.push(
    ...quickTipStrings.map((entry) => ({ source: `quick-tip/messages/${language}.ts`, ...entry })),
  );
  const labelStrings: Array<{ key: string; text: string }> = [];
  flatten(QR_LABEL_TEXTS[language], '', labelStrings);
  entries.push(...labelStrings.map((entry) => ({ source: 'shared/qr-labels.ts', ...entry })));
  return entries;
}

/** The term as a whole word (or phrase), any case: "vence" is found in "Vence 08/29", not in "convence". */
function wordPattern(term: string): RegExp {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu');
}

function lastKeyPart(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

export function checkEntries(glossary: Glossary, entries: readonly CatalogueEntry[]): GlossaryProblem[] {
  const problems: GlossaryProblem[] = [];
  const { language } = glossary;
  for (const term of glossary.terms) {
    const scoped = term.keys
      ? entries.filter((entry) => term.keys?.includes(lastKeyPart(entry.key)))
      : entries;
    const preferred = wordPattern(term.preferred);
    for (const variant of term.forbidden) {
      const pattern = wordPattern(variant);
      for (const entry of scoped) {
        if (pattern.test(entry.text))
          problems.push({ language, concept: term.concept, kind: 'forbidden', term: variant, entry });
      }
    }
    if (term.keys) {
      for (const entry of scoped) {
        if (!preferred.test(entry.text)) {
          problems.push({
            language,
            concept: term.concept,
            kind: 'not_preferred',
            term: term.preferred,
            entry,
          });
        }
      }
    }
    if (!scoped.some((entry) => preferred.test(entry.text))) {
      problems.push({ language, concept: term.concept, kind: 'unused', term: term.preferred });
    }
  }
  return problems;
}

/** Every problem in every language; none when the catalogues follow their glossaries. */
export async function checkGlossaries(): Promise<GlossaryProblem[]> {
  const problems: GlossaryProblem[] = [];
  for (const language of LANGUAGES) {
    problems.push(...checkEntries(readGlossary(language), await catalogueEntries(language)));
  }
  return problems;
}

export function describeProblem(problem: GlossaryProblem): string {
  const where = problem.entry ? `${problem.entry.source} ${problem.entry.key}: "${problem.entry.text}"` : '';
  switch (problem.kind) {
    case 'forbidden':
      return `[${problem.language}] ${where} uses "${problem.term}" (${problem.concept})`;
    case 'not_preferred':
      return `[${problem.language}] ${where} should say "${problem.term}" (${problem.concept})`;
    case 'unused':
      return `[${problem.language}] "${problem.term}" (${problem.concept}) is used nowhere`;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = await checkGlossaries();
  for (const problem of problems) console.error(describeProblem(problem));
  if (problems.length > 0) process.exit(1);
  console.log(`The catalogues of ${LANGUAGES.join(', ')} follow their glossaries.`);
}
