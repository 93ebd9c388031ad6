import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { APP_BOOT_SCRIPT, APP_BOOT_SCRIPT_SOURCE } from './app-boot.ts';
import { matchesRoute, preferredLanguage, ROUTE_PRELOADS_FILE, SESSION_URL } from './app-page.ts';

const INDEX_HTML = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <script type="module" crossorigin src="/assets/main-1a2b.js"></script>',
  '  </head>',
  '  <body>',
  '    <div id="root"></div>',
  '  </body>',
  '</html>',
  '',
].join('\n');

const PRELOADS = {
  locales: { en: '/locales/en.json?v=abc123', es: '/locales/es.json?v=abc123' },
  routes: [
    {
      path: '/wallet',
      modules: ['/assets/app-layout-1.js', '/assets/wallet-page-2.js'],
      signedInModules: ['/assets/user-menu-3.js'],
      styles: [],
    },
    {
      path: '/transactions/:id',
      modules: ['/assets/transaction-detail-page-4.js'],
      signedInModules: [],
      styles: ['/assets/detail-5.css'],
    },
    { path: '/auth', modules: ['/assets/auth-page-6.js'], signedInModules: [], styles: [] },
  ],
};

function makeWebBuild(preloads: unknown): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'ztart-app-page-'));
  mkdirSync(path.join(distDir, '.vite'));
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
  return distDir;
}

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

describe('the app page with its screen preloaded', () => {
  let distDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    distDir = makeWebBuild(PRELOADS);
    testApp = await buildTestApp({ config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it("asks at once for the screen's chunks, the catalogue of the browser's language and the session", async () => {
    const answer = await get('/wallet', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers.vary).toMatch(/accept-language/);
    expect(modulePreloads(answer.body)).toEqual(['/assets/app-layout-1.js', '/assets/wallet-page-2.js']);
    expect(answer.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/locales/es.json?v=abc123">',
    );
    expect(answer.body).toContain(`<link rel="preload" as="fetch" crossorigin href="${SESSION_URL}">`);
    // The links go into the head, and the rest of the page is as built.
    expect(answer.body.indexOf('wallet-page-2.js')).toBeLessThan(answer.body.indexOf('</head>'));
    expect(answer.body.replace(/ {4}<link [^\n]*\n/g, '')).toBe(INDEX_HTML);
  });

  it('adds what only a signed-in person loads when the request carries a session', async () => {
    const answer = await get('/wallet', { cookie: 'session=abc' });

    expect(modulePreloads(answer.body)).toEqual([
      '/assets/app-layout-1.js',
      '/assets/wallet-page-2.js',
      '/assets/user-menu-3.js',
    ]);
    expect(answer.headers.vary).toMatch(/cookie/);
    // And the screen's first data, asked for with the session.
    expect(answer.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/wallet">');
    expect((await get('/wallet')).body).not.toContain('href="/api/wallet"');
  });

  it('matches patterns with parameters, brings their styles, and keeps the query out of the match', async () => {
    const answer = await get('/transactions/7d1c?from=list');

    expect(modulePreloads(answer.body)).toEqual(['/assets/transaction-detail-page-4.js']);
    expect(answer.body).toContain('<link rel="stylesheet" crossorigin href="/assets/detail-5.css">');
  });

  it('sends an unknown screen with the catalogue and the session only, in English by default', async () => {
    const answer = await get('/no-such-screen', { 'accept-language': 'de-DE' });

    expect(answer.statusCode).toBe(200);
    expect(modulePreloads(answer.body)).toEqual([]);
    expect(answer.body).toContain('href="/locales/en.json?v=abc123"');
    expect(answer.body).toContain(`href="${SESSION_URL}"`);
  });

  it('answers 304 to a browser that has the same page', async () => {
    const first = await get('/auth');
    const etag = String(first.headers.etag);

    const again = await get('/auth', { 'if-none-match': etag });

    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/wallet')).headers.etag).not.toBe(etag);
  });
});

describe('the app page painted from its HTML alone', () => {
  const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', false);\n";
  const CSS = 'body{margin:0}.card{color:red}';
  let distDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    distDir = makeWebBuild(PRELOADS);
    writeFileSync(
      path.join(distDir, 'index.html'),
      INDEX_HTML.replace(
        '  </head>',
        [
          '    <script src="/theme-init.js"></script>',
          '    <link rel="stylesheet" crossorigin href="/assets/main-7.css">',
          '    <link rel="stylesheet" crossorigin href="/assets/odd-8.css">',
          '  </head>',
        ].join('\n'),
      ),
    );
    writeFileSync(path.join(distDir, 'theme-init.js'), THEME_SCRIPT);
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'assets', 'main-7.css'), CSS);
    // A stylesheet that would end the style element early stays a link.
    writeFileSync(path.join(distDir, 'assets', 'odd-8.css'), '.x::after{content:"</style>"}');
    testApp = await buildTestApp({ config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('carries the stylesheet and the theme script, which its policy allows by hash alone', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/auth' });

    expect(answer.statusCode).toBe(200);
    // With a disabled link to it, which the build's loader of lazy chunks takes for the stylesheet
    // (it would otherwise load and apply it again), and which the browser neither fetches nor applies.
    expect(answer.body).toContain(
      `<style>${CSS}</style><link rel="stylesheet" href="/assets/main-7.css" disabled>`,
    );
    expect(answer.body).not.toContain('<link rel="stylesheet" crossorigin href="/assets/main-7.css">');
    expect(answer.body).toContain('<link rel="stylesheet" crossorigin href="/assets/odd-8.css">');
    expect(answer.body).toContain(`<script>${THEME_SCRIPT}</script>`);
    expect(answer.body).not.toContain('src="/theme-init.js"');
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scriptSrc = String(answer.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}' ${APP_BOOT_SCRIPT_SOURCE}`);
    expect(APP_BOOT_SCRIPT_SOURCE).toBe(
      `'sha256-${createHash('sha256').update(APP_BOOT_SCRIPT).digest('base64')}'`,
    );
  });
});

describe('the app page without usable preloads', () => {
  it.each([
    ['an older build without the list', null],
    [
      'a list naming something other than a built file',
      { ...PRELOADS, locales: { en: 'https://elsewhere/x.json' } },
    ],
    [
      'a list with a link that could break out of the attribute',
      {
        ...PRELOADS,
        routes: [{ path: '/wallet', modules: ['/assets/a.js"><script>'], signedInModules: [], styles: [] }],
      },
    ],
  ])('sends index.html as built with %s', async (_case, preloads) => {
    const distDir = makeWebBuild(preloads);
    if (preloads === null) rmSync(path.join(distDir, ROUTE_PRELOADS_FILE));
    const testApp = await buildTestApp({ config: { webDistDir: distDir } });
    try {
      const answer = await testApp.app.inject({ method: 'GET', url: '/wallet' });

      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(INDEX_HTML);
    } finally {
      await testApp.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe('route patterns and languages', () => {
  it.each([
    ['/', '/', true],
    ['/wallet', '/wallet', true],
    ['/wallet', '/wallet/', true],
    ['/wallet', '/wallets', false],
    ['/transactions/:id', '/transactions/42', true],
    ['/transactions/:id', '/transactions', false],
    ['/qr-codes/:id/edit', '/qr-codes/9/edit', true],
    ['/qr-codes/:id/edit', '/qr-codes/9/view', false],
  ])('%s against %s: %s', (pattern, pathname, expected) => {
    expect(matchesRoute(pattern, pathname)).toBe(expected);
  });

  it.each([
    [undefined, 'en'],
    ['pt-BR,pt;q=0.9', 'pt'],
    ['de-DE, fr;q=0.8, es;q=0.9', 'es'],
    ['*', 'en'],
  ])('%s gives %s', (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });
});
