import { configDefaults, defineConfig } from 'vitest/config';
import { MODULE_MOCKING_TESTS } from './apps/web/tooling/module-mocking-tests.ts';

const web = { extends: './apps/web/vitest.config.ts', root: './apps/web' };

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/server',
      'tooling',
      // The web app's tests share one jsdom and the libraries' modules per worker (decision 0059),
      // apart from those that replace a module, which need modules of their own.
      {
        ...web,
        test: { name: 'web', isolate: false, exclude: [...configDefaults.exclude, ...MODULE_MOCKING_TESTS] },
      },
      { ...web, test: { name: 'web-isolated', include: MODULE_MOCKING_TESTS } },
    ],
    // PGlite instances and jsdom are heavy; two workers match the two cores of our machines.
    maxWorkers: 2,
  },
});
