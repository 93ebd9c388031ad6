import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { WEB_APP_NOT_BUILT_MESSAGE } from './web-app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-3f9a1c.js"></script></head></html>';
const QUICK_TIP_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/quick-tip-7b2e4d.js"></script></head></html>';

/** A web build as Vite leaves it: index.html, hashed assets, translation files, a manifest. */
function makeWebBuild(): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'ztart-web-'));
  mkdirSync(path.join(distDir, 'assets'));
  mkdirSync(path.join(distDir, 'locales/es'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(distDir, 'quick-tip.html'), QUICK_TIP_HTML);
  writeFileSync(path.join(distDir, 'assets/index-3f9a1c.js'), 'console.log("app")');
  writeFileSync(path.join(distDir, 'assets/index-3f9a1c.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(path.join(distDir, 'locales/es/common.json'), '{"hello":"Hola"}');
  writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"Ztart Tips"}');
  writeFileSync(path.join(distDir, '.env'), 'SECRET=1');
  return distDir;
}

describe('serving the built web app', () => {
  let distDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    distDir = makeWebBuild();
    testApp = await buildTestApp({ config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('opens the app at / with an index.html that browsers always revalidate', async () => {
    const answer = await get('/');

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toBe(INDEX_HTML);
  });

  it.each(['/wallet', '/qr-codes/abc/edit', '/wallet-ddf', '/account?tab=security'])(
    'opens the deep link %s with the app itself, so its router can show the screen',
    async (url) => {
      const answer = await get(url);

      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(INDEX_HTML);
      expect(answer.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each([
    '/quick-tip?to=maria_waits',
    '/quick-tip',
    '/quick-tip/?to=maria_waits&qr=Ab3dE6gH',
    '/quick-tip?to=x&embed=1',
  ])('opens %s with the light quick-tip page, not the whole app', async (url) => {
    const answer = await get(url);

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.body).toBe(QUICK_TIP_HTML);
  });

  it('keeps the other deep links on the app (only /quick-tip itself gets the light page)', async () => {
    for (const url of ['/quick-tips', '/quick-tip/extra', '/tips-me']) {
      expect((await get(url)).body, url).toBe(INDEX_HTML);
    }
  });

  it('lets browsers keep hashed assets for a year without asking again', async () => {
    const answer = await get('/assets/index-3f9a1c.js');

    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a script none of the headers that only a document uses, compressed or not', async () => {
    for (const encoding of ['identity', 'br']) {
      const answer = await testApp.app.inject({
        method: 'GET',
        url: '/assets/index-3f9a1c.js',
        headers: { 'accept-encoding': encoding },
      });

      expect(answer.statusCode, encoding).toBe(200);
      expect(answer.headers['content-encoding'], encoding).toBe(encoding === 'br' ? 'br' : undefined);
      expect(answer.headers['x-content-type-options'], encoding).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy'], encoding).toBe('same-origin');
      expect(answer.headers['referrer-policy'], encoding).toBe('strict-origin-when-cross-origin');
      for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
        expect(answer.headers[name], `${encoding} ${name}`).toBeUndefined();
      }
    }
    // Any other file keeps them: it could be opened as a page of its own.
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-security-policy']).toContain("default-src 'self'");
    expect(manifest.headers['x-frame-options']).toBe('DENY');
  });

  it('serves translation files and the manifest, revalidated so that a new build shows at once', async () => {
    const locale = await get('/locales/es/common.json');
    expect(locale.statusCode).toBe(200);
    expect(locale.json()).toEqual({ hello: 'Hola' });
    expect(locale.headers['cache-control']).toBe('no-cache');

    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file with 404 rather than the app HTML (a stale script must fail clearly)', async () => {
    const answer = await get('/assets/index-old000.js');

    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('<html');
  });

  it('never hands out dotfiles that happen to sit in the build folder', async () => {
    const answer = await get('/.env');

    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('SECRET');
  });

  it.each(['/api', '/api/', '/api/no-such-thing', '/api/qr-codes/abc/edit/more'])(
    'never answers the API path %s with the app HTML',
    async (url) => {
      const answer = await get(url);

      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'not_found' } });
    },
  );

  it('answers a form post to a page path with 404 in the error shape', async () => {
    const answer = await testApp.app.inject({ method: 'POST', url: '/wallet', payload: {} });

    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('a build made before the light quick-tip page existed', () => {
  let distDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    distDir = makeWebBuild();
    rmSync(path.join(distDir, 'quick-tip.html'));
    testApp = await buildTestApp({ config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('opens /quick-tip with the app, whose own screen shows it', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/quick-tip?to=maria_waits' });

    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(INDEX_HTML);
  });
});

describe('before the web app is built', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ config: { webDistDir: path.join(tmpdir(), 'ztart-web-never-built') } });
  });
  afterAll(() => testApp.close());

  it('tells whoever opens a page to build it first, with 503', async () => {
    for (const url of ['/', '/wallet']) {
      const answer = await testApp.app.inject({ method: 'GET', url });

      expect(answer.statusCode).toBe(503);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      expect(answer.body).toBe(WEB_APP_NOT_BUILT_MESSAGE);
      expect(answer.body).toContain('npm run build');
    }
  });

  it('keeps the API working', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
  });
});
