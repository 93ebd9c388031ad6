import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, cookiesOf, readOutbox, signIn, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';

describe('CSRF protection (double submit)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const patchProfile = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'PATCH',
      url: '/api/profiles/me',
      cookies,
      headers,
      payload: { bio: 'Hi' },
    });

  it('hands a script-readable csrf_token cookie to a browser that has none, on any API answer', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    const csrf = answer.cookies.find((cookie) => cookie.name === 'csrf_token');
    expect(csrf).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(csrf?.httpOnly).toBeFalsy();
    expect(csrf?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      cookies: { csrf_token: csrf!.value },
    });
    expect(again.cookies.find((cookie) => cookie.name === 'csrf_token')).toBeUndefined();
  });

  it('refuses a signed-in change without the X-CSRF-Token header (403 csrf_failed)', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const answer = await patchProfile({ session: person.sessionToken, csrf_token: person.csrfToken });

    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('csrf_failed');
  });

  it('refuses a header that does not match the cookie', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const wrong = await patchProfile(
      { session: person.sessionToken, csrf_token: person.csrfToken },
      { 'x-csrf-token': `${person.csrfToken.slice(0, -1)}x` },
    );
    const noCookie = await patchProfile(
      { session: person.sessionToken },
      { 'x-csrf-token': person.csrfToken },
    );

    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('csrf_failed');
    expect(noCookie.statusCode).toBe(403);
  });

  it('lets the change through with the matching header', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const answer = await patchProfile(
      { session: person.sessionToken, csrf_token: person.csrfToken },
      { 'x-csrf-token': person.csrfToken },
    );

    expect(answer.statusCode).toBe(200);
    expect(answer.json().bio).toBe('Hi');
  });

  it('does not ask for it on reads, or on requests without a session (sign-in, sign-up)', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const read = await testApp.app.inject({
      method: 'GET',
      url: '/api/profiles/me',
      cookies: { session: person.sessionToken },
    });

    expect(read.statusCode).toBe(200);
  });
});

describe('session lifetime', () => {
  let testApp: TestApp;
  const clock = createTestClock();
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now });
  });
  afterAll(() => testApp.close());

  const me = (person: { sessionToken: string }) =>
    testApp.app.inject({ method: 'GET', url: '/api/profiles/me', cookies: { session: person.sessionToken } });

  it('ends after 30 minutes without a request: 401 session_expired, and the cookie is cleared', async () => {
    const person = await signUpAndSignIn(testApp.app);
    clock.advance({ minutes: 29 });
    expect((await me(person)).statusCode).toBe(200);
    clock.advance({ minutes: 29 });
    expect((await me(person)).statusCode).toBe(200);

    clock.advance({ minutes: 30 });
    const answer = await me(person);

    expect(answer.statusCode).toBe(401);
    expect(answer.json().error.code).toBe('session_expired');
    expect(cookiesOf(answer).session).toBe('');
  });

  it('ends 7 days after sign-in however active the person is', async () => {
    const person = await signUpAndSignIn(testApp.app);
    for (let step = 0; step < 7 * 24 * 3; step += 1) {
      clock.advance({ minutes: 20 });
      if (step % 24 === 0) expect((await me(person)).statusCode).toBe(200);
      else await me(person);
    }

    const answer = await me(person);

    expect(answer.statusCode).toBe(401);
    expect(answer.json().error.code).toBe('session_expired');
  }, 120_000);

  it('answers GET /auth/session with user null for an ended session, and clears its cookie', async () => {
    const person = await signUpAndSignIn(testApp.app);
    clock.advance({ minutes: 31 });

    const answer = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { session: person.sessionToken },
    });

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ user: null, profile: null, roles: [] });
    expect(cookiesOf(answer).session).toBe('');
  });

  it('tells a visitor without a session to sign in (401 unauthorized)', async () => {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/profiles/me' });

    expect(answer.statusCode).toBe(401);
    expect(answer.json().error.code).toBe('unauthorized');
  });
});

describe('signing out and other sessions', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const me = (person: { sessionToken: string }) =>
    testApp.app.inject({ method: 'GET', url: '/api/profiles/me', cookies: { session: person.sessionToken } });

  it('revokes the session at sign-out: the old cookie opens nothing afterwards', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const answer = await testApp.app.inject(as(person, { method: 'POST', url: '/api/auth/sign-out' }));

    expect(answer.statusCode).toBe(204);
    expect(cookiesOf(answer).session).toBe('');
    expect((await me(person)).statusCode).toBe(401);
  });

  it('lists the open sessions, marks the current one, and signs out the others on request', async () => {
    const laptop = await signUpAndSignIn(testApp.app);
    const phone = await signIn(testApp.app, laptop);
    const tablet = await signIn(testApp.app, laptop);

    const list = await testApp.app.inject(as(phone, { method: 'GET', url: '/api/auth/sessions' }));
    expect(list.json().items).toHaveLength(3);
    expect(list.json().items.filter((item: { current: boolean }) => item.current)).toHaveLength(1);

    const revoked = await testApp.app.inject(
      as(phone, { method: 'POST', url: '/api/auth/sessions/revoke-others' }),
    );

    expect(revoked.json()).toEqual({ revoked: 2 });
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(tablet)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('signs out one chosen session, and only one of the own', async () => {
    const laptop = await signUpAndSignIn(testApp.app);
    const phone = await signIn(testApp.app, laptop);
    const stranger = await signUpAndSignIn(testApp.app);
    const items = (await testApp.app.inject(as(laptop, { method: 'GET', url: '/api/auth/sessions' }))).json()
      .items;
    const phoneSession = items.find((item: { current: boolean }) => !item.current);

    const foreign = await testApp.app.inject(
      as(stranger, { method: 'DELETE', url: `/api/auth/sessions/${phoneSession.id}` }),
    );
    const own = await testApp.app.inject(
      as(laptop, { method: 'DELETE', url: `/api/auth/sessions/${phoneSession.id}` }),
    );

    expect(foreign.statusCode).toBe(404);
    expect(own.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('changes the password only with the current one, ends the other sessions and renews this one', async () => {
    const laptop = await signUpAndSignIn(testApp.app);
    const phone = await signIn(testApp.app, laptop);
    const change = (currentPassword: string) =>
      testApp.app.inject(
        as(laptop, {
          method: 'POST',
          url: '/api/auth/change-password',
          payload: { currentPassword, password: 'a new password', passwordConfirmation: 'a new password' },
        }),
      );

    const wrong = await change('not the password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('current_password_incorrect');

    const answer = await change(laptop.password);

    expect(answer.statusCode).toBe(200);
    const renewed = cookiesOf(answer).session!;
    expect(renewed).not.toBe(laptop.sessionToken);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me({ sessionToken: renewed })).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    await signIn(testApp.app, { email: laptop.email, password: 'a new password' });
    expect((await readOutbox(testApp.app, laptop.email))[0]?.subject).toBe(
      'Your Ztart Tips password was changed',
    );
  });
});

describe('cookies in production', () => {
  it('are Secure', async () => {
    const testApp = await buildTestApp({ config: { nodeEnv: 'production', isProduction: true } });
    try {
      const answer = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'nobody@example.com', password: 'x' },
      });
      expect(answer.cookies.find((cookie) => cookie.name === 'csrf_token')?.secure).toBe(true);
      const signOut = await testApp.app.inject({ method: 'POST', url: '/api/auth/sign-out' });
      expect(signOut.cookies.find((cookie) => cookie.name === 'session')?.secure).toBe(true);
    } finally {
      await testApp.close();
    }
  });
});
