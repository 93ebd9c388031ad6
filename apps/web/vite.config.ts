import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { localesPlugin } from './tooling/locales-plugin.ts';
import { reachesHeavyImport, sourceClosure } from './tooling/module-closure.ts';
import { precompressPlugin } from './tooling/precompress-plugin.ts';
import { routePreloadsPlugin } from './tooling/route-preloads-plugin.ts';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const localesDir = fileURLToPath(new URL('./src/i18n/locales', import.meta.url));

/** The two pages: the app, and the light quick-tip page with its own entry (src/quick-tip). */
const PAGES = {
  main: fileURLToPath(new URL('./index.html', import.meta.url)),
  'quick-tip': fileURLToPath(new URL('./quick-tip.html', import.meta.url)),
};

/**
 * `/quick-tip` answers with quick-tip.html in development and preview too, as the server does
 * in production (the app's own fallback would otherwise serve index.html there).
 */
function quickTipPagePlugin(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    const [pathname, query] = (req.url ?? '').split('?', 2);
    if (pathname === '/quick-tip' || pathname === '/quick-tip/') {
      req.url = `/quick-tip.html${query ? `?${query}` : ''}`;
    }
    next();
  };
  return {
    name: 'ztart-quick-tip-page',
    configureServer: (server) => {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer: (server) => {
      server.middlewares.use(rewrite);
    },
  };
}

const sharedDir = fileURLToPath(new URL('../../packages/shared/src', import.meta.url));

/** Files of ours that the quick-tip page loads: kept out of the app's chunks, which it must not load. */
const quickTipFiles = sourceClosure(
  fileURLToPath(new URL('./src/quick-tip/main.tsx', import.meta.url)),
  srcDir,
  { sharedDir },
);
/**
 * Files of ours that the app itself reaches from its entry (every screen, lazy ones included): of
 * the quick-tip page's files, only these (and the shared package's) are shared with the app.
 */
const appFiles = sourceClosure(fileURLToPath(new URL('./src/main.tsx', import.meta.url)), srcDir);
/** The icon files of lucide-react that these files show (`HandCoins` → `hand-coins.mjs`). */
function iconsOf(files: Iterable<string>): Set<string> {
  const icons = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g,
    )) {
      for (const name of (match[1] ?? '').split(',').map((part) => part.trim())) {
        if (name === '' || name.startsWith('type ')) continue;
        icons.add(`${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.mjs`);
      }
    }
  }
  return icons;
}
const quickTipIcons = iconsOf(quickTipFiles);
const LUCIDE_ICON = /node_modules[\\/]lucide-react[\\/]/;

const APP_SHARED_DIRS = /apps[\\/]web[\\/]src[\\/](components|hooks|lib)[\\/]/;
const zodReach = new Map<string, boolean>();

/**
 * What the quick-tip page shares with the app: the files both load, the icons it shows and the
 * shared package's light code (never a contract: the closure counts type-only imports, and
 * those bring zod at run time only to the app).
 */
function isQuickTipShared(id: string): boolean {
  const file = id.split('?')[0] ?? id;
  if (file.includes('quick-tip/main')) return false;
  if (LUCIDE_ICON.test(file)) return quickTipIcons.has(path.basename(file));
  if (!quickTipFiles.has(file)) return false;
  if (file.startsWith(sharedDir)) return !reachesHeavyImport(file, srcDir, zodReach);
  return appFiles.has(file);
}

/** Small shared pieces of the app that never bring zod along: safe to load with the first screen. */
function isLightAppShared(id: string): boolean {
  const file = id.split('?')[0] ?? id;
  return (
    APP_SHARED_DIRS.test(file) && !quickTipFiles.has(file) && !reachesHeavyImport(file, srcDir, zodReach)
  );
}

/**
 * React Router publishes its production build beside the development one, but its package exports
 * name only the development build (with its warnings for developers switched on). A build uses the
 * production one: the same code with those warnings switched off.
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');

const config: UserConfig = {
  plugins: [
    react(),
    tailwindcss(),
    localesPlugin(localesDir),
    quickTipPagePlugin(),
    routePreloadsPlugin({ srcDir, localesDir }),
    precompressPlugin(),
  ],
  resolve: { alias: { '@': srcDir } },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // The quick-tip page must stay small: report anything unusually large.
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      input: PAGES,
      output: {
        // Few requests for a first screen (decision 0021): libraries in long-lived chunks (a release
        // that changes only our code leaves them in the browser's cache), grouped by when they are
        // needed. React alone is shared with the quick-tip page (tooling/quick-tip-size.ts checks).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 5 },
            // What the app needs before any screen: routes, data queries, translations.
            {
              name: 'vendor',
              test: /node_modules[\\/](react-router|cookie|set-cookie-parser|@tanstack|i18next[^\\/]*|react-i18next|html-parse-stringify|void-elements)[\\/]/,
              priority: 4,
            },
            // What the quick-tip page shares with the app (buttons, fields, money, the icons it
            // shows): one chunk, so the page makes two requests for its scripts besides React.
            // What only the quick-tip page uses (its form, its messages in four languages) stays
            // in its own entry: the app's first screens never download it.
            {
              name: 'quick-tip-shared',
              test: isQuickTipShared,
              priority: 3,
            },
            // Every other icon in one chunk, instead of one tiny chunk (and request) per icon.
            { name: 'icons', test: LUCIDE_ICON, priority: 2 },
            // The schema library loads with the first screen that checks a form or an answer.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 4 },
            // The app's own small shared pieces (UI primitives, hooks, helpers) used by several
            // screens: one chunk rather than a dozen. Their dependencies stay where they are, so
            // that nothing here drags the quick-tip page's shared modules along; what the
            // quick-tip page uses stays out, and so does whatever loads zod.
            {
              name: 'app-shared',
              test: isLightAppShared,
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
};

export default defineConfig(({ command }) => {
  // A build is always a production build, whatever NODE_ENV the shell has: with
  // NODE_ENV=development Vite would ship React's development build and `jsxDEV` in every chunk.
  // Vite reads NODE_ENV again after this file, so setting it here is enough.
  if (command !== 'build') return config;
  process.env.NODE_ENV = 'production';
  return {
    ...config,
    resolve: {
      alias: [
        { find: '@', replacement: srcDir },
        { find: /^react-router$/, replacement: reactRouterProduction },
      ],
    },
  };
});
