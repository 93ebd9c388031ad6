import type { Server } from 'node:http';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import {
  as,
  cookiesOf,
  type SignedInPerson,
  signIn,
  signUpAndSignIn,
  uniqueEmail,
} from '../../test/accounts.ts';
import {
  type CapturedMail,
  capturingTransporter,
  eventually,
  type ReceivedSms,
  startSmsGateway,
  tokensFromCapturedMail,
} from '../../test/deliveries.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { hashToken } from './secrets.ts';

/** Every row of every table of the app's schema, each as PostgreSQL's own text form of the row. */
async function dumpEveryTable(database: Database): Promise<{ tables: string[]; text: string }> {
  const tables = (
    await queryRows<{ name: string }>(
      database.db,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = ${database.schemaName} AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).map((row) => row.name);
  let text = '';
  for (const table of tables) {
    const rows = await queryRows<{ row: string }>(
      database.db,
      sql`SELECT t::text AS row FROM ${sql.identifier(table)} t`,
    );
    text += `${table}\n${rows.map((row) => row.row).join('\n')}\n`;
  }
  return { tables, text };
}

/** A short number (PIN, phone code) counts as found only on its own, not inside a longer one. */
function containsSecret(haystack: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return haystack.includes(secret);
  return new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).test(haystack);
}

describe('secrets after a full account journey', () => {
  const mails: CapturedMail[] = [];
  const sms: ReceivedSms[] = [];
  const logLines: string[] = [];
  const secrets: Record<string, string> = {};
  let gateway: Server;
  let testApp: TestApp;

  beforeAll(async () => {
    const started = await startSmsGateway(sms);
    gateway = started.server;
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString('utf8')));
    // Development, as a person runs it, at the most talkative log level; mail by SMTP and SMS by
    // webhook, as in production, so that the outbox (which holds what it would send) stays empty.
    testApp = await buildTestApp({
      config: { nodeEnv: 'development', logLevel: 'trace', smsWebhookUrl: started.url },
      logStream,
      mailTransporter: capturingTransporter(mails),
    });
    const { app } = testApp;
    const tokenFrom = tokensFromCapturedMail(mails);
    const remember = (name: string, value: string | undefined) => {
      expect(value, name).toBeTruthy();
      secrets[name] = value!;
    };

    secrets.signUpPassword = 'first Secret pass 1';
    const email = uniqueEmail('journey');
    let person: SignedInPerson = await signUpAndSignIn(app, {
      email,
      password: secrets.signUpPassword,
      ztartag: 'journey_tag',
      tokenFrom: async (to, mode) => {
        const token = await tokenFrom(to, mode);
        remember('verificationToken', token);
        return token;
      },
    });
    remember('firstSessionToken', person.sessionToken);
    remember('firstCsrfToken', person.csrfToken);

    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    remember('resetToken', await tokenFrom(email, 'reset-password'));
    secrets.resetPassword = 'second Secret pass 2';
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token: secrets.resetToken,
        password: secrets.resetPassword,
        passwordConfirmation: secrets.resetPassword,
      },
    });
    expect(reset.statusCode).toBe(200);
    person = await signIn(app, { email, password: secrets.resetPassword });
    remember('secondSessionToken', person.sessionToken);

    secrets.changedPassword = 'third Secret pass 3';
    const changed = await app.inject(
      as(person, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: {
          currentPassword: secrets.resetPassword,
          password: secrets.changedPassword,
          passwordConfirmation: secrets.changedPassword,
        },
      }),
    );
    expect(changed.statusCode).toBe(200);
    person = { ...person, sessionToken: cookiesOf(changed).session!, password: secrets.changedPassword };
    remember('renewedSessionToken', person.sessionToken);

    secrets.pin = '739146';
    const pin = await app.inject(
      as(person, {
        method: 'POST',
        url: '/api/pin',
        payload: { pin: secrets.pin, pinConfirmation: secrets.pin },
      }),
    );
    expect(pin.statusCode).toBe(201);
    expect(
      (
        await app.inject(
          as(person, { method: 'POST', url: '/api/pin/verify', payload: { pin: secrets.pin } }),
        )
      ).statusCode,
    ).toBe(200);

    await app.inject(
      as(person, { method: 'POST', url: '/api/auth/phone/start', payload: { phone: '+15559876543' } }),
    );
    const text = (await eventually(() => sms.find((message) => message.body.to === '+15559876543'))).body
      .text;
    remember('phoneCode', text.match(/\b(\d{6})\b/)?.[1]);
    const phone = await app.inject(
      as(person, { method: 'POST', url: '/api/auth/phone/verify', payload: { code: secrets.phoneCode } }),
    );
    expect(phone.statusCode).toBe(200);

    const newEmail = uniqueEmail('moved');
    await app.inject(
      as(person, {
        method: 'POST',
        url: '/api/auth/change-email',
        payload: { email: newEmail, password: person.password },
      }),
    );
    remember('emailChangeToken', await tokenFrom(newEmail, 'verify-email'));
    const moved = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: secrets.emailChangeToken },
    });
    expect(moved.statusCode).toBe(200);
    await app.inject(as(person, { method: 'POST', url: '/api/auth/sign-out' }));
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    gateway.close();
  });

  it('keeps none of them in the database: no password, PIN, phone code or token in any row of any table', async () => {
    const dump = await dumpEveryTable(testApp.database);

    expect(dump.tables).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'auth_tokens',
        'phone_codes',
        'user_pins',
        'audit_log',
        'outbox_messages',
      ]),
    );
    // The dump does hold the journey (its stored hashes, its profile), so the search looks in the right place.
    expect(dump.text).toContain('journey_tag');
    expect(dump.text).toContain(hashToken(secrets.resetToken!));
    const found = Object.entries(secrets).filter(([, value]) => containsSecret(dump.text, value));
    expect(found.map(([name]) => name)).toEqual([]);
  });

  it('writes none of them to the log, even at trace level', () => {
    const log = logLines.join('');

    expect(log).toContain('incoming request');
    const found = Object.entries(secrets).filter(([, value]) => containsSecret(log, value));
    expect(found.map(([name]) => name)).toEqual([]);
  });
});
