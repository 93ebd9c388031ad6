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
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Globals a test stubbed are restored after it, whatever file comes next in the same jsdom.
    unstubGlobals: true,
    // Route tests render whole screens, loading their code on first use.
    testTimeout: 15_000,
  },
});
