/**
 * Compiles the server into JavaScript that plain `node` runs, dist/main.js and the chunks it
 * imports: no TypeScript loader at run time (loading the sources through one took about a second
 * of every start). Our own code, @ztart/shared and the plain JavaScript packages (Fastify and its
 * plugins, zod, drizzle) are bundled: resolving and loading several hundred files from
 * node_modules one by one took about a fifth of the time to listen (decision 0025). Packages
 * with native code, WebAssembly, files they read beside themselves or worker threads stay imports,
 * loaded from node_modules as usual (EXTERNAL). dist/main.js sits one folder below apps/server,
 * as the sources in src/ do, so the paths they derive from their own location stay right.
 *
 *   node tooling/build.mjs          (npm run build -w @ztart/server)
 */
import { rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Packages loaded from node_modules at run time: native code (sharp, argon2), WebAssembly and its
 * data files (PGlite), static files served from their own folder (Swagger UI), worker threads
 * (pino's transports), and drivers loaded only when configured (pg, ioredis, nodemailer).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'sharp',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  'pino',
  'pg',
  'ioredis',
  'nodemailer',
  'esbuild',
  'tsx',
];

/** Node's own modules and EXTERNAL stay imports; everything else is compiled in. */
const keepSomePackagesExternal = {
  name: 'keep-some-packages-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      const external =
        args.path.startsWith('node:') ||
        isBuiltin(args.path) ||
        EXTERNAL.some((name) => args.path === name || args.path.startsWith(`${name}/`));
      return external ? { path: args.path, external: true } : undefined;
    });
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
  // Less to parse at every start; names stay (Fastify names plugins after their functions).
  minifyWhitespace: true,
  minifySyntax: true,
  // The bundled CommonJS packages call require() for Node's modules and the external packages.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  plugins: [keepSomePackagesExternal],
});
console.log(`server compiled to apps/server/dist/main.js in ${Date.now() - started} ms`);
