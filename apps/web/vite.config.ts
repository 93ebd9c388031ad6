import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { localesPlugin } from './tooling/locales-plugin.ts';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const localesDir = fileURLToPath(new URL('./src/i18n/locales', import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss(), localesPlugin(localesDir)],
  resolve: { alias: { '@': srcDir } },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // The quick-tip page must stay small: report anything unusually large.
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      output: {
        // Libraries in their own long-lived chunks: a release that changes only our code
        // leaves them in the browser's cache. Every one of them is needed at start anyway.
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
});
