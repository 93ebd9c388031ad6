/**
 * How much JavaScript the quick-tip page makes a phone download: every script that
 * dist/quick-tip.html loads at start (its entry, its modulepreloads and their static imports,
 * not the chunks loaded later on demand), with its gzipped size and the total. Fails above the
 * budget. Reads an existing build: run `npm run build -w @ztart/web` first.
 *
 *   npm run size:quick-tip -w @ztart/web [-- --dist <folder>] [-- --json]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** ARCHITECTURE.md and the tips issue: the page's JavaScript stays under 120 KB gzipped, React included. */
export const QUICK_TIP_JS_BUDGET_BYTES = 120 * 1024;

const HTML_FILE = 'quick-tip.html';

/** `<script type="module" src>` and `<link rel="modulepreload" href>` of the page. */
export function scriptsOfHtml(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"[^>]*>/g)) {
    if (/\btype="module"/.test(match[0])) found.add(match[1] ?? '');
  }
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href) found.add(href);
  }
  found.delete('');
  return [...found];
}

/** The static imports of a built chunk (`import"./a.js"`, `from"./b.js"`); `import("./c.js")` loads later. */
export function staticImportsOf(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)) {
    found.add(match[1] ?? '');
  }
  found.delete('');
  return [...found];
}

export interface ScriptSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Every script the page loads at start, from its HTML and then through their static imports. */
export function measureQuickTip(distDir: string): ScriptSize[] {
  const htmlPath = path.join(distDir, HTML_FILE);
  if (!existsSync(htmlPath)) {
    throw new Error(`${htmlPath} is missing: build the web app first (npm run build -w @ztart/web).`);
  }
  const queue = scriptsOfHtml(readFileSync(htmlPath, 'utf8')).map((src) => src.replace(/^\//, ''));
  const seen = new Set<string>();
  const sizes: ScriptSize[] = [];
  while (queue.length > 0) {
    const file = path.posix.normalize(queue.shift() ?? '');
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(distDir, file));
    sizes.push({ file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length });
    for (const specifier of staticImportsOf(code.toString('utf8'))) {
      queue.push(
        specifier.startsWith('/') ? specifier.slice(1) : path.posix.join(path.posix.dirname(file), specifier),
      );
    }
  }
  return sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function main(argv: string[]): number {
  const distFlag = argv.indexOf('--dist');
  const distArgument = distFlag >= 0 ? argv[distFlag + 1] : undefined;
  const distDir = path.resolve(distArgument ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const sizes = measureQuickTip(distDir);
  const totalBytes = sizes.reduce((sum, size) => sum + size.bytes, 0);
  const totalGzipBytes = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
  const withinBudget = totalGzipBytes <= QUICK_TIP_JS_BUDGET_BYTES;
  if (argv.includes('--json')) {
    console.log(
      JSON.stringify({ files: sizes, totalBytes, totalGzipBytes, budgetBytes: QUICK_TIP_JS_BUDGET_BYTES }),
    );
  } else {
    const width = Math.max(...sizes.map((size) => size.file.length), 'total'.length);
    console.log(`JavaScript that /quick-tip loads at start (${sizes.length} files):`);
    for (const size of sizes) {
      console.log(
        `  ${size.file.padEnd(width)}  ${kilobytes(size.bytes).padStart(9)}  gzip ${kilobytes(size.gzipBytes).padStart(8)}`,
      );
    }
    console.log(
      `  ${'total'.padEnd(width)}  ${kilobytes(totalBytes).padStart(9)}  gzip ${kilobytes(totalGzipBytes).padStart(8)}` +
        `  (budget ${kilobytes(QUICK_TIP_JS_BUDGET_BYTES)})`,
    );
  }
  if (!withinBudget) {
    console.error(
      `The quick-tip page loads ${kilobytes(totalGzipBytes)} of gzipped JavaScript, over the budget of ${kilobytes(QUICK_TIP_JS_BUDGET_BYTES)}.`,
    );
    return 1;
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
