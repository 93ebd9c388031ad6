/**
 * Compiles the server into one JavaScript file, dist/main.js, that plain `node` runs: no
 * TypeScript loader at run time (loading the sources through one took about a second of every
 * start). Our own code and @ztart/shared are bundled; every package from node_modules stays an
 * import, loaded from node_modules as usual (native modules, WebAssembly and files they read
 * beside themselves keep working). dist/main.js sits one folder below apps/server, as the
 * sources in src/ do, so the paths they derive from their own location stay right.
 *
 *   node tooling/build.mjs          (npm run build -w @ztart/server)
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Bare imports (`fastify`, `node:fs`) stay imports; our workspace packages are compiled in. */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ztart/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  bundle: true,
  // The entry loads the rest with import() while the database opens (see src/main.ts).
  splitting: true,
  // Beside main.js, one folder below apps/server like the sources (paths derive from it).
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [keepPackagesExternal],
});
console.log(`server compiled to apps/server/dist/main.js in ${Date.now() - started} ms`);
