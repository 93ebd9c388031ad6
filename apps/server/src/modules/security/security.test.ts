import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signIn, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { auditLog } from '../activity/tables.ts';
import { profiles } from '../profiles/tables.ts';

describe('PIN', () => {
  let testApp: TestApp;
  const clock = createTestClock();
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now });
  });
  afterAll(() => testApp.close());

  const call = (person: SignedInPerson, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    testApp.app.inject(as(person, { method, url, ...(payload ? { payload } : {}) }));
  const create = (person: SignedInPerson, pin: string) =>
    call(person, 'POST', '/api/pin', { pin, pinConfirmation: pin });
  const verify = (person: SignedInPerson, pin: string) => call(person, 'POST', '/api/pin/verify', { pin });

  it('is not set at first; creating one unlocks this session for 5 minutes', async () => {
    const person = await signUpAndSignIn(testApp.app);
    expect((await call(person, 'GET', '/api/pin')).json()).toEqual({
      pinSet: false,
      unlockedUntil: null,
      lockedUntil: null,
    });

    const answer = await create(person, '4821');

    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({
      pinSet: true,
      unlockedUntil: new Date(clock.now().getTime() + 5 * 60_000).toISOString(),
      lockedUntil: null,
    });
    clock.advance({ minutes: 5, seconds: 1 });
    expect((await call(person, 'GET', '/api/pin')).json().unlockedUntil).toBeNull();
  });

  it('refuses a second PIN (409 pin_already_set), PINs that are not 4–6 digits, and a mismatched confirmation', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await create(person, '4821');

    expect((await create(person, '1357')).json().error.code).toBe('pin_already_set');
    const short = await create(person, '123');
    expect(short.json().error.details.issues[0]).toMatchObject({ path: 'pin', message: 'validation.pin' });
    const mismatch = await call(person, 'POST', '/api/pin', { pin: '1234', pinConfirmation: '4321' });
    expect(mismatch.json().error.details.issues[0]).toMatchObject({
      path: 'pinConfirmation',
      message: 'validation.pinsDoNotMatch',
    });
  });

  it('unlocks with the right PIN, for this session only', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const otherDevice = await signIn(testApp.app, person);
    await create(person, '482913');
    clock.advance({ minutes: 6 });

    const answer = await verify(person, '482913');

    expect(answer.statusCode).toBe(200);
    expect(answer.json().unlockedUntil).toBe(new Date(clock.now().getTime() + 5 * 60_000).toISOString());
    expect((await call(otherDevice, 'GET', '/api/pin')).json().unlockedUntil).toBeNull();
  });

  it('counts wrong entries, locks for 15 minutes at the fifth, and opens again after', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await create(person, '4821');

    for (const attemptsLeft of [4, 3, 2, 1]) {
      const wrong = await verify(person, '0000');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error).toMatchObject({ code: 'pin_invalid', details: { attemptsLeft } });
    }
    const fifth = await verify(person, '0000');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error).toMatchObject({ code: 'pin_locked', details: { retryAfterSeconds: 900 } });

    const rightButLocked = await verify(person, '4821');
    expect(rightButLocked.statusCode).toBe(423);
    expect((await call(person, 'GET', '/api/pin')).json()).toMatchObject({
      unlockedUntil: null,
      lockedUntil: expect.any(String),
    });

    clock.advance({ minutes: 14 });
    expect((await verify(person, '4821')).statusCode).toBe(423);
    clock.advance({ minutes: 1, seconds: 1 });
    expect((await verify(person, '4821')).statusCode).toBe(200);
    expect((await verify(person, '0000')).json().error.details).toEqual({ attemptsLeft: 4 });
    const audit = await testApp.database.db.select().from(auditLog).where(eq(auditLog.userId, person.userId));
    expect(audit.map((row) => row.actionType)).toContain('pin_locked');
  });

  it('changes only with the current PIN', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await create(person, '4821');

    const wrong = await call(person, 'PUT', '/api/pin', {
      currentPin: '1111',
      pin: '5555',
      pinConfirmation: '5555',
    });
    const right = await call(person, 'PUT', '/api/pin', {
      currentPin: '4821',
      pin: '5555',
      pinConfirmation: '5555',
    });

    expect(wrong.json().error.code).toBe('pin_invalid');
    expect(right.statusCode).toBe(200);
    expect((await verify(person, '4821')).statusCode).toBe(403);
    expect((await verify(person, '5555')).statusCode).toBe(200);
  });

  it('removes only with the PIN; afterwards there is none to verify (409 pin_not_set)', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await create(person, '4821');

    expect((await call(person, 'POST', '/api/pin/remove', { pin: '1111' })).statusCode).toBe(403);
    const removed = await call(person, 'POST', '/api/pin/remove', { pin: '4821' });

    expect(removed.json()).toEqual({ pinSet: false, unlockedUntil: null, lockedUntil: null });
    expect((await verify(person, '4821')).json().error.code).toBe('pin_not_set');
    expect(
      (
        await call(person, 'PUT', '/api/pin', { currentPin: '4821', pin: '5555', pinConfirmation: '5555' })
      ).json().error.code,
    ).toBe('pin_not_set');
  });
});

describe('security check', () => {
  let testApp: TestApp;
  const clock = createTestClock();
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now });
  });
  afterAll(() => testApp.close());

  const check = (cookies: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url: '/api/security/check', cookies });

  it('is not secure without a signed-in person: user_not_authenticated', async () => {
    expect((await check()).json()).toEqual({
      secure: false,
      reason: 'user_not_authenticated',
      checkedAt: clock.now().toISOString(),
    });
  });

  it('is not secure with a session that has ended: invalid_session', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await testApp.app.inject(as(person, { method: 'POST', url: '/api/auth/sign-out' }));

    expect((await check({ session: person.sessionToken })).json()).toMatchObject({
      secure: false,
      reason: 'invalid_session',
    });
    expect((await check({ session: 'made-up-token' })).json().reason).toBe('invalid_session');
  });

  it('is secure with a person, a valid session and a profile; the answer is kept for 60 seconds', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const first = await check({ session: person.sessionToken });
    expect(first.json()).toEqual({ secure: true, reason: null, checkedAt: clock.now().toISOString() });

    await testApp.database.db.delete(profiles).where(eq(profiles.id, person.userId));
    clock.advance({ seconds: 59 });
    const cached = await check({ session: person.sessionToken });
    expect(cached.json()).toEqual(first.json());

    clock.advance({ seconds: 1 });
    const fresh = await check({ session: person.sessionToken });
    expect(fresh.json()).toEqual({
      secure: false,
      reason: 'user_profile_not_found',
      checkedAt: clock.now().toISOString(),
    });
  });
});

describe('audit log from the app (log_user_action)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('keeps the action of a signed-in person with address and browser, and drops secret-looking metadata', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const answer = await testApp.app.inject(
      as(person, {
        method: 'POST',
        url: '/api/rpc/log_user_action',
        headers: { 'user-agent': 'Vitest browser' },
        payload: {
          p_action_type: 'view_wallet',
          p_resource: 'wallet',
          p_metadata: { tab: 'overview', password: 'oops', nested: { newPin: '1234', apiToken: 'abc' } },
        },
      }),
    );

    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    const rows = await testApp.database.db.select().from(auditLog).where(eq(auditLog.userId, person.userId));
    expect(rows.find((row) => row.actionType === 'view_wallet')).toMatchObject({
      resource: 'wallet',
      metadata: {
        tab: 'overview',
        password: '[removed]',
        nested: { newPin: '[removed]', apiToken: '[removed]' },
      },
      ip: person.ip,
      userAgent: 'Vitest browser',
    });
  });

  it('refuses the names the server writes itself, so that no app can forge a sign-in, a password change or a scan in the feed', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const before = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.userId, person.userId));

    for (const actionType of [
      'sign_in_failed',
      'password_changed',
      'qr_scanned',
      'payment_method_added',
      'account_deleted',
      'tip_sent',
      'withdrawal_completed',
      'Sign_In',
      ' pin_removed ',
    ]) {
      const answer = await testApp.app.inject(
        as(person, {
          method: 'POST',
          url: '/api/rpc/log_user_action',
          payload: { p_action_type: actionType, p_resource: 'forged' },
        }),
      );
      expect(answer.statusCode, actionType).toBe(400);
      expect(answer.json().error).toMatchObject({
        code: 'validation_failed',
        details: { issues: [{ path: 'p_action_type', message: 'validation.actionTypeReserved' }] },
      });
    }
    const after = await testApp.database.db.select().from(auditLog).where(eq(auditLog.userId, person.userId));
    expect(after).toHaveLength(before.length);
  });

  it('needs a signed-in person', async () => {
    const answer = await testApp.app.inject({
      method: 'POST',
      url: '/api/rpc/log_user_action',
      payload: { p_action_type: 'view_wallet' },
    });

    expect(answer.statusCode).toBe(401);
  });

  it('never fails the action because the log could not be written', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await testApp.database.db.execute('ALTER TABLE audit_log RENAME TO audit_log_away');
    try {
      const answer = await testApp.app.inject(
        as(person, {
          method: 'POST',
          url: '/api/rpc/log_user_action',
          payload: { p_action_type: 'view_wallet' },
        }),
      );
      const signOut = await testApp.app.inject(as(person, { method: 'POST', url: '/api/auth/sign-out' }));

      expect(answer.statusCode).toBe(204);
      expect(signOut.statusCode).toBe(204);
    } finally {
      await testApp.database.db.execute('ALTER TABLE audit_log_away RENAME TO audit_log');
    }
  });
});
