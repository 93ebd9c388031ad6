import { SIGN_IN_BACKOFF } from '@ztart/shared/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  latestToken,
  readOutbox,
  type SignedInPerson,
  signUpAndSignIn,
  uniqueEmail,
  uniqueIp,
} from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { backoffSecondsAfter } from './sign-in-throttle.ts';

/** Limits per address out of the way: these tests are about the limit per account. */
const ROOMY_PER_ADDRESS = {
  signUpPerIp: { max: 1_000, windowSeconds: 3_600 },
  signInPerIp: { max: 1_000, windowSeconds: 900 },
  signInPerAccount: { max: 1_000, windowSeconds: 900 },
};
const { freeFailures, firstDelaySeconds, maxDelaySeconds, notifyAfterFailures } = SIGN_IN_BACKOFF;

/**
 * Someone guesses one person's password from many addresses (a botnet, a mobile carrier's pool):
 * the limits per address never see enough from one of them. The account itself makes every
 * further guess wait longer, and tells its owner.
 */
describe('sign-in back-off per account', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-06-01T08:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_PER_ADDRESS, now: clock.now });
  });
  afterAll(() => testApp.close());

  /** Each attempt from a new address, as a botnet would send it. */
  const attempt = (email: string, password: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: uniqueIp(),
      payload: { email, password },
    });
  const outcome = async (email: string, password = 'wrong password, again') => {
    const answer = await attempt(email, password);
    return {
      status: answer.statusCode,
      code: answer.json().error?.code as string | undefined,
      retryAfter:
        answer.headers['retry-after'] === undefined ? undefined : Number(answer.headers['retry-after']),
    };
  };
  const person = () => signUpAndSignIn(testApp.app);
  /** The sequence of answers an attacker sees: free failures, then a wait that doubles. */
  const siege = async (email: string) => {
    const seen = [];
    for (let i = 0; i < freeFailures; i++) seen.push(await outcome(email));
    for (let round = 0; round < 3; round++) {
      const held = await outcome(email);
      seen.push(held);
      clock.advance({ seconds: held.retryAfter ?? 0 });
      seen.push(await outcome(email));
    }
    return seen;
  };

  it('holds an account back after failures from many addresses, the wait doubling each time', async () => {
    const victim = await person();

    const seen = await siege(victim.email);

    expect(seen.slice(0, freeFailures).every((answer) => answer.code === 'login_failed')).toBe(true);
    const held = seen.slice(freeFailures).filter((answer) => answer.status === 429);
    expect(held.map((answer) => answer.code)).toEqual(['rate_limited', 'rate_limited', 'rate_limited']);
    expect(held.map((answer) => answer.retryAfter)).toEqual([
      firstDelaySeconds,
      firstDelaySeconds * 2,
      firstDelaySeconds * 4,
    ]);
    // While held back even the right password is not checked: guessing gains nothing.
    expect((await outcome(victim.email, victim.password)).status).toBe(429);
  });

  it('answers an address nobody has exactly as a registered one', async () => {
    const victim = await person();

    const forRegistered = await siege(victim.email);
    const forNobody = await siege(uniqueEmail('nobody'));

    expect(forNobody).toEqual(forRegistered);
  });

  it('bounds the wait', () => {
    expect(backoffSecondsAfter(freeFailures - 1)).toBe(0);
    expect(backoffSecondsAfter(freeFailures)).toBe(firstDelaySeconds);
    expect(backoffSecondsAfter(freeFailures + 3)).toBe(firstDelaySeconds * 8);
    expect(backoffSecondsAfter(10_000)).toBe(maxDelaySeconds);
  });

  it('lets the owner in with the right password once the wait is over, and starts over', async () => {
    const owner = await person();
    for (let i = 0; i < freeFailures; i++) await outcome(owner.email);
    clock.advance({ seconds: firstDelaySeconds });

    expect((await outcome(owner.email, owner.password)).status).toBe(200);
    for (let i = 0; i < freeFailures - 1; i++) {
      expect((await outcome(owner.email)).code).toBe('login_failed');
    }
  });

  it('ends the wait when the owner sets a new password from a reset link', async () => {
    const owner = await person();
    for (let i = 0; i < freeFailures + 2; i++) await outcome(owner.email);
    expect((await outcome(owner.email)).status).toBe(429);

    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: owner.email },
    });
    const token = await latestToken(testApp.app, owner.email, 'reset-password');
    const newPassword = 'a fresh and long passphrase';
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: newPassword, passwordConfirmation: newPassword },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    expect((await outcome(owner.email, newPassword)).status).toBe(200);
  });

  it('mails the owner once after repeated failures, in their language', async () => {
    const owner: SignedInPerson = await signUpAndSignIn(testApp.app, { language: 'fr' });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < freeFailures + 2; i++) await outcome(owner.email);
      clock.advance({ seconds: 30 });
    }

    const mails = await eventually(async () => {
      const found = (await readOutbox(testApp.app, owner.email)).filter((mail) =>
        mail.subject.includes('connexion'),
      );
      return found.length > 0 ? found : undefined;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${notifyAfterFailures} fois`);
    expect(mails[0]!.text).toContain('Mot de passe oublié');
  });

  it('counts attempts sent at the same moment one by one', async () => {
    const victim = await person();

    const answers = await Promise.all(Array.from({ length: 12 }, () => outcome(victim.email)));

    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(freeFailures);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(12 - freeFailures);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  let testApp: TestApp;
  const proxy = '10.0.0.1';
  beforeAll(async () => {
    testApp = await buildTestApp({
      // What an operator writes for "one proxy in front of the server".
      config: { trustProxy: loadConfig({ TRUST_PROXY: 'true' }).trustProxy },
      rateLimits: { ...ROOMY_PER_ADDRESS, signInPerIp: { max: 3, windowSeconds: 900 } },
    });
  });
  afterAll(() => testApp.close());

  /** The proxy appends the address it saw; everything left of it is whatever the client sent. */
  const viaProxy = (client: string, forged: string | null) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': forged ? `${forged}, ${client}` : client },
      payload: { email: uniqueEmail('guess'), password: 'a guessed password' },
    });

  it('counts a client by the address the proxy saw, whatever X-Forwarded-For it forges', async () => {
    const client = '203.0.113.9';
    for (let i = 0; i < 3; i++) {
      expect((await viaProxy(client, `198.51.100.${i + 1}`)).statusCode).toBe(401);
    }

    const forgedAgain = await viaProxy(client, '198.51.100.77');

    expect(forgedAgain.statusCode).toBe(429);
    // Another client behind the same proxy is not held back.
    expect((await viaProxy('203.0.113.10', null)).statusCode).toBe(401);
  });
});

async function eventually<T>(find: () => Promise<T | undefined>, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('not found in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
