import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { catalogueVersion } from './locales-plugin.ts';

/**
 * What the server adds to the app's HTML for each screen (decision 0035): the screen's own
 * chunks, which the browser would otherwise ask for only after the entry has run, and the
 * catalogue file of each language. The server reads it from `dist/.vite/route-preloads.json`
 * (a dot folder: never handed out as a file).
 */
export interface RoutePreloads {
  /** `/locales/<lng>.json?v=<hash>`: the exact URL the app fetches (src/i18n/locale-bundle-backend.ts). */
  locales: Record<string, string>;
  routes: RoutePreload[];
}

export interface RoutePreload {
  /** A React Router pattern of src/app/router.tsx: `/wallet`, `/transactions/:id`. */
  path: string;
  /** Script URLs (`/assets/…js`) beyond those the entry already preloads, in load order. */
  modules: string[];
  /**
   * Scripts that only a signed-in person loads on this screen (the account menu): the server adds
   * them when the request carries a session.
   */
  signedInModules: string[];
  /** Stylesheet URLs the screen's chunks bring along. */
  styles: string[];
}

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** One screen of the route table: its pattern, its layout, and the module its lazy route imports. */
export interface RouteSource {
  path: string;
  layout: 'app' | 'public';
  requiresSignIn: boolean;
  /** `@/features/wallet/pages/wallet-page`. */
  module: string;
}

const SCREEN_ENTRY =
  /'(\/[^']*)':\s*\{\s*layout:\s*'(app|public)',\s*requiresSignIn:\s*(true|false),[^{}]*?import\('(@\/[^']+)'\)/g;
const LINK_PAGE = /path:\s*'(\/[^']*)',\s*lazy:\s*screen\(\s*\(\)\s*=>\s*import\('(@\/[^']+)'\)/g;

/**
 * The screens of the router's source: each entry of `SCREENS` and of the public link pages. Read
 * with regular expressions so that the build needs no React; a test checks that every screen of
 * the router is found.
 */
export function routeSourcesOf(routerSource: string): RouteSource[] {
  const routes: RouteSource[] = [];
  for (const match of routerSource.matchAll(SCREEN_ENTRY)) {
    const [, routePath, layout, requiresSignIn, module] = match;
    if (!routePath || !module) continue;
    routes.push({
      path: routePath,
      layout: layout === 'public' ? 'public' : 'app',
      requiresSignIn: requiresSignIn === 'true',
      module,
    });
  }
  for (const match of routerSource.matchAll(LINK_PAGE)) {
    const [, routePath, module] = match;
    if (routePath && module)
      routes.push({ path: routePath, layout: 'public', requiresSignIn: false, module });
  }
  return routes;
}

/** What the plugin needs of an output chunk (Rollup's and Rolldown's OutputChunk have it). */
export interface ChunkInfo {
  fileName: string;
  moduleIds: readonly string[];
  imports: readonly string[];
  css: readonly string[];
}

const LAYOUT_MODULES = {
  app: '@/app/layout/app-layout',
  public: '@/app/layout/public-layout',
} as const;
const GUARD_MODULE = '@/app/guards/require-access';
/**
 * Loaded with import() once the session says someone is signed in (the app layout's account
 * menu). The contracts that check the session, the home's figures and the live events are not
 * here: they load after the first screen (src/lib/contract-check.ts), and zod with them.
 */
const SIGNED_IN_MODULES = ['@/app/layout/user-menu'];

/**
 * For each route: the chunks of its screen, layout and (when it needs sign-in) guard, with the
 * chunks they import, less those the entry imports (index.html preloads them already).
 */
export function routePreloadsOf(
  routes: readonly RouteSource[],
  chunks: readonly ChunkInfo[],
  resolveModule: (module: string) => string | null,
  entryFile: string,
): RoutePreload[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = (module: string): ChunkInfo | undefined => {
    const file = resolveModule(module);
    return file ? chunks.find((chunk) => chunk.moduleIds.includes(file)) : undefined;
  };
  /** The chunk and everything it imports, depth first: dependencies before their importers. */
  const closure = (start: ChunkInfo | undefined, into: string[], seen: Set<string>): void => {
    if (!start || seen.has(start.fileName)) return;
    seen.add(start.fileName);
    for (const imported of start.imports) closure(byFile.get(imported), into, seen);
    into.push(start.fileName);
  };
  const entry = chunks.find((chunk) => chunk.moduleIds.includes(entryFile));
  const entryFiles: string[] = [];
  closure(entry, entryFiles, new Set());
  const preloaded = new Set(entryFiles);

  return routes.map((route) => {
    const files: string[] = [];
    const seen = new Set(preloaded);
    const starts = [
      LAYOUT_MODULES[route.layout],
      ...(route.requiresSignIn ? [GUARD_MODULE] : []),
      route.module,
    ];
    for (const module of starts) closure(chunkOf(module), files, seen);
    const signedInFiles: string[] = [];
    const signedInModules = route.layout === 'app' ? SIGNED_IN_MODULES : [];
    for (const module of signedInModules) closure(chunkOf(module), signedInFiles, seen);
    const styles = new Set<string>();
    for (const file of [...files, ...signedInFiles]) {
      for (const css of byFile.get(file)?.css ?? []) styles.add(css);
    }
    const entryStyles = new Set(entryFiles.flatMap((file) => byFile.get(file)?.css ?? []));
    return {
      path: route.path,
      modules: files.map((file) => `/${file}`),
      signedInModules: signedInFiles.map((file) => `/${file}`),
      styles: [...styles].filter((css) => !entryStyles.has(css)).map((css) => `/${css}`),
    };
  });
}

const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

/** `@/x/y` (src) or `@ztart/shared/x` (packages/shared/src) to its source file. */
function resolveAlias(module: string, srcDir: string): string | null {
  const sharedPrefix = '@ztart/shared/';
  let base: string;
  if (module.startsWith('@/')) base = path.join(srcDir, module.slice(2));
  else if (module.startsWith(sharedPrefix)) {
    base = path.resolve(srcDir, '../../../packages/shared/src', module.slice(sharedPrefix.length));
  } else return null;
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** Writes ROUTE_PRELOADS_FILE at build (decision 0035). */
export function routePreloadsPlugin(options: { srcDir: string; localesDir: string }): Plugin {
  const routerFile = path.join(options.srcDir, 'app', 'router.tsx');
  const entryFile = path.join(options.srcDir, 'main.tsx');
  return {
    name: 'ztart-route-preloads',
    apply: 'build',
    generateBundle(_outputOptions, bundle) {
      const chunks: ChunkInfo[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          moduleIds: output.moduleIds ?? Object.keys(output.modules),
          imports: output.imports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
      // The SSR build of the quick-tip page has no entry of the app: nothing to write there.
      if (!chunks.some((chunk) => chunk.moduleIds.includes(entryFile))) return;
      const routes = routePreloadsOf(
        routeSourcesOf(readFileSync(routerFile, 'utf8')),
        chunks,
        (module) => resolveAlias(module, options.srcDir),
        entryFile,
      );
      const version = catalogueVersion(options.localesDir);
      const locales: Record<string, string> = {};
      for (const language of readdirSync(options.localesDir).sort()) {
        if (statSync(path.join(options.localesDir, language)).isDirectory()) {
          locales[language] = `/locales/${language}.json?v=${version}`;
        }
      }
      const preloads: RoutePreloads = { locales, routes };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
