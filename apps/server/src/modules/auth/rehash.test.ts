import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { ARGON2_OPTIONS, hashSecret, needsRehash, verifySecret } from './secrets.ts';
import { users } from './tables.ts';

/** A hash made as an older release did: argon2id with less memory and more passes. */
const OLDER_SETTINGS = { ...ARGON2_OPTIONS, memoryCost: 4_096, timeCost: 3 };

describe('whether a hash needs today’s argon2 settings', () => {
  it('says no for one made now, yes for older settings, another variant or an unreadable hash', async () => {
    expect(needsRehash(await hashSecret('a secret'))).toBe(false);
    expect(needsRehash(await hash('a secret', OLDER_SETTINGS))).toBe(true);
    expect(
      needsRehash(
        await hash('a secret', { ...ARGON2_OPTIONS, algorithm: 1 as typeof ARGON2_OPTIONS.algorithm }),
      ),
    ).toBe(true);
    expect(needsRehash('not a hash')).toBe(true);
  });
});

describe('signing in with a password hashed with older settings', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const storedHash = async (userId: string) => {
    const [row] = await testApp.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));
    return row!.passwordHash!;
  };

  it('re-hashes it with today’s settings, and the same password still signs in', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const older = await hash(person.password, OLDER_SETTINGS);
    await testApp.database.db.update(users).set({ passwordHash: older }).where(eq(users.id, person.userId));

    await signIn(testApp.app, person);

    const renewed = await storedHash(person.userId);
    expect(renewed).not.toBe(older);
    expect(renewed).toContain(`$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=1$`);
    expect(needsRehash(renewed)).toBe(false);
    expect(await verifySecret(renewed, person.password)).toBe(true);
    await signIn(testApp.app, person);
  });

  it('leaves it alone after a wrong password, and leaves a current hash alone after a right one', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const current = await storedHash(person.userId);
    await signIn(testApp.app, person);
    expect(await storedHash(person.userId)).toBe(current);

    const older = await hash(person.password, OLDER_SETTINGS);
    await testApp.database.db.update(users).set({ passwordHash: older }).where(eq(users.id, person.userId));
    const wrong = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: person.ip,
      payload: { email: person.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await storedHash(person.userId)).toBe(older);
  });
});
