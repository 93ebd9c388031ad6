import type { AddressInfo } from 'node:net';
import { SESSION_IDLE_TIMEOUT_MINUTES } from '@ztart/shared/limits';
import { DELETE_CONFIRMATION_WORD } from '@ztart/shared/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, latestToken, type SignedInPerson, signIn, TEST_PASSWORD } from '../../test/accounts.ts';
import { type OpenStream, openStream } from '../../test/event-stream.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import {
  createPerson,
  fund,
  type Person,
  postTransfer,
  ROOMY_RATE_LIMITS,
} from '../../test/transfer-fixtures.ts';
import { hashToken } from '../auth/secrets.ts';
import { sessions } from '../auth/tables.ts';

const NEW_PASSWORD = 'a brand new passphrase';
/** Far longer than any test waits: a stream that ends in these tests was told, not found by a check. */
const RARE_CHECK_SECONDS = 600;

/**
 * A page keeps `GET /api/events` open to hear of money arriving. Once its session ends, however it
 * ends, the page must hear nothing more: a stolen or forgotten session is over, stream included.
 */
describe('live event streams end with their session', () => {
  let testApp: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    testApp = await buildTestApp({
      rateLimits: { ...ROOMY_RATE_LIMITS, passwordCheckPerUser: { max: 1_000, windowSeconds: 900 } },
      config: { liveSessionCheckSeconds: RARE_CHECK_SECONDS },
    });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const connected = async (session: SignedInPerson) => {
    const stream = await openStream(baseUrl, session);
    expect(stream.response.status).toBe(200);
    await stream.waitFor((text) => text.includes(': connected'));
    return stream;
  };
  /** A second browser of the same person, with its own session. */
  const secondSession = (person: Person) =>
    signIn(testApp.app, { email: person.email, password: person.password });
  /** Money arrives for the person: an open stream of theirs would tell of it. */
  const sendMoneyTo = async (person: Person) => {
    const sender = await createPerson(testApp.app, db());
    await fund(db(), sender.userId, 1_000);
    const sent = await postTransfer(testApp.app, sender, { recipient: person.ztartag, amountMinor: 100 });
    expect(sent.statusCode, sent.body).toBe(201);
  };
  const sessionIdOf = async (session: SignedInPerson) => {
    const [row] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(session.sessionToken)));
    return row!.id;
  };
  const expectStillListening = async (stream: OpenStream) => {
    await stream.waitFor((text) => text.includes('event: notification'));
    expect(stream.ended()).toBe(false);
    await stream.close();
  };
  const expectEndedHearingNothing = async (stream: OpenStream) => {
    await stream.waitForEnd(2_000);
    expect(stream.text()).not.toContain('event: ');
  };

  it('signing out ends the stream at once, and money arriving afterwards is not told to it', async () => {
    const person = await createPerson(testApp.app, db());
    const stream = await connected(person);

    const signedOut = await testApp.app.inject(as(person, { method: 'POST', url: '/api/auth/sign-out' }));
    expect(signedOut.statusCode).toBe(204);

    await stream.waitForEnd(2_000);
    await sendMoneyTo(person);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.text()).not.toContain('event: ');
    // Reconnecting with the ended session is refused.
    const again = await fetch(`${baseUrl}/api/events`, {
      headers: { cookie: `session=${person.sessionToken}` },
    });
    expect(again.status).toBe(401);
  });

  it('"sign out other sessions" ends the other sessions’ streams and keeps this one’s', async () => {
    const person = await createPerson(testApp.app, db());
    const other = await secondSession(person);
    const mine = await connected(person);
    const theirs = await connected(other);

    const revoked = await testApp.app.inject(
      as(person, { method: 'POST', url: '/api/auth/sessions/revoke-others' }),
    );
    expect(revoked.json()).toEqual({ revoked: 1 });

    await expectEndedHearingNothing(theirs);
    await sendMoneyTo(person);
    await expectStillListening(mine);
  });

  it('signing out one other session from the list ends its stream', async () => {
    const person = await createPerson(testApp.app, db());
    const other = await secondSession(person);
    const theirs = await connected(other);
    const target = await sessionIdOf(other);

    const ended = await testApp.app.inject(
      as(person, { method: 'DELETE', url: `/api/auth/sessions/${target}` }),
    );
    expect(ended.statusCode).toBe(204);

    await expectEndedHearingNothing(theirs);
  });

  it('a password change ends the other sessions’ streams and keeps this one’s', async () => {
    const person = await createPerson(testApp.app, db());
    const other = await secondSession(person);
    const mine = await connected(person);
    const theirs = await connected(other);

    const changed = await testApp.app.inject(
      as(person, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: {
          currentPassword: TEST_PASSWORD,
          password: NEW_PASSWORD,
          passwordConfirmation: NEW_PASSWORD,
        },
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);

    await expectEndedHearingNothing(theirs);
    await sendMoneyTo(person);
    await expectStillListening(mine);
  });

  it('a password reset from a mailed link ends every stream of the person', async () => {
    const person = await createPerson(testApp.app, db());
    const other = await secondSession(person);
    const streams = [await connected(person), await connected(other)];

    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.email },
    });
    const token = await latestToken(testApp.app, person.email, 'reset-password');
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    for (const stream of streams) await expectEndedHearingNothing(stream);
  });

  it('deleting the account ends its streams', async () => {
    const person = await createPerson(testApp.app, db());
    const stream = await connected(person);

    const deleted = await testApp.app.inject(
      as(person, {
        method: 'DELETE',
        url: '/api/profiles/me',
        payload: { confirmation: DELETE_CONFIRMATION_WORD, password: TEST_PASSWORD },
      }),
    );
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    await expectEndedHearingNothing(stream);
  });
});

describe('a live event stream checks its session now and then', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const clock = createTestClock();
  beforeAll(async () => {
    testApp = await buildTestApp({
      rateLimits: ROOMY_RATE_LIMITS,
      config: { liveSessionCheckSeconds: 1 },
      now: clock.now,
    });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => testApp.close());

  it('ends when its session is removed where no one announces it (another server, an operator)', async () => {
    const person = await createPerson(testApp.app, testApp.database.db);
    const stream = await openStream(baseUrl, person);
    await stream.waitFor((text) => text.includes(': connected'));

    await testApp.database.db.delete(sessions).where(eq(sessions.userId, person.userId));

    await stream.waitForEnd(3_000);
  });

  it('ends when its session runs out of idle time while the page stays open', async () => {
    const person = await createPerson(testApp.app, testApp.database.db);
    const stream = await openStream(baseUrl, person);
    await stream.waitFor((text) => text.includes(': connected'));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(stream.ended()).toBe(false);

    clock.advance({ minutes: SESSION_IDLE_TIMEOUT_MINUTES + 1 });

    await stream.waitForEnd(3_000);
  });
});
