import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { countedOnce } from './rate-limit.ts';

/** Set it (e.g. redis://127.0.0.1:6379) to check the shared counters on a real Redis. */
const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

async function withLimitedRoute(testApp: TestApp): Promise<TestApp> {
  testApp.app.get(
    '/api/test/limited',
    { config: { rateLimit: { max: 3, timeWindow: 60_000 } } },
    async () => ({
      ok: true,
    }),
  );
  return testApp;
}

describe.runIf(TEST_REDIS_URL)('rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await withLimitedRoute(await buildTestApp({ config: { redisUrl: TEST_REDIS_URL } }));
    second = await withLimitedRoute(await buildTestApp({ config: { redisUrl: TEST_REDIS_URL } }));
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('count a client across every server instance', async () => {
    // A fresh documentation address per run, so counters left by an earlier run do not interfere.
    const remoteAddress = `198.51.100.${randomInt(1, 255)}`;
    const call = (testApp: TestApp) =>
      testApp.app.inject({ method: 'GET', url: '/api/test/limited', remoteAddress });

    expect((await call(first)).statusCode).toBe(200);
    expect((await call(second)).statusCode).toBe(200);
    expect((await call(first)).statusCode).toBe(200);

    const answer = await call(second);
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });
});

describe.runIf(TEST_REDIS_URL)('sign-in limits shared through Redis', () => {
  it('count attempts on one account across every server instance', async () => {
    const rateLimits = { signInPerAccount: { max: 2, windowSeconds: 60 } };
    const first = await buildTestApp({ config: { redisUrl: TEST_REDIS_URL }, rateLimits });
    const second = await buildTestApp({ config: { redisUrl: TEST_REDIS_URL }, rateLimits });
    try {
      // A fresh email per run, so counters left by an earlier run do not interfere.
      const payload = { email: `redis-${randomInt(1e9)}@example.com`, password: 'guess' };
      const attempt = (testApp: TestApp) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          remoteAddress: '198.51.100.7',
          payload,
        });

      expect((await attempt(first)).statusCode).toBe(401);
      expect((await attempt(second)).statusCode).toBe(401);
      const third = await attempt(first);

      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('rate limits when Redis is unreachable', () => {
  it('let requests through rather than refusing everyone', async () => {
    const testApp = await withLimitedRoute(
      await buildTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } }),
    );
    try {
      const answer = await testApp.app.inject({ method: 'GET', url: '/api/test/limited' });

      expect(answer.statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});

describe('checks counted once per request', () => {
  it('runs the checks the first time only, and gives every later try the same outcome', async () => {
    let runs = 0;
    const check = countedOnce(async () => {
      runs += 1;
      if (runs === 1) throw new Error('rate_limited');
    });
    await expect(check()).rejects.toThrow('rate_limited');
    await expect(check()).rejects.toThrow('rate_limited');
    expect(runs).toBe(1);

    const passing = countedOnce(async () => {
      runs += 1;
    });
    await passing();
    await passing();
    expect(runs).toBe(2);
  });
});
