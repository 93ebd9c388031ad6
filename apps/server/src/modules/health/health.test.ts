import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../../test/event-stream.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createPerson, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
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

describe('health for a load balancer: liveness, readiness and draining', () => {
  it('says live and ready when all is well, without asking for a session', async () => {
    const testApp = await buildTestApp();
    try {
      const live = await testApp.app.inject({ method: 'GET', url: '/api/health/live' });
      const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });

      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok', version: APP_VERSION });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', db: testApp.database.kind, version: APP_VERSION });
    } finally {
      await testApp.close();
    }
  });

  it('is live but not ready while the database is unreachable', async () => {
    const testApp = await buildTestApp();
    await testApp.database.close();
    try {
      expect((await testApp.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const ready = await testApp.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.code).toBe('service_unavailable');
    } finally {
      await testApp.close();
    }
  });

  it('while draining: not ready (503 draining), still live, live streams told to reconnect, requests still served and those in flight finished', async () => {
    const testApp = await buildTestApp({ rateLimits: ROOMY_RATE_LIMITS });
    const { app } = testApp;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/api/test/slow', async () => {
      await released;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const person = await createPerson(app, testApp.database.db);
      const stream = await openStream(baseUrl, person);
      await stream.waitFor((text) => text.includes(': connected'));
      const slow = fetch(`${baseUrl}/api/test/slow`);
      await new Promise((resolve) => setTimeout(resolve, 100));

      app.drain.start();

      await stream.waitForEnd();
      expect(stream.text()).toMatch(/retry: \d+\n: server draining, reconnect\n\n$/);
      const ready = await fetch(`${baseUrl}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { error: unknown }).error).toMatchObject({
        code: 'service_unavailable',
        details: { draining: true },
      });
      expect((await fetch(`${baseUrl}/api/health/live`)).status).toBe(200);
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(503);
      // Requests that still come while the load balancer notices are served.
      const profile = await fetch(`${baseUrl}/api/profiles/me`, {
        headers: { cookie: `session=${person.sessionToken}` },
      });
      expect(profile.status).toBe(200);

      const closed = app.close();
      release();
      const answer = await slow;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ done: true });
      await closed;
    } finally {
      release();
      await testApp.close();
    }
  });
});
