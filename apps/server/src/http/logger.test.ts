import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

const SESSION_COOKIE = 'session=s3cr3t-session-token';
const BEARER = 'Bearer s3cr3t-api-token';

describe('server logs', () => {
  const lines: string[] = [];
  let testApp: TestApp;
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    testApp = await buildTestApp({ config: { logLevel: 'info' }, logStream: stream });
    testApp.app.get('/api/test/log-headers', async (request) => {
      request.log.info({ headers: request.headers }, 'headers of a request');
      return { ok: true };
    });
    testApp.app.get('/api/test/explodes', async () => {
      throw new Error('ledger row 42 is locked');
    });
  });
  afterAll(() => testApp.close());

  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('never contain session cookies or authorization headers, even when code logs the headers', async () => {
    await testApp.app.inject({
      method: 'GET',
      url: '/api/test/log-headers',
      headers: { cookie: SESSION_COOKIE, authorization: BEARER },
    });

    const entry = logged().find((line) => line.msg === 'headers of a request');
    expect(entry?.headers).toMatchObject({ cookie: '[redacted]', authorization: '[redacted]' });
    expect(lines.join('\n')).not.toContain('s3cr3t');
  });

  it('keep the full story of an unexpected error, with the request id the client was given', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/test/explodes' });

    const entry = logged().find((line) => line.msg === 'unexpected error');
    expect(entry).toMatchObject({ level: 50, reqId: answer.headers['x-request-id'] });
    expect(entry?.err).toMatchObject({
      message: 'ledger row 42 is locked',
      stack: expect.stringContaining('Error'),
    });
  });
});

describe('server logs of request bodies', () => {
  it('redact passwords, PINs, codes, tokens and addresses wherever a body is logged', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    const testApp = await buildTestApp({ config: { logLevel: 'info' }, logStream: stream });
    testApp.app.post('/api/test/log-body', async (request) => {
      request.log.info({ body: request.body }, 'a body');
      request.log.info({ req: { body: request.body } }, 'a request with its body');
      request.log.info(request.body as object, 'the body itself');
      return { ok: true };
    });
    try {
      await testApp.app.inject({
        method: 'POST',
        url: '/api/test/log-body',
        headers: { 'x-csrf-token': 'csrf-s3cr3t' },
        payload: {
          ztartag: 'ana_tips',
          email: 'ana@example.com',
          password: 'pw-s3cr3t',
          passwordConfirmation: 'pw-s3cr3t',
          currentPassword: 'old-s3cr3t',
          pin: '9s3cr3t',
          currentPin: '8s3cr3t',
          code: '7s3cr3t',
          token: 'token-s3cr3t',
        },
      });

      const output = lines.join('');
      expect(output).toContain('ana_tips');
      expect(output).not.toContain('s3cr3t');
      expect(output).not.toContain('ana@example.com');
    } finally {
      await testApp.close();
    }
  });
});
