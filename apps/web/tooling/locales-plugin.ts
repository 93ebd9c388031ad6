import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The URL prefix under which the catalogues are served; i18next-http-backend fetches from it. */
const URL_PREFIX = '/locales/';

function listJsonFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** A short hash of every catalogue: it changes exactly when a translation changes. */
export function catalogueVersion(dir: string): string {
  const hash = createHash('sha256');
  for (const file of listJsonFiles(dir)) {
    hash.update(file);
    hash.update(readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** `{ en: { common: {...}, nav: {...} }, es: {...} }` from `<language>/<namespace>.json`. */
function languageBundles(dir: string): Record<string, Record<string, unknown>> {
  const bundles: Record<string, Record<string, unknown>> = {};
  for (const file of listJsonFiles(dir)) {
    const [language, name] = file.split('/');
    if (!language || !name) continue;
    bundles[language] ??= {};
    bundles[language][name.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  }
  return bundles;
}

/**
 * Keeps `src/i18n/locales` as the single source of the translation catalogues:
 * serves them at `/locales/**` in development, copies them (minified) to `dist/locales/**`
 * at build, and defines `__LOCALES_VERSION__` for the cache-busting query string.
 */
export function localesPlugin(localesDir: string): Plugin {
  return {
    name: 'ztart-locales',
    config() {
      return { define: { __LOCALES_VERSION__: JSON.stringify(catalogueVersion(localesDir)) } };
    },
    configureServer(server) {
      server.watcher.add(localesDir);
      server.watcher.on('change', (file) => {
        if (file.startsWith(localesDir)) server.ws.send({ type: 'full-reload' });
      });
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0] ?? '';
        if (!pathname.startsWith(URL_PREFIX) || !pathname.endsWith('.json')) return next();
        const bundleLanguage = /^\/locales\/([a-z]{2})\.json$/.exec(pathname)?.[1];
        if (bundleLanguage) {
          const bundle = languageBundles(localesDir)[bundleLanguage];
          if (!bundle) return next();
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify(bundle));
          return;
        }
        const file = path.resolve(localesDir, decodeURIComponent(pathname.slice(URL_PREFIX.length)));
        // Never serve anything outside the catalogue folder.
        if (!file.startsWith(localesDir + path.sep)) return next();
        try {
          if (!statSync(file).isFile()) return next();
        } catch {
          return next();
        }
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      // One file per language with every namespace: what the app loads (src/i18n/locale-bundle-backend.ts).
      for (const [language, bundle] of Object.entries(languageBundles(localesDir))) {
        this.emitFile({
          type: 'asset',
          fileName: `locales/${language}.json`,
          source: JSON.stringify(bundle),
        });
      }
      for (const file of listJsonFiles(localesDir)) {
        const catalogue: unknown = JSON.parse(readFileSync(path.join(localesDir, file), 'utf8'));
        this.emitFile({
          type: 'asset',
          fileName: `locales/${file}`,
          source: JSON.stringify(catalogue),
        });
      }
    },
  };
}
