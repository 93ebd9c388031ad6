import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { localesPlugin } from './tooling/locales-plugin.ts';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const localesDir = fileURLToPath(new URL('./src/i18n/locales', import.meta.url));

export default defineProject({
  plugins: [react(), localesPlugin(localesDir)],
  resolve: { alias: { '@': srcDir } },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // The tooling's own tests too: the glossary check reads every catalogue.
    include: ['src/**/*.test.{ts,tsx}', 'tooling/**/*.test.ts'],
    restoreMocks: true,
    // Route tests render whole screens, loading their code on first use.
    testTimeout: 15_000,
  },
});
