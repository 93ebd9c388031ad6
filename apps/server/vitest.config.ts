import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy; two workers match the two cores of our machines.
    maxWorkers: 2,
  },
});
