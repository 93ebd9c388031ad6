import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AppBoot } from '@ztart/shared/first-paint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { createPerson, fund } from '../test/transfer-fixtures.ts';

/**
 * Text that only development builds carry: React's JSX runtime and a console warning, and React
 * Router's warnings for developers (its package exports name only its development build).
 */
const DEVELOPMENT_ONLY_REACT = ['jsxDEV', 'Each child in a list should have a unique', 'Hey developer'];

const WEB_BUILD_SCRIPT = path.join(REPO_ROOT, 'apps/web/tooling/build.mjs');
/** Prints a first screen's JavaScript, gzipped, with its budget (`npm run size:home -w @ztart/web`). */
const SIZE_SCRIPT = path.join(REPO_ROOT, 'apps/web/tooling/quick-tip-size.ts');

/** One real build of the web app, made the way `npm start` makes it, but in a folder of its own. */
async function buildWebApp(outDir: string, env: NodeJS.ProcessEnv, ...flags: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [WEB_BUILD_SCRIPT, '--out-dir', outDir, ...flags],
    { cwd: REPO_ROOT, env, maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

function scriptsOf(distDir: string): string[] {
  return readdirSync(path.join(distDir, 'assets')).filter((file) => file.endsWith('.js'));
}

/** The page's entry script, as its HTML names it (`/assets/main-1a2b.js`). */
function entryScriptOf(html: string): string {
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('the page names no module script');
  return src;
}

describe('the web app as a phone receives it', () => {
  let distDir: string;
  let testApp: TestApp;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'ztart-web-build-'));
    // The shell of a developer who works with NODE_ENV=development, as the build meets it.
    await buildWebApp(distDir, { ...process.env, NODE_ENV: 'development' });
    testApp = await buildTestApp({ config: { webDistDir: distDir } });
  }, 240_000);
  afterAll(async () => {
    await testApp?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    testApp.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it("ships React's production build even when the shell says NODE_ENV=development", () => {
    const scripts = scriptsOf(distDir);
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const code = readFileSync(path.join(distDir, 'assets', file), 'utf8');
      for (const marker of DEVELOPMENT_ONLY_REACT)
        expect(code, `${file} holds ${marker}`).not.toContain(marker);
    }
  });

  it('keeps the signed-in home, the wallet and the quick-tip page within their JavaScript budgets, zod left for later', async () => {
    // UX.md: 200 KB of gzipped JavaScript for a signed-in first screen (the home, the wallet); the
    // quick-tip page 120 KB.
    const measure = async (flag: string) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', SIZE_SCRIPT, '--dist', distDir, '--json', flag],
        { cwd: REPO_ROOT, maxBuffer: 4 * 1024 * 1024 },
      );
      return JSON.parse(stdout) as { files: { file: string }[]; totalGzipBytes: number; budgetBytes: number };
    };
    for (const flag of ['--home', '--wallet', '--quick-tip']) {
      const page = await measure(flag);
      expect(page.totalGzipBytes, flag).toBeLessThanOrEqual(page.budgetBytes);
      expect(
        page.files.map(({ file }) => file).filter((file) => /\/zod-/.test(file)),
        flag,
      ).toEqual([]);
    }
  }, 60_000);

  it('leaves a brotli and a gzip copy beside every sizeable script, made at build', () => {
    for (const file of scriptsOf(distDir)) {
      const original = readFileSync(path.join(distDir, 'assets', file));
      if (original.length < 1024) continue;
      const brotli = readFileSync(path.join(distDir, 'assets', `${file}.br`));
      const gzip = readFileSync(path.join(distDir, 'assets', `${file}.gz`));
      expect(brotliDecompressSync(brotli).equals(original), file).toBe(true);
      expect(gunzipSync(gzip).equals(original), file).toBe(true);
      expect(brotli.length).toBeLessThan(original.length);
    }
  });

  it('sends a script compressed with brotli, kept for a year, to a browser that accepts it', async () => {
    const entry = entryScriptOf((await get('/')).body);
    const original = readFileSync(path.join(distDir, entry));

    const answer = await get(entry, 'gzip, deflate, br, zstd');

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.rawPayload.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(answer.rawPayload).equals(original)).toBe(true);
  });

  it('sends gzip to a browser that knows only gzip, and the plain file to one that knows none', async () => {
    const entry = entryScriptOf((await get('/')).body);
    const original = readFileSync(path.join(distDir, entry));

    const gzipped = await get(entry, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(original)).toBe(true);

    const plain = await get(entry);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it.each(['/', '/wallet', '/quick-tip'])(
    'sends the page %s compressed, and never from a stale cache',
    async (url) => {
      const answer = await get(url, 'br, gzip');

      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(answer.rawPayload).toString('utf8')).toContain('<div id="root"');
    },
  );

  it("names the wallet screen's own chunks and the session in /wallet's HTML, so they load with the entry", async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/wallet' });
    const preloaded = [
      ...answer.body.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g),
    ].map((match) => match[1] ?? '');

    expect(preloaded.some((file) => file.startsWith('wallet-page-'))).toBe(true);
    for (const file of preloaded) expect(scriptsOf(distDir)).toContain(file);
    expect(answer.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/auth/session">');
    expect(answer.body).toMatch(
      /<link rel="preload" as="fetch" crossorigin href="\/locales\/en\.json\?v=[0-9a-f]+">/,
    );
  });

  describe('the first paint of /auth, /wallet and home, rendered on the server', () => {
    const pageWithFirstPaint = async (url: string, headers: Record<string, string>) =>
      (await testApp.app.inject({ method: 'GET', url, headers })).body;
    const firstPaintOf = (html: string) =>
      /<div id="first-paint"[^>]*>([\s\S]*?)<div id="root"><\/div>/.exec(html)?.[1] ?? '';
    /** The JSON of the page's data block with this id (`app-boot`, `first-data`), or null. */
    const dataBlockOf = (html: string, id: string) =>
      JSON.parse(
        new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1] ?? 'null',
      );

    it('puts the sign-in screen in /auth’s HTML in the browser’s language, over the app and inert', async () => {
      const html = await pageWithFirstPaint('/auth', { 'accept-language': 'es-MX,es;q=0.9' });
      expect(html).toMatch(
        /<div id="first-paint" class="[^"]*\bfixed\b[^"]*" aria-hidden="true" inert><fieldset disabled class="contents">/,
      );
      const firstPaint = firstPaintOf(html);
      // The catalogue's Spanish texts, the form and the demo's card, as the screen renders them.
      expect(firstPaint).toContain('data-testid="screen-title"');
      expect(firstPaint).toContain('name="email"');
      expect(firstPaint).toContain('name="password"');
      expect(firstPaint).toContain('Explora Ztart Tips con una cuenta de ejemplo');
      expect(firstPaint).toContain('Correo electrónico');
      // No server details: nothing React writes when a render falls back to the browser.
      expect(firstPaint).not.toMatch(/<template|data-msg|data-cstck|\.js:\d+/);
      // The app's root stays empty: the app renders there as before.
      expect(html).toContain('<div id="root"></div>');
    });

    it('starts the app only after that frame is painted, with the same scripts and answers asked for', async () => {
      const plain = (
        await testApp.app.inject({ method: 'GET', url: '/auth', headers: { cookie: 'session=x' } })
      ).body;
      const html = await pageWithFirstPaint('/auth', {});
      // Nothing of the app's in the head: the data block at the end of the body names it all.
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).not.toMatch(/<script type="module"|rel="modulepreload"|rel="preload"/);
      const boot = dataBlockOf(html, 'app-boot') as AppBoot;
      expect(boot.entry).toBe(entryScriptOf(plain));
      for (const file of [boot.entry, ...boot.modules])
        expect(scriptsOf(distDir)).toContain(path.basename(file));
      expect(boot.modules.some((url) => url.includes('/auth-page-'))).toBe(true);
      expect(boot.fetches).toContain('/api/auth/session');
      expect(boot.signedIn).toBe(false);
    });

    it('puts the wallet’s heading and loading shapes in /wallet’s HTML for a visitor with a session, and nothing personal', async () => {
      const html = await pageWithFirstPaint('/wallet', { cookie: 'session=not-checked-here' });
      expect((dataBlockOf(html, 'app-boot') as AppBoot).signedIn).toBe(true);
      const firstPaint = firstPaintOf(html);
      expect(firstPaint).toContain('data-testid="screen-title"');
      expect(firstPaint).toContain('motion-safe:animate-pulse');
      expect(firstPaint).not.toMatch(/<template|data-msg|data-cstck|\.js:\d+/);
    });

    it('leaves it out where the screen would show something else', async () => {
      for (const [url, headers] of [
        ['/wallet', {}],
        ['/wallet?action=withdraw', { cookie: 'session=x' }],
        ['/auth', { cookie: 'session=x' }],
        ['/auth?mode=forgot-password', {}],
        ['/transactions', { cookie: 'session=x' }],
      ] as const) {
        const answer = await testApp.app.inject({ method: 'GET', url, headers });
        expect(answer.body, url).not.toContain('id="first-paint"');
        expect(answer.body, url).toContain('<div id="root"></div>');
      }
    });

    it('renders a signed-in person’s home with their figures, and hands the app the answers it shows', async () => {
      const { app, database } = testApp;
      const person = await createPerson(app, database.db, { fullName: 'Inès & Co' });
      await fund(database.db, person.userId, 12_345);
      const cookie = `session=${person.sessionToken}`;
      const answer = await app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie, 'accept-language': 'fr' },
      });

      expect(answer.statusCode).toBe(200);
      // A person's figures: never kept, never answered 304.
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers.etag).toBeUndefined();
      const firstPaint = firstPaintOf(answer.body);
      expect(firstPaint).toContain('Inès &amp; Co');
      expect(firstPaint).toContain('123,45');
      expect(firstPaint).not.toMatch(/<template|data-msg|data-cstck|\.js:\d+/);
      // The same answers as the API gives the app, which asks for neither.
      const api = async (url: string) =>
        (await app.inject({ method: 'GET', url, headers: { cookie } })).json();
      expect(dataBlockOf(answer.body, 'first-data')).toEqual({
        session: await api('/api/auth/session'),
        dashboard: await api('/api/dashboard'),
      });
      expect(dataBlockOf(answer.body, 'app-boot').fetches).toEqual([
        expect.stringMatching(/^\/locales\/fr\.json\?v=/),
      ]);
    });

    it('sends home with its loading shapes, and asks for the answers, when the cookie opens no session', async () => {
      const answer = await testApp.app.inject({
        method: 'GET',
        url: '/',
        headers: { cookie: 'session=ended' },
      });
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.body).not.toContain('id="first-data"');
      expect(firstPaintOf(answer.body)).toContain('motion-safe:animate-pulse');
      expect(dataBlockOf(answer.body, 'app-boot').fetches).toEqual(
        expect.arrayContaining(['/api/auth/session', '/api/dashboard']),
      );
    });

    it('is rendered by the build, for every language, and never handed out as a file', async () => {
      const paints = JSON.parse(readFileSync(path.join(distDir, '.ssr/first-paint.json'), 'utf8'));
      expect(Object.keys(paints.auth).sort()).toEqual(['en', 'es', 'fr', 'pt']);
      expect(paints.wallet.fr).toContain('Portefeuille');
      expect((await get('/.ssr/first-paint.json')).statusCode).toBe(404);
    });
  });

  describe('the quick-tip page, rendered on the server', () => {
    const page = (url: string, acceptLanguage?: string) =>
      testApp.app.inject({
        method: 'GET',
        url,
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      });

    it('holds the receiver, the amounts and the form before any script runs, in the browser’s language', async () => {
      const receiver = await createPerson(testApp.app, testApp.database.db, {
        fullName: 'Zoë <img src=x onerror=alert(1)> & Co',
      });

      const answer = await page(`/quick-tip?to=${receiver.ztartag}`, 'fr-CA,fr;q=0.9,en;q=0.5');

      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers.vary).toMatch(/accept-language/i);
      const html = answer.body;
      expect(html).toContain('<html lang="fr">');
      expect(html).toContain('<title>Un pourboire pour Zoë &lt;img src=x onerror=alert(1)&gt; &amp; Co');
      const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
      expect(root).toContain('Zoë &lt;img src=x onerror=alert(1)&gt; &amp; Co');
      expect(root).toContain(receiver.ztartag);
      expect(root).toContain('data-testid="tip-form"');
      expect(root).toContain('name="cardNumber"');
      expect(root).toMatch(/5,00\s\$US/);
      // The person's name never arrives as markup, in the page or in its data.
      expect(html).not.toContain('<img src=x');
      const data = /<script type="application\/json" id="quick-tip-data">([^<]*)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(data ?? 'null')).toMatchObject({
        language: 'fr',
        profile: { ztartag: receiver.ztartag, fullName: 'Zoë <img src=x onerror=alert(1)> & Co' },
      });
      // The page's own script, which hydrates it.
      expect(entryScriptOf(html)).toMatch(/^\/assets\//);
      // Nothing holds the first paint back: the stylesheet and the theme script are inside it.
      expect(html).toContain('<style>');
      expect(html).not.toMatch(/<link rel="stylesheet" crossorigin|<script src="\/theme-init\.js">/);
      expect(answer.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    });

    it('answers an unknown receiver with the not-found page and status 404', async () => {
      const answer = await page('/quick-tip?to=nobody_here_42', 'es');

      expect(answer.statusCode).toBe(404);
      expect(answer.body).toContain('<html lang="es">');
      expect(answer.body).toContain('data-testid="quick-tip-not-found"');
      expect(answer.body).toContain('No hemos encontrado a esta persona');
      expect(answer.body).not.toContain('tip-form');
    });

    it('never hands out the renderer it runs', async () => {
      expect(readFileSync(path.join(distDir, '.ssr/quick-tip.js'), 'utf8')).toContain('renderToString');
      expect((await get('/.ssr/quick-tip.js')).statusCode).toBe(404);
    });
  });

  it('compresses the translation files too', async () => {
    const answer = await get('/locales/en/common.json', 'gzip');

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(answer.rawPayload).toString('utf8'))).toBeTypeOf('object');
  });

  it('compresses API answers, which are still never stored', async () => {
    const answer = await get('/api/openapi.json', 'br');

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(answer.rawPayload).toString('utf8'));
    expect(document.openapi).toMatch(/^3\.1/);
    expect(answer.rawPayload.length).toBeLessThan(JSON.stringify(document).length / 3);
  });

  it('keeps the record of the sources it was built from, which the server never hands out', async () => {
    const hash = readFileSync(path.join(distDir, '.source-hash'), 'utf8').trim();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);

    const answer = await get('/.source-hash');
    expect(answer.body).not.toContain(hash);
  });

  it('is not built again by `npm start` while its sources stay the same, and is when they differ', async () => {
    const indexPath = path.join(distDir, 'index.html');
    const builtAt = statSync(indexPath).mtimeMs;

    const unchanged = await buildWebApp(distDir, process.env, '--if-changed');
    expect(unchanged).toMatch(/up to date/);
    expect(statSync(indexPath).mtimeMs).toBe(builtAt);

    // What a checkout of other sources leaves: a build whose recorded hash no longer matches.
    writeFileSync(path.join(distDir, '.source-hash'), 'an older build\n');
    const changed = await buildWebApp(distDir, process.env, '--if-changed');
    expect(changed).not.toMatch(/up to date/);
    expect(statSync(indexPath).mtimeMs).toBeGreaterThan(builtAt);
    expect(readFileSync(path.join(distDir, '.source-hash'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
  }, 240_000);
});
