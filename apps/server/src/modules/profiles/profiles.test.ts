import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/client.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE } from '../../demo/seed-people.ts';
import { as, cookiesOf, type SignedInPerson, signIn, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { auditLog } from '../activity/tables.ts';
import { sessions, users } from '../auth/tables.ts';
import { userPins } from '../security/tables.ts';
import { updateOwnProfile } from './service.ts';
import { profiles, userRoles } from './tables.ts';

const maria = DEMO_PEOPLE.find((person) => person.ztartag === 'maria_waits')!;

describe('public profile behind a ztartag', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ seed: true });
  });
  afterAll(() => testApp.close());

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('shows a tipper whom they are about to tip: tag, name and photo', async () => {
    const answer = await get('/api/public/profiles/maria_waits');

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      ztartag: 'maria_waits',
      fullName: maria.fullName,
      avatarUrl: null,
    });
  });

  it('finds the tag however the tipper capitalised it', async () => {
    const answer = await get('/api/public/profiles/Maria_WAITS');

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ ztartag: 'maria_waits' });
  });

  it('never reveals private fields such as email, phone or bio', async () => {
    const body = (await get('/api/public/profiles/maria_waits')).body;

    // The quick-tip page's fields and the public photos and posts: no personal data among them.
    expect(Object.keys(JSON.parse(body)).sort()).toEqual([
      'avatarUrl',
      'currency',
      'fullName',
      'maxMinor',
      'minMinor',
      'photos',
      'posts',
      'presetsMinor',
      'verified',
      'ztartag',
    ]);
    expect(body).not.toContain(maria.email);
    expect(body).not.toContain(maria.id);
    expect(body).not.toContain('Lisbon');
  });

  it('answers 404 recipient_user_not_found for a tag nobody has', async () => {
    const answer = await get('/api/public/profiles/nobody_here');

    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({
      error: { code: 'recipient_user_not_found', message: 'recipient user not found' },
    });
  });

  it('refuses something that cannot be a tag with validation_failed and the translation key', async () => {
    const answer = await get('/api/public/profiles/no!');

    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Some fields are not valid.',
        details: {
          source: 'params',
          issues: [{ path: 'ztartag', code: 'invalid_format', message: 'validation.ztartag' }],
        },
      },
    });
  });
});

describe('own profile', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ seed: true });
  });
  afterAll(() => testApp.close());

  const patch = (person: SignedInPerson, payload: Record<string, unknown>) =>
    testApp.app.inject(as(person, { method: 'PATCH', url: '/api/profiles/me', payload }));

  it('reads the signed-in person profile with every display field', async () => {
    const person = await signUpAndSignIn(testApp.app, { ztartag: 'reader_one' });

    const answer = await testApp.app.inject(as(person, { method: 'GET', url: '/api/profiles/me' }));

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      id: person.userId,
      userLevel: 'freemium',
      ztartag: 'reader_one',
      ztartagPlan: 'free',
      fullName: null,
      username: null,
      email: person.email,
      phone: null,
      birthday: null,
      location: null,
      bio: null,
      website: null,
      socialLinks: {},
      avatarUrl: null,
      language: 'en',
      timeZone: 'UTC',
    });
  });

  it('changes only the fields sent', async () => {
    const person = await signUpAndSignIn(testApp.app, { ztartag: 'changer' });
    await patch(person, { fullName: 'Ana Lima', bio: 'Barista' });

    const answer = await patch(person, {
      bio: 'Barista in Porto',
      website: 'https://ana.example.com',
      socialLinks: { instagram: 'https://instagram.com/ana' },
      birthday: '1994-05-17',
      ztartag: 'Ana_Lima',
    });

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      fullName: 'Ana Lima',
      bio: 'Barista in Porto',
      website: 'https://ana.example.com',
      socialLinks: { instagram: 'https://instagram.com/ana' },
      birthday: '1994-05-17',
      ztartag: 'ana_lima',
    });
  });

  it('refuses a ztartag someone else holds, in any letter case, with 409 ztartag_taken', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const answer = await patch(person, { ztartag: 'MARIA_waits' });

    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('ztartag_taken');
  });

  it('lets a person send their own tag again', async () => {
    const person = await signUpAndSignIn(testApp.app, { ztartag: 'keeps_hers' });

    expect((await patch(person, { ztartag: 'keeps_hers', bio: 'same tag' })).statusCode).toBe(200);
  });

  it('refuses invalid fields with their message keys', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const answer = await patch(person, { website: 'javascript:alert(1)', bio: 'x'.repeat(501) });

    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.details.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'website', message: 'validation.url' }),
        expect.objectContaining({ path: 'bio', message: 'validation.tooLong' }),
      ]),
    );
  });

  it('answers ztartag_taken when another person claims the tag at the same moment (unique index)', async () => {
    const raceLost = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'profiles_ztartag_lower_key',
    });
    const racingDatabase = {
      select: () => ({ from: () => ({ where: () => ({ limit: async () => [] }) }) }),
      update: () => {
        throw new Error('Failed query', { cause: raceLost });
      },
    } as unknown as AppDatabase;

    const failure = await updateOwnProfile(
      racingDatabase,
      { id: maria.id, email: maria.email },
      { ztartag: 'fresh_tag' },
    ).catch((error: unknown) => error);

    expect(failure).toMatchObject({ code: 'ztartag_taken', statusCode: 409 });
  });

  it('answers an unexpected database failure with profile_update_failed, never with its details', async () => {
    const brokenDatabase = {
      update: () => {
        throw new Error('connection reset by peer');
      },
    } as unknown as AppDatabase;

    const failure = await updateOwnProfile(
      brokenDatabase,
      { id: maria.id, email: maria.email },
      { bio: 'x' },
    ).catch((error: unknown) => error);

    expect(failure).toMatchObject({ code: 'profile_update_failed', statusCode: 500 });
    expect((failure as Error).message).not.toContain('connection');
  });
});

describe('reading other people (spec §7 reads)', () => {
  let testApp: TestApp;
  let admin: SignedInPerson;
  let alice: SignedInPerson;
  let bob: SignedInPerson;
  beforeAll(async () => {
    testApp = await buildTestApp({ seed: true });
    admin = await signIn(testApp.app, { email: 'ada.admin@example.com', password: DEMO_PASSWORD });
    alice = await signUpAndSignIn(testApp.app, { ztartag: 'alice_reads' });
    bob = await signUpAndSignIn(testApp.app, { ztartag: 'bob_reads' });
  });
  afterAll(() => testApp.close());

  const get = (person: SignedInPerson, url: string) => testApp.app.inject(as(person, { method: 'GET', url }));

  it('lets a person read their own profile and roles', async () => {
    expect((await get(alice, `/api/profiles/${alice.userId}`)).json()).toMatchObject({
      ztartag: 'alice_reads',
    });
    expect((await get(alice, `/api/user-roles/${alice.userId}`)).json()).toEqual({ roles: ['user'] });
  });

  it("refuses another person's profile and roles with 403 forbidden", async () => {
    const profile = await get(alice, `/api/profiles/${bob.userId}`);
    const roles = await get(alice, `/api/user-roles/${bob.userId}`);

    expect(profile.statusCode).toBe(403);
    expect(profile.json().error.code).toBe('forbidden');
    expect(profile.body).not.toContain(bob.email);
    expect(roles.statusCode).toBe(403);
  });

  it("lets an admin read anyone's profile and roles", async () => {
    const profile = await get(admin, `/api/profiles/${bob.userId}`);
    const roles = await get(admin, `/api/user-roles/${maria.id}`);

    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: bob.userId, email: bob.email, ztartag: 'bob_reads' });
    expect(roles.json()).toEqual({ roles: ['user'] });
    expect((await get(admin, '/api/profiles/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('answers can_access_meta_dashboard for oneself, or anyone for an admin', async () => {
    const ask = (person: SignedInPerson, userId: string) =>
      testApp.app.inject(
        as(person, {
          method: 'POST',
          url: '/api/rpc/can_access_meta_dashboard',
          payload: { p_user_id: userId },
        }),
      );
    const claire = DEMO_PEOPLE.find((person) => person.userLevel === 'business')!;

    expect((await ask(alice, alice.userId)).json()).toEqual({
      has_access: false,
      access_level: null,
      permissions: [],
    });
    expect((await ask(alice, bob.userId)).statusCode).toBe(403);
    expect((await ask(admin, admin.userId)).json()).toMatchObject({
      has_access: true,
      access_level: 'admin',
      permissions: expect.arrayContaining(['view_dashboard', 'manage_users']),
    });
    expect((await ask(admin, claire.id)).json()).toMatchObject({
      has_access: true,
      access_level: 'business',
    });
  });
});

describe('ztartags', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ seed: true });
  });
  afterAll(() => testApp.close());

  const get = (url: string, person?: SignedInPerson) =>
    testApp.app.inject(person ? as(person, { method: 'GET', url }) : { method: 'GET', url });

  it('says whether a tag is free, in any letter case', async () => {
    expect((await get('/api/ztartags/maria_waits')).json()).toEqual({ available: false });
    expect((await get('/api/ztartags/Maria_Waits')).json()).toEqual({ available: false });
    expect((await get('/api/ztartags/nobody_has_it')).json()).toEqual({ available: true });
  });

  it("counts the asker's own tag as available to them", async () => {
    const person = await signUpAndSignIn(testApp.app, { ztartag: 'mine_alone' });

    expect((await get('/api/ztartags/mine_alone', person)).json()).toEqual({ available: true });
    expect((await get('/api/ztartags/mine_alone')).json()).toEqual({ available: false });
  });

  it('refuses a tag of the wrong shape with validation_failed', async () => {
    const answer = await get('/api/ztartags/no');

    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({
      code: 'validation_failed',
      details: { source: 'params', issues: [{ path: 'tag', message: 'validation.ztartag' }] },
    });
  });

  it('suggests a free tag from an email local part or a name, without accents', async () => {
    const suggest = async (from: string) =>
      (await get(`/api/ztartags/suggestion?from=${encodeURIComponent(from)}`)).json().suggestion;

    expect(await suggest('leo.martin@example.com')).toBe('leo_martin');
    expect(await suggest('María José Pérez')).toBe('maria_jose_perez');
    expect(await suggest('Zoë')).toBe('zoe');
    expect(await suggest('Al')).toBe('al_tips');
    expect(await suggest('a-very-long-name-that-goes-on-and-on@example.com')).toBe('a_very_long_name_tha');
  });

  it('adds digits when the tag is taken', async () => {
    const suggestion = (await get('/api/ztartags/suggestion?from=maria_waits@example.com')).json().suggestion;

    expect(suggestion).toMatch(/^maria_waits\d{2}$/);
    expect((await get(`/api/ztartags/${suggestion}`)).json()).toEqual({ available: true });
  });
});

describe('deleting an account', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const remove = (person: SignedInPerson, payload: Record<string, unknown>) =>
    testApp.app.inject(as(person, { method: 'DELETE', url: '/api/profiles/me', payload }));

  it('needs the word DELETE: anything else is 400 delete_confirmation_failed', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const wrongWord = await remove(person, { confirmation: 'delete', password: person.password });
    const noWord = await remove(person, { password: person.password });

    expect(wrongWord.statusCode).toBe(400);
    expect(wrongWord.json().error.code).toBe('delete_confirmation_failed');
    expect(noWord.json().error.code).toBe('delete_confirmation_failed');
  });

  it('needs the password: 403 current_password_incorrect', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const answer = await remove(person, { confirmation: 'DELETE', password: 'not the password' });

    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('current_password_incorrect');
  });

  it('anonymises the account, removes personal data, keeps the audit log, and frees the tag', async () => {
    const person = await signUpAndSignIn(testApp.app, { ztartag: 'leaving_soon' });
    await testApp.app.inject(
      as(person, {
        method: 'PATCH',
        url: '/api/profiles/me',
        payload: { fullName: 'Leaving Person', bio: 'Bye' },
      }),
    );
    await testApp.app.inject(
      as(person, { method: 'POST', url: '/api/pin', payload: { pin: '2468', pinConfirmation: '2468' } }),
    );
    const { db } = testApp.database;

    const answer = await remove(person, { confirmation: 'DELETE', password: person.password });

    expect(answer.statusCode).toBe(204);
    expect(cookiesOf(answer).session).toBe('');
    const [user] = await db.select().from(users).where(eq(users.id, person.userId));
    expect(user).toMatchObject({
      email: `deleted-${person.userId}@deleted.invalid`,
      passwordHash: null,
      emailVerifiedAt: null,
      deletedAt: expect.any(Date),
    });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, person.userId));
    expect(profile).toMatchObject({ ztartag: null, fullName: null, bio: null, phone: null, avatarUrl: null });
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, person.userId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, person.userId))).toEqual([]);
    expect(await db.select().from(userPins).where(eq(userPins.userId, person.userId))).toEqual([]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.userId, person.userId));
    expect(audit.map((row) => row.actionType)).toEqual(
      expect.arrayContaining(['sign_up', 'sign_in', 'pin_created', 'account_deleted']),
    );

    const signInAgain = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: person.email, password: person.password },
    });
    expect(signInAgain.statusCode).toBe(401);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/public/profiles/leaving_soon' })).statusCode,
    ).toBe(404);
    expect(
      (await testApp.app.inject(as(person, { method: 'GET', url: '/api/profiles/me' }))).statusCode,
    ).toBe(401);
    await signUpAndSignIn(testApp.app, { email: person.email, ztartag: 'leaving_soon' });
  });
});
