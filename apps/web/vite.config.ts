import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { localesPlugin } from './tooling/locales-plugin.ts';
import { precompressPlugin } from './tooling/precompress-plugin.ts';

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

const config: UserConfig = {
  plugins: [react(), tailwindcss(), localesPlugin(localesDir), quickTipPagePlugin(), precompressPlugin()],
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
        // Libraries in their own long-lived chunks: a release that changes only our code
        // leaves them in the browser's cache. Every one of them is needed at the app's start
        // anyway; the quick-tip page loads only the React one (tooling/quick-tip-size.ts checks).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            {
              name: 'router',
              test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next[^\\/]*|react-i18next|html-parse-stringify|void-elements)[\\/]/,
              priority: 3,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 3 },
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
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
