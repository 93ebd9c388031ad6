import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { APP_VERSION } from '../../version.ts';

describe('health check', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('tells an operator the server is up, which database it runs on and its version', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok', db: testApp.database.kind, version: APP_VERSION });
    expect(testApp.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('health check with a dead database', () => {
  it('answers 503 service_unavailable in the error shape instead of pretending all is well', async () => {
    const testApp = await buildTestApp();
    await testApp.database.close();
    try {
      const answer = await testApp.app.inject({ method: 'GET', url: '/api/health' });

      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({
        error: { code: 'service_unavailable', message: 'The database is not reachable.' },
      });
    } finally {
      await testApp.close();
    }
  });
});

describe('a signed-in request while the database is down', () => {
  it('answers 503 service_unavailable rather than an internal error', async () => {
    const testApp = await buildTestApp();
    await testApp.database.close();
    try {
      const answer = await testApp.app.inject({
        method: 'GET',
        url: '/api/profiles/me',
        cookies: { session: 'some-session-token' },
      });

      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.code).toBe('service_unavailable');
    } finally {
      await testApp.close();
    }
  });
});
