import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw-query.ts';
import { CSP_DIRECTIVES } from '../../http/security-headers.ts';
import { users } from '../../modules/auth/tables.ts';
import { as, readOutbox, signIn, signUp, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { linkify } from './mailbox-page.ts';
import { BODY_NOT_KEPT } from './outbox.ts';

describe('the outbox outside production', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('lists mail and SMS newest first, filtered by recipient on request', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await testApp.app.inject(
      as(person, { method: 'POST', url: '/api/auth/phone/start', payload: { phone: '+15550001111' } }),
    );
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.email },
    });

    const all = (await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json();
    const mine = await readOutbox(testApp.app, person.email);

    expect(all[0].subject).toBe('Reset your Ztart Tips password');
    expect(all.map((message: { channel: string }) => message.channel)).toEqual(
      expect.arrayContaining(['email', 'sms']),
    );
    expect(mine.map((message) => message.subject)).toEqual([
      'Reset your Ztart Tips password',
      'Confirm your email address for Ztart Tips',
    ]);
    expect(mine.every((message) => message.to === person.email)).toBe(true);
    expect((await readOutbox(testApp.app, '+15550001111'))[0]).toMatchObject({ channel: 'sms', subject: '' });
  });

  it('shows a page at /dev/mailbox with clickable links, SMS included, and no script', async () => {
    const { email } = await signUp(testApp.app);
    await testApp.app.inject({ method: 'GET', url: '/api/health' });

    const page = await testApp.app.inject({ method: 'GET', url: '/dev/mailbox' });

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain(
      `script-src ${CSP_DIRECTIVES.scriptSrc.join(' ')}`,
    );
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
    expect(page.body).toContain(email);
    expect(page.body).toContain('<span class="channel">SMS</span>');
    expect(page.body).toMatch(
      /<a href="http:\/\/localhost:3000\/auth\?mode=verify-email&amp;token=[A-Za-z0-9_-]+">/,
    );
    const filtered = await testApp.app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent(email)}`,
    });
    expect(filtered.body).toContain(email);
    expect(filtered.body).not.toContain('+15550001111');
  });

  it('escapes what it shows, so a message cannot inject markup', () => {
    expect(linkify('Hi <b>there</b>, see https://example.com/a?b=1&c=2.')).toBe(
      'Hi &lt;b&gt;there&lt;/b&gt;, see <a href="https://example.com/a?b=1&amp;c=2">https://example.com/a?b=1&amp;c=2</a>.',
    );
  });
});

describe('the outbox in production', () => {
  it('keeps no verification or reset link and no phone code: only whom each message was for, and when', async () => {
    const testApp = await buildTestApp({ config: { nodeEnv: 'production', isProduction: true } });
    try {
      const { app, database } = testApp;
      const { email, password } = await signUp(app);
      await app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email } });
      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      // The person confirmed their address (by the link, which only their mailbox held).
      await database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email));
      const person = await signIn(app, { email, password });
      await app.inject(
        as(person, { method: 'POST', url: '/api/auth/phone/start', payload: { phone: '+15550002222' } }),
      );

      const rows = await queryRows<{ recipient: string; subject: string; text: string; html: string }>(
        database.db,
        sql`SELECT recipient, subject, text, html FROM outbox_messages ORDER BY created_at`,
      );

      expect(rows.map((row) => row.recipient)).toEqual([email, email, email, '+15550002222']);
      expect(rows.map((row) => row.subject)).toEqual(
        expect.arrayContaining([
          'Confirm your email address for Ztart Tips',
          'Reset your Ztart Tips password',
        ]),
      );
      for (const row of rows) {
        expect(row).toMatchObject({ text: BODY_NOT_KEPT, html: '' });
      }
      const everything = JSON.stringify(rows);
      expect(everything).not.toMatch(/token=|mode=|\b\d{6}\b/);
    } finally {
      await testApp.close();
    }
  });

  it('does not exist: 404 for the page and the API', async () => {
    const testApp = await buildTestApp({ config: { nodeEnv: 'production', isProduction: true } });
    try {
      for (const url of ['/dev/mailbox', '/api/dev/outbox', '/api/dev/outbox?to=a@example.com']) {
        const answer = await testApp.app.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json().error.code).toBe('not_found');
      }
    } finally {
      await testApp.close();
    }
  });
});
