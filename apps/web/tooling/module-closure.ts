import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * `./x`, `../x` or `@/x` (the `src` alias) to a file, and with `sharedDir` `@ztart/shared/x` to
 * the shared package's source; null for any other package import.
 */
function resolveImport(
  specifier: string,
  fromFile: string,
  srcDir: string,
  sharedDir?: string,
): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(srcDir, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else if (sharedDir && specifier.startsWith('@ztart/shared/'))
    base = path.join(sharedDir, specifier.slice('@ztart/shared/'.length));
  else return null;
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const extension of EXTENSIONS) {
    if (existsSync(base + extension)) return base + extension;
  }
  return null;
}

/**
 * Every source file of ours that `entryFile` imports, directly or through others (type-only
 * imports included: counting a few too many is harmless here). Read from the sources with a
 * regular expression, before the build, so that the chunk plan can keep these files out of
 * the app's own chunks. With `sharedDir` (packages/shared/src), the shared package's files too.
 */
export function sourceClosure(
  entryFile: string,
  srcDir: string,
  options: { sharedDir?: string } = {},
): Set<string> {
  const seen = new Set<string>();
  const queue = [path.resolve(entryFile)];
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const resolved = resolveImport(match[1] ?? '', file, srcDir, options.sharedDir);
      if (resolved) queue.push(resolved);
    }
  }
  return seen;
}

/**
 * Packages that weigh enough to keep out of chunks the app loads at start: zod (and what imports
 * it), and the chart library that only chart screens draw with.
 */
const HEAVY_IMPORT =
  /(?:\bfrom|\bimport)\s*\(?\s*['"](zod|@visx\/[^'"]*|@ztart\/shared\/(?:contracts|validation|errors)[^'"]*)['"]/;
const TYPE_ONLY_IMPORT = /^\s*import\s+type\b.*$/gm;

/**
 * Whether `file` or any file of ours it imports loads zod at run time (type-only imports
 * excepted). Memoised by the caller's cache across calls.
 */
export function reachesHeavyImport(file: string, srcDir: string, cache: Map<string, boolean>): boolean {
  const cached = cache.get(file);
  if (cached !== undefined) return cached;
  let result = false;
  for (const member of sourceClosure(file, srcDir)) {
    const code = readFileSync(member, 'utf8').replace(TYPE_ONLY_IMPORT, '');
    if (HEAVY_IMPORT.test(code)) {
      result = true;
      break;
    }
  }
  cache.set(file, result);
  return result;
}
