import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

describe('API reference', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('publishes a valid OpenAPI 3.1 document generated from the shared schemas', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const document = answer.json();

    const result = await validate(structuredClone(document));

    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/public/profiles/{ztartag}',
        '/api/auth/sign-up',
        '/api/auth/sign-in',
        '/api/auth/session',
        '/api/profiles/me',
        '/api/profiles/me/avatar',
        '/api/avatars/{id}',
        '/api/profiles/me/photos',
        '/api/profiles/me/photos/{id}',
        '/api/photos/{id}',
        '/api/posts',
        '/api/posts/{id}',
        '/api/ztartags/{tag}',
        '/api/pin',
        '/api/security/check',
        '/api/rpc/log_user_action',
        '/api/rpc/can_access_meta_dashboard',
        '/api/admin/users',
        '/api/admin/users/{id}',
        '/api/admin/users/{id}/impersonation',
        '/api/admin/impersonation',
        '/api/admin/reconciliation',
        '/api/admin/audit',
        '/api/meta/overview',
        '/api/observatory',
      ]),
    );
    expect(document.components.schemas).toHaveProperty('ErrorResponse');
    expect(document.components.schemas).toHaveProperty('PublicProfile');
  });

  it('leaves its own plumbing (documentation routes, the document itself) out of the document', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();

    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
    expect(document.paths).not.toHaveProperty('/api/openapi.json');
  });

  it('shows a reference page whose scripts and styles load under our Content Security Policy', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(page.body).not.toMatch(/<script[^>]+src="https?:/);

    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const url = new URL(asset, 'http://localhost/api/docs/').pathname;
      const answer = await testApp.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
    }
  });
});
