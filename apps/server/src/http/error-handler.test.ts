import { errorResponseSchema } from '@ztart/shared/errors';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../app.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { AppError } from './errors.ts';

const SECRET_DETAIL = 'connection to 10.0.0.5 failed for user ztart_admin';

describe('one error shape for every failure', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
    const { app } = testApp;
    app.get('/api/test/explodes', async () => {
      throw new Error(SECRET_DETAIL);
    });
    app.get('/api/test/insufficient', async () => {
      throw new AppError('insufficient_balance', { details: { availableMinor: 120, currency: 'EUR' } });
    });
    app.post(
      '/api/test/echo',
      { schema: { body: z.object({ note: z.string().max(5, 'validation.tooLong') }) } },
      async (request) => request.body,
    );
    app.get('/api/test/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({
      ok: true,
    }));
  });
  afterAll(() => testApp.close());

  const inject = (options: InjectOptions) => testApp.app.inject(options);

  function expectErrorShape(body: string, code: string) {
    const parsed = errorResponseSchema.parse(JSON.parse(body));
    expect(parsed.error.code).toBe(code);
    return parsed.error;
  }

  it('answers an unknown API route with 404 not_found, never with the web app', async () => {
    const answer = await inject({ method: 'GET', url: '/api/no-such-thing' });

    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expectErrorShape(answer.body, 'not_found');
  });

  it('answers a known route called with the wrong method in the same shape', async () => {
    const answer = await inject({ method: 'DELETE', url: '/api/health' });

    expect([404, 405]).toContain(answer.statusCode);
    expectErrorShape(answer.body, answer.statusCode === 404 ? 'not_found' : 'method_not_allowed');
  });

  it('lists each invalid field with its path and translation key (400 validation_failed)', async () => {
    const answer = await inject({ method: 'POST', url: '/api/test/echo', payload: { note: 'far too long' } });

    expect(answer.statusCode).toBe(400);
    expect(expectErrorShape(answer.body, 'validation_failed').details).toEqual({
      source: 'body',
      issues: [{ path: 'note', code: 'too_big', message: 'validation.tooLong' }],
    });
  });

  it('turns a missing field into a translation key too, never an English sentence', async () => {
    const answer = await inject({ method: 'POST', url: '/api/test/echo', payload: {} });

    expect(answer.statusCode).toBe(400);
    expect(expectErrorShape(answer.body, 'validation_failed').details).toEqual({
      source: 'body',
      issues: [{ path: 'note', code: 'invalid_type', message: 'validation.invalid_type' }],
    });
  });

  it('answers a body that is not JSON with 400 bad_request', async () => {
    const answer = await inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"note": ',
    });

    expect(answer.statusCode).toBe(400);
    expectErrorShape(answer.body, 'bad_request');
  });

  it('answers a body above the size limit with 413 payload_too_large', async () => {
    const answer = await inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ note: 'x'.repeat(BODY_LIMIT_BYTES) }),
    });

    expect(answer.statusCode).toBe(413);
    expectErrorShape(answer.body, 'payload_too_large');
  });

  it('answers a content type the API does not read with 415 unsupported_media_type', async () => {
    const answer = await inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'note=hi',
    });

    expect(answer.statusCode).toBe(415);
    expectErrorShape(answer.body, 'unsupported_media_type');
  });

  it('gives an expected failure its code, HTTP status and details', async () => {
    const answer = await inject({ method: 'GET', url: '/api/test/insufficient' });

    expect(answer.statusCode).toBe(422);
    expect(expectErrorShape(answer.body, 'insufficient_balance').details).toEqual({
      availableMinor: 120,
      currency: 'EUR',
    });
  });

  it('hides an unexpected failure behind 500 internal_error: no stack, no internal message', async () => {
    const answer = await inject({ method: 'GET', url: '/api/test/explodes' });

    expect(answer.statusCode).toBe(500);
    const error = expectErrorShape(answer.body, 'internal_error');
    expect(error.message).toBe('An unexpected error occurred.');
    expect(error.details).toEqual({ requestId: answer.headers['x-request-id'] });
    expect(answer.body).not.toContain(SECRET_DETAIL);
    expect(answer.body).not.toMatch(/stack|\.ts:\d+|at /);
  });

  it('slows down a client that calls a rate-limited route too often with 429 rate_limited', async () => {
    const call = () => inject({ method: 'GET', url: '/api/test/limited', remoteAddress: '203.0.113.9' });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);

    const answer = await call();

    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBeDefined();
    expect(expectErrorShape(answer.body, 'rate_limited').details).toEqual({
      retryAfterSeconds: expect.any(Number),
    });
  });

  it('does not rate-limit routes that did not opt in', async () => {
    for (let call = 0; call < 5; call += 1) {
      expect((await inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
  });
});
