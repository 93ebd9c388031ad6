import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseLater } from '../db/client.ts';
import { queryRows } from '../db/raw-query.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { needsDatabase, type Readiness, readinessOf } from './readiness.ts';

const INDEX_HTML = '<!doctype html><html><head><title>Ztart Tips</title></head></html>';

function makeWebBuild(): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'ztart-web-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(distDir, 'assets/index-3f9a1c.js'), 'console.log("app")');
  return distDir;
}

/** A start the test finishes by hand: the database is "opening" until it calls ready() or fail(). */
function startingUp(): Readiness & { ready_(): void; fail(error: Error): void } {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const readiness = readinessOf(
    new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    }),
  );
  return { ...readiness, ready_: () => resolve(), fail: (error) => reject(error) };
}

describe('the server while its database opens', () => {
  let distDir: string;
  let testApp: TestApp | undefined;
  beforeAll(() => {
    distDir = makeWebBuild();
  });
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  it('serves its pages and files, says it is starting, and answers the API once the database is ready', async () => {
    const start = startingUp();
    testApp = await buildTestApp({ seed: true, readiness: start, config: { webDistDir: distDir } });
    const { app } = testApp;
    let readyAt: 'before' | 'after' = 'before';
    const profile = app
      .inject({ method: 'GET', url: '/api/public/profiles/maria_waits' })
      .then((answer) => ({ answer, readyAt }));
    // Pages that read the database wait the same way: a public profile, a QR code's link.
    const publicPage = app
      .inject({ method: 'GET', url: '/@maria_waits' })
      .then((answer) => ({ answer, readyAt }));
    const qrLink = app.inject({ method: 'GET', url: '/q/Ab3dE6gH' }).then((answer) => ({ answer, readyAt }));

    const page = await app.inject({ method: 'GET', url: '/wallet' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
    expect((await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' })).statusCode).toBe(200);

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('1');
    expect(health.json()).toMatchObject({
      error: { code: 'service_unavailable', details: { starting: true } },
    });

    readyAt = 'after';
    start.ready_();
    const { answer, readyAt: answeredWhen } = await profile;
    // The API request waited for the database: it was answered only after the start finished.
    expect(answeredWhen).toBe('after');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ ztartag: 'maria_waits' });
    const publicAnswer = await publicPage;
    expect(publicAnswer.readyAt).toBe('after');
    expect(publicAnswer.answer.statusCode).toBe(200);
    expect(publicAnswer.answer.body).toBe(INDEX_HTML);
    const qrAnswer = await qrLink;
    expect(qrAnswer.readyAt).toBe('after');
    expect(qrAnswer.answer.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers the waiting API requests with 503, not 500, when the database cannot be opened', async () => {
    const start = startingUp();
    testApp = await buildTestApp({ readiness: start, config: { webDistDir: distDir } });
    const waiting = testApp.app.inject({ method: 'GET', url: '/api/public/profiles/maria_waits' });

    start.fail(new Error('the data folder is damaged'));
    const answer = await waiting;

    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    expect(answer.body).not.toContain('damaged');
  });

  it.each([
    ['/api/wallet', true],
    ['/api/public/profiles/maria_waits?lang=es', true],
    ['/dev/mailbox', true],
    ['/api/health', false],
    ['/api/health?probe=1', false],
    ['/', false],
    ['/wallet', false],
    ['/assets/index-3f9a1c.js', false],
    ['/quick-tip?to=maria_waits', true],
    ['/quick-tip/?embed=1&to=maria_waits', true],
    ['/quick-tip', false],
    ['/quick-tip?embed=1', false],
    ['/q/Ab3dE6gH', true],
    ['/q/Ab3dE6gH?lat=1&lng=2', true],
    ['/@maria_waits', true],
    ['/@maria_waits?lang=es', true],
    ['/quick-tips', false],
    ['/qr-codes', false],
  ])('%s needs the database: %s', (url, expected) => {
    expect(needsDatabase(url)).toBe(expected);
  });
});

describe('the embedded database handed out before it is open', () => {
  it('opens on its first query and answers it', async () => {
    const { database } = await openDatabaseLater({ kind: 'pglite', dataDir: null });
    try {
      expect(await queryRows<{ one: number }>(database.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('closes before it was ever opened', async () => {
    const { database } = await openDatabaseLater({ kind: 'pglite', dataDir: null });
    await expect(database.close()).resolves.toBeUndefined();
  });
});
