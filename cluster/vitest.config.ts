import { defineConfig } from 'vitest/config';

/** The cluster test alone (`npm run test:cluster`): one file, its checks one after the other. */
export default defineConfig({
  test: {
    include: ['cluster/**/*.test.ts'],
    root: new URL('..', import.meta.url).pathname,
    fileParallelism: false,
    testTimeout: 150_000,
    hookTimeout: 150_000,
  },
});
