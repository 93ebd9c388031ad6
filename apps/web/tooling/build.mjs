/**
 * Builds the web app into dist/ as a production build, whatever NODE_ENV the shell has (with
 * NODE_ENV=development, Vite would ship React's development build). With `--if-changed` it
 * builds only when the sources differ from those of the last build: a hash of every input is
 * kept in dist/.source-hash (a dotfile: the server never hands it out), so `npm start` after
 * a start without changes skips the build.
 *
 *   node tooling/build.mjs [--if-changed] [--out-dir <folder>]
 *
 * Plain JavaScript so that it runs before anything is compiled, without a TypeScript loader.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = path.resolve(webDir, '../..');

/** Everything the build reads: a change to any of them makes a different app. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/tooling',
  'apps/web/index.html',
  'apps/web/quick-tip.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'package-lock.json',
];

export const SOURCE_HASH_FILE = '.source-hash';
/**
 * The quick-tip page compiled for the server's rendering (decision 0022). A dot folder: the
 * server's static files never hand it out.
 */
export const SSR_DIR = '.ssr';
export const QUICK_TIP_SSR_FILE = 'quick-tip.js';
/** The first paint of /auth, /wallet and / (home) per language (src/app/first-paint/server.tsx, decision 0041). */
export const FIRST_PAINT_FILE = 'first-paint.json';
/** Their renderer, which the server runs for a signed-in person's home (decision 0055). */
export const FIRST_PAINT_SSR_FILE = 'first-paint.js';

function filesOf(relative) {
  const absolute = path.join(repoDir, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(relative, file))
    .filter((file) => statSync(path.join(repoDir, file)).isFile());
}

/** A hash of the inputs' names and contents, in a stable order. */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesOf).sort()) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path.join(repoDir, file)));
  }
  return hash.digest('hex');
}

function readStoredHash(outDir) {
  try {
    return readFileSync(path.join(outDir, SOURCE_HASH_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

function optionValue(argv, name) {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

/**
 * A page rendered on the server as one module of plain JavaScript for Node: the quick-tip page
 * (src/quick-tip/server.tsx) and the first paints (src/app/first-paint/server.tsx). Our code,
 * @ztart/shared and the icons compiled in; React stays an import unless `external` says otherwise,
 * so that the server loads one React for react-dom/server and the page. No TypeScript loader is
 * needed to run it.
 */
async function buildServerRenderer(
  build,
  outDir,
  entry,
  fileName,
  { emptyOutDir = true, external = ['react', 'react-dom'] } = {},
) {
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    root: webDir,
    configFile: false,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@': path.join(webDir, 'src') } },
    ssr: { target: 'node', noExternal: true, external },
    build: {
      ssr: path.join(webDir, entry),
      outDir,
      emptyOutDir,
      copyPublicDir: false,
      target: 'node20',
      rolldownOptions: { output: { entryFileNames: fileName } },
    },
  });
}

/**
 * The first paints' renderer (src/app/first-paint/server.tsx), compiled for the server, which
 * renders a signed-in person's home with it (decision 0055); and the first paint of /auth, /wallet
 * and / (home) without personal data in every language, rendered here once with it (decision 0041)
 * into a JSON file that the server reads.
 */
async function renderFirstPaints(build, outDir) {
  await buildServerRenderer(
    build,
    path.join(outDir, SSR_DIR),
    'src/app/first-paint/server.tsx',
    FIRST_PAINT_SSR_FILE,
    // React inside: the build also runs it here, and the output folder may be anywhere (a test's
    // temporary folder), where no package resolves.
    { emptyOutDir: false, external: [] },
  );
  const { renderFirstPaint, FIRST_PAINT_SCREENS, LANGUAGES } = await import(
    pathToFileURL(path.join(outDir, SSR_DIR, FIRST_PAINT_SSR_FILE)).href
  );
  const paints = {};
  for (const screen of FIRST_PAINT_SCREENS) {
    paints[screen] = {};
    for (const language of LANGUAGES) {
      const catalogue = JSON.parse(readFileSync(path.join(outDir, 'locales', `${language}.json`), 'utf8'));
      paints[screen][language] = renderFirstPaint(screen, language, catalogue);
    }
  }
  writeFileSync(path.join(outDir, SSR_DIR, FIRST_PAINT_FILE), JSON.stringify(paints));
}

async function main(argv) {
  const outDir = path.resolve(optionValue(argv, '--out-dir') ?? path.join(webDir, 'dist'));
  const hash = sourceHash();
  const upToDate =
    readStoredHash(outDir) === hash &&
    existsSync(path.join(outDir, 'index.html')) &&
    existsSync(path.join(outDir, SSR_DIR, QUICK_TIP_SSR_FILE)) &&
    existsSync(path.join(outDir, SSR_DIR, FIRST_PAINT_SSR_FILE)) &&
    existsSync(path.join(outDir, SSR_DIR, FIRST_PAINT_FILE));
  if (argv.includes('--if-changed') && upToDate) {
    console.log('The web app is up to date (its sources have not changed since the last build).');
    return;
  }
  // Before Vite loads: React, its JSX transform and every library read it to pick their build.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    mode: 'production',
    build: { outDir, emptyOutDir: true },
  });
  await buildServerRenderer(
    build,
    path.join(outDir, SSR_DIR),
    'src/quick-tip/server.tsx',
    QUICK_TIP_SSR_FILE,
  );
  await renderFirstPaints(build, outDir);
  writeFileSync(path.join(outDir, SOURCE_HASH_FILE), `${hash}\n`);
}

await main(process.argv.slice(2));
