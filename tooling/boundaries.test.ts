import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURE = path.join(REPO_ROOT, 'tooling/fixtures/boundaries');
const DEPCRUISE = path.join(REPO_ROOT, 'node_modules/.bin/depcruise');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** What `npm run lint` checks of the module boundaries, run in `cwd` on its apps/ and packages/. */
async function violationsIn(cwd: string): Promise<Violation[]> {
  const { stdout } = await run(
    DEPCRUISE,
    [
      'apps',
      'packages',
      '--config',
      path.join(REPO_ROOT, '.dependency-cruiser.cjs'),
      '--output-type',
      'json',
    ],
    { cwd, maxBuffer: 256 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => {
    // depcruise exits with the number of errors it found; the JSON is still on stdout.
    if (typeof error.stdout === 'string' && error.stdout.startsWith('{')) return { stdout: error.stdout };
    throw error;
  });
  const result = JSON.parse(stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations;
}

describe('module boundaries (npm run lint)', () => {
  it('catches each deliberate breach of the fixture tree, and nothing it allows', async () => {
    const found = (await violationsIn(FIXTURE)).map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`);
    expect(found.sort()).toEqual(
      [
        // The cycle, reported once, at the first of its files (beta's half is a type-only import).
        'no-circular: apps/server/src/modules/alpha/service.ts → apps/server/src/modules/beta/service.ts',
        // The same two modules as folders, reported at each side.
        'no-module-cycle: apps/server/src/modules/alpha → apps/server/src/modules/beta',
        'no-module-cycle: apps/server/src/modules/beta → apps/server/src/modules/alpha',
        // Gamma and delta need each other through different files: no file is in a cycle, the modules are.
        'no-module-cycle: apps/server/src/modules/gamma → apps/server/src/modules/delta',
        'no-module-cycle: apps/server/src/modules/delta → apps/server/src/modules/gamma',
        // A module importing the app that assembles it, and the configuration importing a module.
        // Epsilon's test importing the harness (which imports the app and epsilon) is allowed.
        'composition-root-on-top: apps/server/src/modules/epsilon/reaches-app.ts → apps/server/src/app.ts',
        'kernel-imports-no-module: apps/server/src/config.ts → apps/server/src/modules/epsilon/service.ts',
        'no-cross-feature: apps/web/src/features/one/page.tsx → apps/web/src/features/two/card.tsx',
        'no-cross-feature: apps/web/src/features/one/types.ts → apps/web/src/features/two/card.tsx',
        'shared-web-code-not-features: apps/web/src/components/reaches-feature.ts → apps/web/src/features/two/card.tsx',
        'web-not-server: apps/web/src/features/two/uses-server.ts → apps/server/src/modules/alpha/service.ts',
        'server-not-web: apps/server/src/modules/beta/web-view.ts → apps/web/src/components/panel.tsx',
        'shared-stays-independent: packages/shared/src/rules.ts → apps/web/src/components/panel.tsx',
      ].sort(),
    );
  });

  it('finds nothing in the repository itself', async () => {
    expect(await violationsIn(REPO_ROOT)).toEqual([]);
  });
});
