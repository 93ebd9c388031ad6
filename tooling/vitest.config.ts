import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'tooling',
    environment: 'node',
    include: ['*.test.ts'],
    // dependency-cruiser reads the whole repository: a minute on a busy machine.
    testTimeout: 180_000,
  },
});
