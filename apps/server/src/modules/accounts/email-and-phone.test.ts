import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  latestToken,
  readOutbox,
  type SignedInPerson,
  signIn,
  signUpAndSignIn,
  uniqueEmail,
} from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';

describe('changing the email address', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const changeEmail = (person: SignedInPerson, email: string, password = person.password) =>
    testApp.app.inject(
      as(person, { method: 'POST', url: '/api/auth/change-email', payload: { email, password } }),
    );
  const session = async (person: SignedInPerson) =>
    (await testApp.app.inject(as(person, { method: 'GET', url: '/api/auth/session' }))).json();

  it('needs the password (403 current_password_incorrect)', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const answer = await changeEmail(person, uniqueEmail('new'), 'not the password');

    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('current_password_incorrect');
  });

  it('changes the address only when the link mailed to the new one is opened, and warns the old one', async () => {
    const person = await signUpAndSignIn(testApp.app, { language: 'es' });
    const newEmail = uniqueEmail('new');

    const answer = await changeEmail(person, newEmail);

    expect(answer.statusCode).toBe(202);
    expect((await session(person)).user.email).toBe(person.email);
    const [note] = await readOutbox(testApp.app, person.email);
    expect(note?.subject).toBe('El correo de tu cuenta de Ztart Tips está a punto de cambiar');
    expect(note?.text).toContain(newEmail);
    expect(note?.text).not.toContain('token=');
    const [confirmation] = await readOutbox(testApp.app, newEmail);
    expect(confirmation?.subject).toBe('Confirma tu nueva dirección de correo');
    expect(confirmation?.text).toContain('http://localhost:3000/auth?mode=verify-email&token=');

    const token = await latestToken(testApp.app, newEmail, 'verify-email');
    const verified = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });

    expect(verified.json()).toEqual({ status: 'verified', purpose: 'change_email' });
    expect((await session(person)).user).toMatchObject({ email: newEmail, emailVerified: true });
    await signIn(testApp.app, { email: newEmail, password: person.password });
    const withOld = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: person.email, password: person.password },
    });
    expect(withOld.statusCode).toBe(401);
  });

  it('answers the same for an address another account has, and sends it no link', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const other = await signUpAndSignIn(testApp.app);
    const mailsBefore = (await readOutbox(testApp.app, other.email)).length;

    const answer = await changeEmail(person, other.email);

    expect(answer.statusCode).toBe(202);
    expect(await readOutbox(testApp.app, other.email)).toHaveLength(mailsBefore);
  });

  it('keeps a password-reset link sent to the old address from acting once the address has changed', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: person.email },
    });
    const resetToken = await latestToken(testApp.app, person.email, 'reset-password');
    const newEmail = uniqueEmail('new');
    await changeEmail(person, newEmail);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await latestToken(testApp.app, newEmail, 'verify-email') },
    });

    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'taken over!', passwordConfirmation: 'taken over!' },
    });

    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.code).toBe('invalid_token');
  });
});

describe('verifying a phone number', () => {
  let testApp: TestApp;
  const clock = createTestClock();
  beforeAll(async () => {
    testApp = await buildTestApp({
      now: clock.now,
      rateLimits: { phoneCodePerUser: { max: 4, windowSeconds: 3600 } },
    });
  });
  afterAll(() => testApp.close());

  const uniquePhone = () => `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

  const start = (person: SignedInPerson, phone: string) =>
    testApp.app.inject(as(person, { method: 'POST', url: '/api/auth/phone/start', payload: { phone } }));
  const verify = (person: SignedInPerson, code: string) =>
    testApp.app.inject(as(person, { method: 'POST', url: '/api/auth/phone/verify', payload: { code } }));
  const codeSentTo = async (phone: string) => {
    const [sms] = await readOutbox(testApp.app, phone);
    expect(sms?.channel).toBe('sms');
    return sms!.text.match(/\b(\d{6})\b/)![1]!;
  };
  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends a 6-digit code by SMS in the person language, and the right code verifies the number', async () => {
    const person = await signUpAndSignIn(testApp.app, { language: 'fr' });
    const phone = uniquePhone();

    expect((await start(person, phone)).statusCode).toBe(202);
    const [sms] = await readOutbox(testApp.app, phone);
    expect(sms?.text).toMatch(/^Ztart Tips : votre code de vérification est \d{6}\./);

    const answer = await verify(person, await codeSentTo(phone));

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ user: { phone, phoneVerified: true }, profile: { phone } });
  });

  it('refuses a wrong code, saying how many attempts are left, and voids the code after five', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const phone = uniquePhone();
    await start(person, phone);
    const code = await codeSentTo(phone);

    const first = await verify(person, wrongCodeFor(code));
    expect(first.statusCode).toBe(400);
    expect(first.json().error).toMatchObject({
      code: 'invalid_token',
      details: { reason: 'wrong_code', attemptsLeft: 4 },
    });
    for (let attempt = 0; attempt < 4; attempt += 1) await verify(person, wrongCodeFor(code));

    const withRightCode = await verify(person, code);

    expect(withRightCode.json().error).toMatchObject({
      code: 'invalid_token',
      details: { reason: 'expired' },
    });
  });

  it('refuses a code older than 10 minutes', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const phone = uniquePhone();
    await start(person, phone);
    const code = await codeSentTo(phone);

    clock.advance({ minutes: 10, seconds: 1 });
    const answer = await verify(person, code);

    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({ code: 'invalid_token', details: { reason: 'expired' } });
  });

  it('refuses a code that is not 6 digits with validation_failed', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const answer = await verify(person, '12345');

    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.details.issues[0]).toMatchObject({
      path: 'code',
      message: 'validation.phoneCode',
    });
  });

  it('keeps a verified number on one account: another is refused 409 phone_in_use, and no code is sent', async () => {
    const holder = await signUpAndSignIn(testApp.app);
    const other = await signUpAndSignIn(testApp.app);
    const phone = uniquePhone();
    await start(holder, phone);
    expect((await verify(holder, await codeSentTo(phone))).statusCode).toBe(200);

    const answer = await start(other, phone);

    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('phone_in_use');
    expect(await readOutbox(testApp.app, phone)).toHaveLength(1);
  });

  it('refuses the second of two accounts that both had a code for the number, leaving its profile as it was', async () => {
    const first = await signUpAndSignIn(testApp.app);
    const second = await signUpAndSignIn(testApp.app);
    const phone = uniquePhone();
    await start(first, phone);
    const firstCode = await codeSentTo(phone);
    await start(second, phone);
    const secondCode = await codeSentTo(phone);
    expect((await verify(first, firstCode)).statusCode).toBe(200);

    const answer = await verify(second, secondCode);

    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('phone_in_use');
    const session = await testApp.app.inject(as(second, { method: 'GET', url: '/api/auth/session' }));
    expect(session.json().user).toMatchObject({ phone: null, phoneVerified: false });
  });

  it('frees the number when its holder verifies another one', async () => {
    const holder = await signUpAndSignIn(testApp.app);
    const next = await signUpAndSignIn(testApp.app);
    const phone = uniquePhone();
    await start(holder, phone);
    await verify(holder, await codeSentTo(phone));
    const newNumber = uniquePhone();
    await start(holder, newNumber);
    expect((await verify(holder, await codeSentTo(newNumber))).statusCode).toBe(200);

    expect((await start(next, phone)).statusCode).toBe(202);
    const [latest] = await readOutbox(testApp.app, phone);
    expect((await verify(next, latest!.text.match(/\b(\d{6})\b/)![1]!)).statusCode).toBe(200);
  });

  it('limits the codes sent to one person per hour', async () => {
    const person = await signUpAndSignIn(testApp.app);
    for (let sent = 0; sent < 4; sent += 1) expect((await start(person, uniquePhone())).statusCode).toBe(202);

    const answer = await start(person, uniquePhone());

    expect(answer.statusCode).toBe(429);
    expect(answer.json().error.code).toBe('rate_limited');
  });
});
