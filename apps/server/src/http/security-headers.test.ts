import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

function expectProtectiveHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']).split(';');
  expect(csp).toEqual(EXPECTED_CSP);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('security headers', () => {
  let distDir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'ztart-web-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Ztart Tips</title>');
    writeFileSync(path.join(distDir, 'quick-tip.html'), '<!doctype html><title>Quick tip</title>');
    testApp = await buildTestApp({ config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('protect API answers, successful or not, and keep them out of every cache', async () => {
    for (const url of ['/api/health', '/api/no-such-thing']) {
      const answer = await testApp.app.inject({ method: 'GET', url });
      expectProtectiveHeaders(answer.headers);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('protect the web app pages too', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/wallet' });

    expect(answer.statusCode).toBe(200);
    expectProtectiveHeaders(answer.headers);
  });

  it('let any site frame the tip widget (/quick-tip with embed=1), and nothing else changes', async () => {
    for (const url of ['/quick-tip?to=maria_waits&embed=1', '/quick-tip/?embed=1&to=maria_waits']) {
      const answer = await testApp.app.inject({ method: 'GET', url });

      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['x-frame-options'], url).toBeUndefined();
      const csp = String(answer.headers['content-security-policy']).split(';');
      expect(csp, url).toEqual([...EXPECTED_CSP.slice(0, -1), 'frame-ancestors *']);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it.each([
    '/quick-tip?to=maria_waits',
    '/quick-tip?to=maria_waits&embed=0',
    '/quick-tip?to=maria_waits&embed=true',
    '/wallet?embed=1',
    '/api/health?embed=1',
    '/quick-tip.html?embed=1',
  ])('keep every other page, %s included, out of other sites’ frames', async (url) => {
    const answer = await testApp.app.inject({ method: 'GET', url });

    expectProtectiveHeaders(answer.headers);
  });

  it('never relax framing for a state-changing request', async () => {
    const answer = await testApp.app.inject({ method: 'POST', url: '/quick-tip?embed=1', payload: {} });

    expectProtectiveHeaders(answer.headers);
  });

  it('do not pin browsers to HTTPS outside production', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers in production', () => {
  it('tell browsers to use HTTPS only for a year', async () => {
    const testApp = await buildTestApp({ config: { nodeEnv: 'production', isProduction: true } });
    try {
      const answer = await testApp.app.inject({ method: 'GET', url: '/api/health' });

      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expectProtectiveHeaders(answer.headers);
    } finally {
      await testApp.close();
    }
  });
});
