/**
 * How much JavaScript a first screen makes a phone download, with each file's gzipped size and
 * the total; fails above the screen's budget. Reads an existing build: run
 * `npm run build -w @ztart/web` first.
 *
 * - The quick-tip page: every script that dist/quick-tip.html loads at start (its entry, its
 *   modulepreloads and their static imports, not the chunks loaded later on demand).
 * - A signed-in first screen (`/`, `/wallet`): the app's entry from dist/index.html, then what the
 *   server adds to that page for someone signed in (decision 0035): the screen's chunks and the
 *   signed-in ones of dist/.vite/route-preloads.json, with their static imports. Chunks loaded
 *   later with import() (the contracts and zod, after the first screen) are not counted.
 *
 *   npm run size:quick-tip -w @ztart/web [-- --dist <folder>] [-- --json]
 *   npm run size:home -w @ztart/web [-- --dist <folder>] [-- --json]
 *   npm run size:wallet -w @ztart/web [-- --dist <folder>] [-- --json]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ROUTE_PRELOADS_FILE } from './route-preloads-plugin.ts';

/** ARCHITECTURE.md and the tips issue: the page's JavaScript stays under 120 KB gzipped, React included. */
export const QUICK_TIP_JS_BUDGET_BYTES = 120 * 1024;

/** UX.md: any signed-in first screen (home, wallet) loads at most 200 KB of gzipped JavaScript. */
export const HOME_JS_BUDGET_BYTES = 200 * 1024;

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

function scriptsOfPage(distDir: string, htmlFile: string): string[] {
  const htmlPath = path.join(distDir, htmlFile);
  if (!existsSync(htmlPath)) {
    throw new Error(`${htmlPath} is missing: build the web app first (npm run build -w @ztart/web).`);
  }
  return scriptsOfHtml(readFileSync(htmlPath, 'utf8')).map((src) => src.replace(/^\//, ''));
}

/** Every script the page loads at start, from its HTML and then through their static imports. */
export function measureQuickTip(distDir: string): ScriptSize[] {
  return measureScripts(distDir, scriptsOfPage(distDir, 'quick-tip.html'));
}

/** The build's list of each screen's preloads (tooling/route-preloads-plugin.ts). */
interface RoutePreloadsFile {
  routes: { path: string; modules: string[]; signedInModules: string[] }[];
}

/**
 * Every script a signed-in first screen loads at start: the app's entry, then the screen's chunks
 * and the signed-in ones, as the server names them in the page (decision 0035).
 */
export function measureSignedInScreen(distDir: string, routePath: string): ScriptSize[] {
  const listPath = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(listPath)) throw new Error(`${listPath} is missing: build the web app first.`);
  const { routes } = JSON.parse(readFileSync(listPath, 'utf8')) as RoutePreloadsFile;
  const route = routes.find((candidate) => candidate.path === routePath);
  if (!route) throw new Error(`${ROUTE_PRELOADS_FILE} has no screen ${routePath}`);
  return measureScripts(distDir, [
    ...scriptsOfPage(distDir, 'index.html'),
    ...[...route.modules, ...route.signedInModules].map((src) => src.replace(/^\//, '')),
  ]);
}

/** The signed-in home (`/`). */
export function measureHome(distDir: string): ScriptSize[] {
  return measureSignedInScreen(distDir, '/');
}

/** The wallet (`/wallet`), signed in. */
export function measureWallet(distDir: string): ScriptSize[] {
  return measureSignedInScreen(distDir, '/wallet');
}

/** The files in `start` and everything they import statically, each counted once. */
export function measureScripts(distDir: string, start: string[]): ScriptSize[] {
  const queue = [...start];
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

const PAGES = {
  'quick-tip': { label: '/quick-tip', measure: measureQuickTip, budgetBytes: QUICK_TIP_JS_BUDGET_BYTES },
  home: { label: 'the signed-in home (/)', measure: measureHome, budgetBytes: HOME_JS_BUDGET_BYTES },
  wallet: {
    label: 'the wallet (/wallet), signed in',
    measure: measureWallet,
    budgetBytes: HOME_JS_BUDGET_BYTES,
  },
} as const;

function main(argv: string[]): number {
  const distFlag = argv.indexOf('--dist');
  const distArgument = distFlag >= 0 ? argv[distFlag + 1] : undefined;
  const distDir = path.resolve(distArgument ?? fileURLToPath(new URL('../dist', import.meta.url)));
  const page = PAGES[argv.includes('--home') ? 'home' : argv.includes('--wallet') ? 'wallet' : 'quick-tip'];
  const sizes = page.measure(distDir);
  const totalBytes = sizes.reduce((sum, size) => sum + size.bytes, 0);
  const totalGzipBytes = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
  const withinBudget = totalGzipBytes <= page.budgetBytes;
  if (argv.includes('--json')) {
    console.log(JSON.stringify({ files: sizes, totalBytes, totalGzipBytes, budgetBytes: page.budgetBytes }));
  } else {
    const width = Math.max(...sizes.map((size) => size.file.length), 'total'.length);
    console.log(`JavaScript that ${page.label} loads at start (${sizes.length} files):`);
    for (const size of sizes) {
      console.log(
        `  ${size.file.padEnd(width)}  ${kilobytes(size.bytes).padStart(9)}  gzip ${kilobytes(size.gzipBytes).padStart(8)}`,
      );
    }
    console.log(
      `  ${'total'.padEnd(width)}  ${kilobytes(totalBytes).padStart(9)}  gzip ${kilobytes(totalGzipBytes).padStart(8)}` +
        `  (budget ${kilobytes(page.budgetBytes)})`,
    );
  }
  if (!withinBudget) {
    console.error(
      `${page.label} loads ${kilobytes(totalGzipBytes)} of gzipped JavaScript, over the budget of ${kilobytes(page.budgetBytes)}.`,
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
