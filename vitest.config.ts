import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'tooling'],
    // PGlite instances and jsdom are heavy; two workers match the two cores of our machines.
    maxWorkers: 2,
  },
});
