import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { routePattern, trackAllowedMethods } from './allowed-methods.ts';

describe('a route path as a pattern', () => {
  it('matches parameters, parameters with their own pattern and wildcards, and nothing more', () => {
    expect(routePattern('/api/notifications/:id/read').test('/api/notifications/abc-1/read')).toBe(true);
    expect(routePattern('/api/notifications/:id/read').test('/api/notifications/a/b/read')).toBe(false);
    expect(routePattern('/api/notifications/:id/read').test('/api/notifications//read')).toBe(false);
    expect(routePattern('/q/:code(^[A-Za-z0-9]{8}$)').test('/q/Ab3dE6gH')).toBe(true);
    expect(routePattern('/q/:code(^[A-Za-z0-9]{8}$)').test('/q/short')).toBe(false);
    expect(routePattern('/assets/*').test('/assets/a/b.js')).toBe(true);
    expect(routePattern('/api/health').test('/api/healthz')).toBe(false);
    expect(routePattern('/api/a.b').test('/api/aXb')).toBe(false);
  });
});

describe('the methods of a path', () => {
  it('counts only API routes: the web app’s catch-all does not make every path a GET', async () => {
    const app = Fastify();
    const allowedFor = trackAllowedMethods(app);
    app.get('/*', async () => 'page');
    app.post('/api/notifications/:id/read', async () => 'read');
    await app.ready();

    expect(allowedFor('/api/no-such-thing')).toEqual([]);
    expect(allowedFor('/api/notifications/abc/read')).toEqual(['POST']);
    await app.close();
  });
});

describe('a wrong method on a known API path', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('answers 405 method_not_allowed with the methods the path has in Allow', async () => {
    const answer = await testApp.app.inject({ method: 'DELETE', url: '/api/health' });

    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(answer.json().error.code).toBe('method_not_allowed');
  });

  it('knows paths with parameters, and keeps the query out of the match', async () => {
    const answer = await testApp.app.inject({
      method: 'GET',
      url: '/api/notifications/3f1c2e4a-0000-4000-8000-000000000000/read?x=1',
    });

    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('POST');
  });

  it('still answers 404 for a path nobody serves, and the route itself for its own method', async () => {
    const unknown = await testApp.app.inject({ method: 'POST', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.allow).toBeUndefined();
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
