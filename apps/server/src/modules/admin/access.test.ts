import { CAPABILITIES, type Role, type StoredRole, type UserLevel } from '@ztart/shared/roles';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn, uniqueIp } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { profiles, userRoles } from '../profiles/tables.ts';

/**
 * Spec §6, written out by hand (not read from roles.ts, which it checks): which roles may use
 * each admin, meta dashboard and observatory route. `business` is the user level that opens the
 * meta dashboard to a plain user.
 */
type Subject = Role | 'business';
const SUBJECTS: readonly Subject[] = ['guest', 'user', 'pro', 'expert', 'admin', 'business'];
const ADMIN_ONLY: readonly Subject[] = ['admin'];

interface RouteCase {
  name: string;
  request: (target: { userId: string; adminId: string }) => InjectOptions;
  allowed: readonly Subject[];
}

const ROUTES: RouteCase[] = [
  {
    name: 'GET /api/admin/users',
    request: () => ({ method: 'GET', url: '/api/admin/users?q=a' }),
    allowed: ADMIN_ONLY,
  },
  {
    name: 'GET /api/admin/users/{id}',
    request: ({ userId }) => ({ method: 'GET', url: `/api/admin/users/${userId}` }),
    allowed: ADMIN_ONLY,
  },
  {
    name: 'PATCH /api/admin/users/{id}',
    request: ({ userId }) => ({
      method: 'PATCH',
      url: `/api/admin/users/${userId}`,
      payload: { userLevel: 'standard' },
    }),
    allowed: ADMIN_ONLY,
  },
  {
    // Oneself cannot be impersonated (409), which is past the guard.
    name: 'POST /api/admin/users/{id}/impersonation',
    request: ({ adminId }) => ({
      method: 'POST',
      url: `/api/admin/users/${adminId}/impersonation`,
      payload: {},
    }),
    allowed: ADMIN_ONLY,
  },
  {
    name: 'POST /api/admin/reconciliation',
    request: () => ({ method: 'POST', url: '/api/admin/reconciliation' }),
    allowed: ADMIN_ONLY,
  },
  {
    name: 'GET /api/admin/finances',
    request: () => ({ method: 'GET', url: '/api/admin/finances' }),
    allowed: ADMIN_ONLY,
  },
  {
    name: 'GET /api/admin/system',
    request: () => ({ method: 'GET', url: '/api/admin/system' }),
    allowed: ADMIN_ONLY,
  },
  {
    name: 'GET /api/admin/audit',
    request: () => ({ method: 'GET', url: '/api/admin/audit' }),
    allowed: ADMIN_ONLY,
  },
  {
    name: 'GET /api/meta/overview',
    request: () => ({ method: 'GET', url: '/api/meta/overview' }),
    allowed: ['pro', 'expert', 'admin', 'business'],
  },
  {
    // Platform health is for everyone signed in; its system metrics are not (below).
    name: 'GET /api/observatory',
    request: () => ({ method: 'GET', url: '/api/observatory' }),
    allowed: ['user', 'pro', 'expert', 'admin', 'business'],
  },
];

/** Who sees the observatory's system metrics (the systemMetrics capability of spec §6). */
const SYSTEM_METRICS: readonly Subject[] = ['expert', 'admin'];

describe('who may use the admin, meta dashboard and observatory routes (spec §6)', () => {
  let testApp: TestApp;
  const people = new Map<Subject, SignedInPerson>();
  let target: SignedInPerson;

  async function person(roles: StoredRole[], userLevel: UserLevel): Promise<SignedInPerson> {
    const signedIn = await signUpAndSignIn(testApp.app);
    const db = testApp.database.db;
    await db.delete(userRoles).where(eq(userRoles.userId, signedIn.userId));
    await db.insert(userRoles).values(roles.map((role) => ({ userId: signedIn.userId, role })));
    await db.update(profiles).set({ userLevel }).where(eq(profiles.id, signedIn.userId));
    return signedIn;
  }

  beforeAll(async () => {
    testApp = await buildTestApp();
    people.set('user', await person(['user'], 'standard'));
    people.set('pro', await person(['user', 'pro'], 'pro'));
    people.set('expert', await person(['user', 'expert'], 'premium'));
    people.set('admin', await person(['user', 'admin'], 'premium'));
    people.set('business', await person(['user'], 'business'));
    target = await person(['user'], 'standard');
  });
  afterAll(() => testApp.close());

  for (const route of ROUTES) {
    for (const subject of SUBJECTS) {
      const allowed = route.allowed.includes(subject);
      it(`${route.name} as ${subject}: ${allowed ? 'allowed' : 'refused'}`, async () => {
        const request = route.request({ userId: target.userId, adminId: people.get('admin')!.userId });
        const signedIn = people.get(subject);
        const answer = await testApp.app.inject(
          signedIn ? as(signedIn, request) : { ...request, remoteAddress: uniqueIp() },
        );
        if (allowed) {
          expect([401, 403], answer.body).not.toContain(answer.statusCode);
          expect(answer.statusCode, answer.body).toBeLessThan(500);
        } else if (subject === 'guest') {
          expect(answer.statusCode, answer.body).toBe(401);
        } else {
          expect(answer.statusCode, answer.body).toBe(403);
          const { error } = answer.json();
          expect(error.code).toBe('forbidden');
          // Which capability (or meta dashboard permission) was missing, for the web app to say.
          const { capability, permission } = error.details ?? {};
          expect(CAPABILITIES.includes(capability) || typeof permission === 'string').toBe(true);
        }
      });
    }
  }

  for (const subject of SUBJECTS.filter((each) => each !== 'guest')) {
    const sees = SYSTEM_METRICS.includes(subject);
    it(`GET /api/observatory as ${subject}: system metrics ${sees ? 'shown' : 'left out'}`, async () => {
      const answer = await testApp.app.inject(
        as(people.get(subject)!, { method: 'GET', url: '/api/observatory' }),
      );
      expect(answer.json().system === null).toBe(!sees);
    });
  }
});
