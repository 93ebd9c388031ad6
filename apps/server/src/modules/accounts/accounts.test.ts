import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PEOPLE } from '../../demo/seed-people.ts';
import {
  cookiesOf,
  latestToken,
  readOutbox,
  signIn,
  signUp,
  signUpAndSignIn,
  TEST_PASSWORD,
  uniqueEmail,
  uniqueIp,
} from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';

const validSignUp = (email: string) => ({
  email,
  password: TEST_PASSWORD,
  passwordConfirmation: TEST_PASSWORD,
  acceptTerms: true,
  acceptPrivacy: true,
});

describe('signing up', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const postSignUp = (payload: Record<string, unknown>) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/sign-up', remoteAddress: uniqueIp(), payload });

  it.each([
    [
      'a password shorter than 8 characters',
      { password: 'short', passwordConfirmation: 'short' },
      'password',
      'validation.passwordMin',
    ],
    [
      'a confirmation that does not match',
      { passwordConfirmation: 'something else' },
      'passwordConfirmation',
      'validation.passwordsDoNotMatch',
    ],
    ['terms not accepted', { acceptTerms: false }, 'acceptTerms', 'validation.acceptTerms'],
    [
      'privacy policy not accepted',
      { acceptPrivacy: undefined },
      'acceptPrivacy',
      'validation.acceptPrivacy',
    ],
    ['an email that is not one', { email: 'not-an-email' }, 'email', 'validation.email'],
  ])('refuses %s, naming the field and its message key', async (_case, change, path, message) => {
    const answer = await postSignUp({ ...validSignUp(uniqueEmail()), ...change });

    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({
      code: 'validation_failed',
      details: {
        source: 'body',
        issues: expect.arrayContaining([expect.objectContaining({ path, message })]),
      },
    });
  });

  it('creates an account that cannot sign in before its email is verified', async () => {
    const { email } = await signUp(testApp.app);

    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: TEST_PASSWORD },
    });

    expect(answer.statusCode).toBe(403);
    expect(answer.json().error).toMatchObject({ code: 'email_not_verified', details: { resend: true } });
    expect(cookiesOf(answer).session).toBeUndefined();
  });

  it('answers a taken email exactly like a new one, and tells the owner instead of creating anything', async () => {
    const email = uniqueEmail('owner');
    const first = await postSignUp(validSignUp(email));
    const second = await postSignUp({
      ...validSignUp(email.toUpperCase()),
      password: 'another password',
      passwordConfirmation: 'another password',
    });

    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(second.json()).toEqual({ status: 'accepted' });
    const [note, verification] = await readOutbox(testApp.app, email);
    expect(note?.subject).toBe('Someone tried to sign up with your email address');
    expect(note?.text).toContain('http://localhost:3000/auth');
    expect(note?.text).not.toContain('token=');
    expect(verification?.subject).toBe('Confirm your email address for Ztart Tips');
    // The second password opened nothing.
    const token = await latestToken(testApp.app, email, 'verify-email');
    await testApp.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    const withSecondPassword = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: 'another password' },
    });
    expect(withSecondPassword.statusCode).toBe(401);
  });

  it('refuses a ztartag someone already holds with 409 ztartag_taken (tags are public)', async () => {
    await signUp(testApp.app, { ztartag: 'first_holder' });

    const answer = await postSignUp({ ...validSignUp(uniqueEmail()), ztartag: 'First_Holder' });

    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('ztartag_taken');
  });

  it('gives every new account the user role and a free, freemium profile in the chosen language', async () => {
    const person = await signUpAndSignIn(testApp.app, { ztartag: 'newcomer', language: 'pt' });

    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { session: person.sessionToken },
    });

    expect(session.json()).toMatchObject({
      user: { id: person.userId, email: person.email, emailVerified: true, phoneVerified: false },
      profile: { ztartag: 'newcomer', ztartagPlan: 'free', userLevel: 'freemium', language: 'pt' },
      roles: ['user'],
    });
  });
});

describe('verifying an email address', () => {
  let testApp: TestApp;
  const clock = createTestClock();
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now });
  });
  afterAll(() => testApp.close());

  const verify = (token: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });

  it('mails an absolute link to the app that works once', async () => {
    const { email, password } = await signUp(testApp.app);
    const [mail] = await readOutbox(testApp.app, email);
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/auth\?mode=verify-email&token=[A-Za-z0-9_-]{43}/);
    expect(mail?.html).toContain('href="http://localhost:3000/auth?mode=verify-email&amp;token=');
    const token = await latestToken(testApp.app, email, 'verify-email');

    const first = await verify(token);
    const second = await verify(token);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'verified', purpose: 'verify_email' });
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toMatchObject({ code: 'invalid_token', details: { reason: 'used' } });
    await signIn(testApp.app, { email, password });
  });

  it('refuses a link older than 24 hours, and a made-up one', async () => {
    const { email } = await signUp(testApp.app);
    const token = await latestToken(testApp.app, email, 'verify-email');

    clock.advance({ hours: 24, seconds: 1 });
    const late = await verify(token);
    const madeUp = await verify('A'.repeat(43));

    expect(late.json().error).toMatchObject({ code: 'invalid_token', details: { reason: 'expired' } });
    expect(madeUp.json().error).toMatchObject({ code: 'invalid_token', details: { reason: 'invalid' } });
  });

  it('sends a new link on request, answering 202 whether or not the address has an account', async () => {
    const { email } = await signUp(testApp.app);
    const before = (await readOutbox(testApp.app, email)).length;

    const known = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
    });
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: uniqueEmail('nobody') },
    });

    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(await readOutbox(testApp.app, email)).toHaveLength(before + 1);
    expect((await verify(await latestToken(testApp.app, email, 'verify-email'))).statusCode).toBe(200);
  });
});

describe('signing in', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      seed: true,
      rateLimits: { signInPerAccount: { max: 3, windowSeconds: 60 } },
    });
  });
  afterAll(() => testApp.close());

  const postSignIn = (email: string, password: string, ip = uniqueIp()) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: ip,
      payload: { email, password },
    });

  it('sets an httpOnly, SameSite=Lax session cookie and a script-readable CSRF cookie', async () => {
    const { email, password } = await signUp(testApp.app);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await latestToken(testApp.app, email, 'verify-email') },
    });

    const answer = await postSignIn(email, password);

    expect(answer.statusCode).toBe(200);
    const session = answer.cookies.find((cookie) => cookie.name === 'session')!;
    const csrf = answer.cookies.find((cookie) => cookie.name === 'csrf_token')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.secure).toBeFalsy();
    expect(session.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(csrf.httpOnly).toBeFalsy();
    expect(answer.json().user.email).toBe(email);
  });

  it('gives a new session token at every sign-in', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const again = await signIn(testApp.app, person);

    expect(again.sessionToken).not.toBe(person.sessionToken);
  });

  it('answers a wrong password exactly like an unknown email', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const wrongPassword = await postSignIn(person.email, 'not my password');
    const unknownEmail = await postSignIn(uniqueEmail('stranger'), 'not my password');

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownEmail.body);
    expect(wrongPassword.json().error.code).toBe('login_failed');
  });

  it('lets the demo people in with the demo password', async () => {
    const maria = DEMO_PEOPLE[0]!;

    const answer = await postSignIn(maria.email, DEMO_PASSWORD);

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      user: { id: maria.id, emailVerified: true },
      profile: { ztartag: maria.ztartag },
    });
  });

  it('slows down guessing: past the limit for one email from one address, 429 rate_limited with Retry-After', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await postSignIn(person.email, 'guess', ip)).statusCode).toBe(401);
    }

    const limited = await postSignIn(person.email, person.password, ip);
    const otherEmail = await postSignIn(uniqueEmail(), 'guess', ip);

    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json().error).toMatchObject({
      code: 'rate_limited',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(otherEmail.statusCode).toBe(401);
  });
});

describe('sign-in limit per address', () => {
  it('counts every email tried from one IP address', async () => {
    const testApp = await buildTestApp({ rateLimits: { signInPerIp: { max: 2, windowSeconds: 60 } } });
    try {
      const ip = uniqueIp();
      const attempt = () =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          remoteAddress: ip,
          payload: { email: uniqueEmail(), password: 'guess' },
        });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await testApp.close();
    }
  });
});

describe('forgotten password', () => {
  let testApp: TestApp;
  const clock = createTestClock();
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now });
  });
  afterAll(() => testApp.close());

  const forgot = (email: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: uniqueIp(),
      payload: { email },
    });
  const reset = (token: string, password: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: uniqueIp(),
      payload: { token, password, passwordConfirmation: password },
    });

  it('answers 202 whether or not the email has an account, and mails a reset link only to an owner', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const stranger = uniqueEmail('stranger');

    const known = await forgot(person.email);
    const unknown = await forgot(stranger);

    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(await readOutbox(testApp.app, stranger)).toEqual([]);
    const [mail] = await readOutbox(testApp.app, person.email);
    expect(mail?.subject).toBe('Reset your Ztart Tips password');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/auth\?mode=reset-password&token=/);
  });

  it('sets a new password once per link and signs out every session', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await forgot(person.email);
    const token = await latestToken(testApp.app, person.email, 'reset-password');

    const first = await reset(token, 'a brand new password');
    const second = await reset(token, 'yet another password');

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'ok' });
    expect(second.json().error).toMatchObject({ code: 'invalid_token', details: { reason: 'used' } });
    const oldSession = await testApp.app.inject({
      method: 'GET',
      url: '/api/profiles/me',
      cookies: { session: person.sessionToken },
    });
    expect(oldSession.statusCode).toBe(401);
    const withOld = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: person.email, password: person.password },
    });
    expect(withOld.statusCode).toBe(401);
    await signIn(testApp.app, { email: person.email, password: 'a brand new password' });
    const [notice] = await readOutbox(testApp.app, person.email);
    expect(notice?.subject).toBe('Your Ztart Tips password was changed');
  });

  it('refuses a link older than an hour', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await forgot(person.email);
    const token = await latestToken(testApp.app, person.email, 'reset-password');

    clock.advance({ minutes: 61 });
    const answer = await reset(token, 'a brand new password');

    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({ code: 'invalid_token', details: { reason: 'expired' } });
  });

  it('verifies the address of an account that never opened its verification link', async () => {
    const { email } = await signUp(testApp.app);
    await forgot(email);

    await reset(await latestToken(testApp.app, email, 'reset-password'), 'a brand new password');

    await signIn(testApp.app, { email, password: 'a brand new password' });
  });
});

describe('answers that must not tell whether an email is registered', () => {
  it('take the same minimum time for a known and an unknown address', async () => {
    const testApp = await buildTestApp({ uniformAnswerMs: 120 });
    try {
      const person = await signUpAndSignIn(testApp.app);
      const timed = async (url: string, payload: object) => {
        const started = performance.now();
        const answer = await testApp.app.inject({ method: 'POST', url, remoteAddress: uniqueIp(), payload });
        return { status: answer.statusCode, body: answer.body, ms: performance.now() - started };
      };

      for (const url of ['/api/auth/forgot-password', '/api/auth/resend-verification']) {
        const known = await timed(url, { email: person.email });
        const unknown = await timed(url, { email: uniqueEmail('nobody') });
        expect(known.ms, url).toBeGreaterThanOrEqual(119);
        expect(unknown.ms, url).toBeGreaterThanOrEqual(119);
        expect(unknown.body).toBe(known.body);
      }
      const taken = await timed('/api/auth/sign-up', validSignUp(person.email));
      const fresh = await timed('/api/auth/sign-up', validSignUp(uniqueEmail()));
      expect(taken.ms).toBeGreaterThanOrEqual(119);
      expect(fresh.ms).toBeGreaterThanOrEqual(119);
      expect(taken.body).toBe(fresh.body);
    } finally {
      await testApp.close();
    }
  });
});

describe('mails in the recipient language', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ config: { appUrl: 'https://tips.example.com' } });
  });
  afterAll(() => testApp.close());

  it.each([
    ['en', 'Confirm your email address for Ztart Tips', 'Confirm my email address'],
    ['es', 'Confirma tu correo electrónico en Ztart Tips', 'Confirmar mi correo'],
    ['fr', 'Confirmez votre adresse e-mail pour Ztart Tips', 'Confirmer mon adresse e-mail'],
    ['pt', 'Confirme seu e-mail no Ztart Tips', 'Confirmar meu e-mail'],
  ] as const)(
    'writes the verification mail in %s, with an absolute link to APP_URL',
    async (language, subject, action) => {
      const { email } = await signUp(testApp.app, { language });

      const [mail] = await readOutbox(testApp.app, email);

      expect(mail?.subject).toBe(subject);
      expect(mail?.text).toContain(action);
      expect(mail?.html).toContain(action);
      expect(mail?.text).toMatch(/https:\/\/tips\.example\.com\/auth\?mode=verify-email&token=/);
    },
  );

  it('takes the language of the browser when the sign-up does not name one', async () => {
    const email = uniqueEmail();
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' },
      payload: validSignUp(email),
    });

    const [mail] = await readOutbox(testApp.app, email);

    expect(mail?.subject).toBe('Confirme seu e-mail no Ztart Tips');
  });

  it("writes later mails in the profile's language, which the person can change", async () => {
    const person = await signUpAndSignIn(testApp.app, { language: 'es' });
    const patched = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/profiles/me',
      cookies: { session: person.sessionToken, csrf_token: person.csrfToken },
      headers: { 'x-csrf-token': person.csrfToken },
      payload: { language: 'fr' },
    });
    expect(patched.statusCode).toBe(200);

    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.email },
    });

    const [mail] = await readOutbox(testApp.app, person.email);
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe Ztart Tips');
    expect(mail?.text).toContain('https://tips.example.com/auth?mode=reset-password&token=');
  });
});
