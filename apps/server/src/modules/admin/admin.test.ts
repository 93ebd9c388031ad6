import { randomUUID } from 'node:crypto';
import type {
  AdminUserDetail,
  AdminUserListResponse,
  AuditListResponse,
  Impersonation,
  ReconciliationResult,
} from '@ztart/shared/contracts/admin';
import type { SessionResponse } from '@ztart/shared/contracts/auth';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { InjectOptions } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PEOPLE } from '../../demo/seed-people.ts';
import { as, type SignedInPerson, signIn, uniqueIp } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { createPerson, fund, postTransfer, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { users } from '../auth/tables.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { userRoles } from '../profiles/tables.ts';
import { userPins } from '../security/tables.ts';

const maria = DEMO_PEOPLE.find((person) => person.ztartag === 'maria_waits')!;
const ADA_EMAIL = 'ada.admin@example.com';

describe('the admin area', () => {
  let testApp: TestApp;
  const clock = createTestClock();
  let ada: SignedInPerson;
  const call = (person: SignedInPerson, options: InjectOptions) => testApp.app.inject(as(person, options));
  const auditOf = async (query: string) =>
    (await call(ada, { method: 'GET', url: `/api/admin/audit?${query}` })).json<AuditListResponse>();

  beforeAll(async () => {
    testApp = await buildTestApp({ seed: true, now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
    ada = await signIn(testApp.app, { email: ADA_EMAIL, password: DEMO_PASSWORD });
  });
  afterAll(() => testApp.close());

  it('finds people by email, name or ztartag and opens one with balances, sessions and audit trail', async () => {
    const list = (
      await call(ada, { method: 'GET', url: '/api/admin/users?q=maria_wa' })
    ).json<AdminUserListResponse>();
    expect(list.items.map((item) => item.id)).toEqual([maria.id]);
    expect(list.items[0]).toMatchObject({ role: 'user', userLevel: 'standard', suspended: false });

    await signIn(testApp.app, { email: maria.email, password: DEMO_PASSWORD });
    const detail = await call(ada, { method: 'GET', url: `/api/admin/users/${maria.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const body = detail.json<AdminUserDetail>();
    expect(body.user.email).toBe(maria.email);
    expect(body.sessions.length).toBeGreaterThan(0);
    expect(body.audit.map((entry) => entry.actionType)).toContain('sign_in');
    expect((await call(ada, { method: 'GET', url: `/api/admin/users/${randomUUID()}` })).statusCode).toBe(
      404,
    );
  });

  it('pages the people list with a cursor', async () => {
    const first = (
      await call(ada, { method: 'GET', url: '/api/admin/users?limit=2' })
    ).json<AdminUserListResponse>();
    expect(first.items).toHaveLength(2);
    const second = (
      await call(ada, { method: 'GET', url: `/api/admin/users?limit=2&cursor=${first.nextCursor}` })
    ).json<AdminUserListResponse>();
    expect(second.items.map((item) => item.id)).not.toContain(first.items[0]!.id);
  });

  it('suspends a signed-in person: their next request is refused, sign-in fails; restoring lets them in', async () => {
    const person = await createPerson(testApp.app, testApp.database.db);
    expect((await call(person, { method: 'GET', url: '/api/wallet' })).statusCode).toBe(200);

    const suspended = await call(ada, {
      method: 'PATCH',
      url: `/api/admin/users/${person.userId}`,
      payload: { suspended: true },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json<AdminUserDetail>().user.suspended).toBe(true);
    expect(suspended.json<AdminUserDetail>().sessions).toEqual([]);

    expect((await call(person, { method: 'GET', url: '/api/wallet' })).json().error.code).toBe(
      'session_expired',
    );
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: uniqueIp(),
      payload: { email: person.email, password: person.password },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('account_suspended');

    const restored = await call(ada, {
      method: 'PATCH',
      url: `/api/admin/users/${person.userId}`,
      payload: { suspended: false },
    });
    expect(restored.json<AdminUserDetail>().user.suspended).toBe(false);
    await signIn(testApp.app, { email: person.email, password: person.password });

    const audit = await auditOf(`actor=${ada.userId}`);
    const actions = audit.items
      .filter((entry) => entry.resource === person.userId)
      .map((entry) => entry.actionType);
    expect(actions).toEqual(expect.arrayContaining(['admin_user_suspended', 'admin_user_restored']));
    expect((await auditOf(`action=sign_in_suspended&actor=${person.userId}`)).items).toHaveLength(1);
  });

  it('sets role and level, resets a PIN lock, and refuses to change its own role', async () => {
    const person = await createPerson(testApp.app, testApp.database.db);
    await testApp.database.db.insert(userPins).values({
      userId: person.userId,
      pinHash: 'x',
      failedAttempts: 5,
      lockedUntil: new Date(clock.now().getTime() + 60_000),
    });
    const answer = await call(ada, {
      method: 'PATCH',
      url: `/api/admin/users/${person.userId}`,
      payload: { role: 'expert', userLevel: 'business', resetPinLock: true },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<AdminUserDetail>().user).toMatchObject({
      role: 'expert',
      roles: ['expert', 'user'],
      userLevel: 'business',
      pinLockedUntil: null,
      pinFailedAttempts: 0,
    });
    const self = await call(ada, {
      method: 'PATCH',
      url: `/api/admin/users/${ada.userId}`,
      payload: { role: 'user' },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('admin_self_change');
    const empty = await call(ada, { method: 'PATCH', url: `/api/admin/users/${person.userId}`, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('impersonates Maria read-only: her wallet shows, money cannot move, and the audit log has it all', async () => {
    const admin = await signIn(testApp.app, { email: ADA_EMAIL, password: DEMO_PASSWORD });
    const started = await call(admin, {
      method: 'POST',
      url: `/api/admin/users/${maria.id}/impersonation`,
      payload: { reason: 'support ticket' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const impersonation = started.json<Impersonation>();
    expect(impersonation).toMatchObject({ userId: maria.id, adminId: admin.userId });

    const session = (await call(admin, { method: 'GET', url: '/api/auth/session' })).json<SessionResponse>();
    expect(session.user?.id).toBe(maria.id);
    expect(session.impersonation).toMatchObject({ id: impersonation.id, adminEmail: ADA_EMAIL });
    expect((await call(admin, { method: 'GET', url: '/api/wallet' })).statusCode).toBe(200);

    const transfer = await postTransfer(testApp.app, admin, { recipient: 'ztart_admin', amountMinor: 100 });
    expect(transfer.statusCode).toBe(403);
    expect(transfer.json().error.code).toBe('impersonation_read_only');
    // The admin area is the person's while impersonating: Maria has no capability.
    expect((await call(admin, { method: 'GET', url: '/api/admin/users' })).statusCode).toBe(403);
    // Starting another is a change too.
    const again = await call(admin, {
      method: 'POST',
      url: `/api/admin/users/${maria.id}/impersonation`,
      payload: {},
    });
    expect(again.json().error.code).toBe('impersonation_read_only');

    expect((await call(admin, { method: 'DELETE', url: '/api/admin/impersonation' })).statusCode).toBe(204);
    const back = (await call(admin, { method: 'GET', url: '/api/auth/session' })).json<SessionResponse>();
    expect(back.user?.id).toBe(admin.userId);
    expect(back.impersonation).toBeUndefined();
    expect((await call(admin, { method: 'DELETE', url: '/api/admin/impersonation' })).json().error.code).toBe(
      'impersonation_not_active',
    );

    const entries = (await auditOf(`actor=${admin.userId}&limit=100`)).items.filter(
      (entry) => entry.metadata?.impersonationId === impersonation.id,
    );
    const actions = entries.map((entry) => entry.actionType);
    expect(actions).toEqual(
      expect.arrayContaining([
        'impersonation_started',
        'impersonation_request',
        'impersonation_refused',
        'impersonation_ended',
      ]),
    );
    expect(
      entries.filter((entry) => entry.actionType === 'impersonation_refused').map((entry) => entry.resource),
    ).toContain('POST /api/transfers');
  });

  it('ends an impersonation by itself after 15 minutes, and refuses to impersonate an admin', async () => {
    const admin = await signIn(testApp.app, { email: ADA_EMAIL, password: DEMO_PASSWORD });
    const other = await createPerson(testApp.app, testApp.database.db);
    const started = await call(admin, {
      method: 'POST',
      url: `/api/admin/users/${other.userId}/impersonation`,
    });
    expect(started.statusCode, started.body).toBe(201);
    clock.advance({ minutes: 15 });
    const session = (await call(admin, { method: 'GET', url: '/api/auth/session' })).json<SessionResponse>();
    expect(session.user?.id).toBe(admin.userId);
    const self = await call(admin, { method: 'POST', url: `/api/admin/users/${admin.userId}/impersonation` });
    expect(self.json().error.code).toBe('impersonation_not_allowed');
  });

  it('ends an impersonation when the person is suspended or the admin loses the role', async () => {
    const { db } = testApp.database;
    const admin = await createPerson(testApp.app, db);
    await db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    const sessionUser = async () =>
      (await call(admin, { method: 'GET', url: '/api/auth/session' })).json<SessionResponse>().user?.id;
    const impersonate = async (userId: string) => {
      const started = await call(admin, { method: 'POST', url: `/api/admin/users/${userId}/impersonation` });
      expect(started.statusCode, started.body).toBe(201);
      expect(await sessionUser()).toBe(userId);
    };

    const suspended = await createPerson(testApp.app, db);
    await impersonate(suspended.userId);
    await db.update(users).set({ suspendedAt: clock.now() }).where(eq(users.id, suspended.userId));
    expect(await sessionUser()).toBe(admin.userId);

    const other = await createPerson(testApp.app, db);
    await impersonate(other.userId);
    await db.delete(userRoles).where(and(eq(userRoles.userId, admin.userId), eq(userRoles.role, 'admin')));
    expect(await sessionUser()).toBe(admin.userId);
    const ended = (await auditOf(`actor=${admin.userId}`)).items.filter(
      (entry) => entry.actionType === 'impersonation_ended',
    );
    expect(ended).toHaveLength(2);
  });

  it('reconciles the ledger after a burst of mixed traffic, and reports a balance changed by hand', async () => {
    const { db } = testApp.database;
    const people = await Promise.all(
      [0, 1, 2].map(() => createPerson(testApp.app, db, { phoneVerified: true })),
    );
    await Promise.all(people.map((person) => fund(db, person.userId, 50_000)));
    const burst: Promise<unknown>[] = [];
    for (let round = 0; round < 5; round++) {
      for (const [index, person] of people.entries()) {
        const next = people[(index + 1) % people.length]!;
        burst.push(postTransfer(testApp.app, person, { recipient: next.ztartag, amountMinor: 100 + round }));
        burst.push(
          call(person, {
            method: 'POST',
            url: '/api/investments/orders',
            headers: { 'idempotency-key': randomUUID() },
            payload: { symbol: 'BOND', side: 'buy', amountMinor: 1_000 + round },
          }),
        );
      }
      burst.push(fund(db, people[round % people.length]!.userId, 700));
    }
    await Promise.all(burst);

    const sound = await call(ada, { method: 'POST', url: '/api/admin/reconciliation' });
    expect(sound.statusCode, sound.body).toBe(200);
    expect(sound.json<ReconciliationResult>()).toMatchObject({ ok: true, differences: [] });

    const [account] = await db
      .update(ledgerAccounts)
      .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} + 1` })
      .where(and(eq(ledgerAccounts.ownerId, people[0]!.userId), eq(ledgerAccounts.kind, 'wallet_available')))
      .returning();
    const broken = (
      await call(ada, { method: 'POST', url: '/api/admin/reconciliation' })
    ).json<ReconciliationResult>();
    expect(broken.ok).toBe(false);
    expect(broken.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'currency_sum', currency: 'USD', expectedMinor: 0, actualMinor: 1 }),
        expect.objectContaining({
          kind: 'account_balance',
          accountId: account!.id,
          actualMinor: account!.balanceMinor,
          expectedMinor: account!.balanceMinor - 1,
        }),
      ]),
    );
    await db
      .update(ledgerAccounts)
      .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} - 1` })
      .where(eq(ledgerAccounts.id, account!.id));
    expect((await auditOf('action=reconciliation_run')).items.length).toBe(2);
    expect(
      await db.select().from(ledgerAccounts).where(isNotNull(ledgerAccounts.ownerId)).limit(1),
    ).toHaveLength(1);
  });

  it("lets an admin's own transfers skip the unverified daily cap, audited; nobody else's", async () => {
    const { db } = testApp.database;
    const recipient = await createPerson(testApp.app, db);
    const unverifiedAdmin = await createPerson(testApp.app, db);
    await db.insert(userRoles).values({ userId: unverifiedAdmin.userId, role: 'admin' });
    const unverifiedUser = await createPerson(testApp.app, db);
    const aboveCap = AMOUNT_LIMITS.unverifiedDailyMinor + 1;
    for (const person of [unverifiedAdmin, unverifiedUser]) await fund(db, person.userId, aboveCap * 2);

    const refused = await postTransfer(testApp.app, unverifiedUser, {
      recipient: recipient.ztartag,
      amountMinor: aboveCap,
    });
    expect(refused.json().error.code).toBe('limit_exceeded');
    const sent = await postTransfer(testApp.app, unverifiedAdmin, {
      recipient: recipient.ztartag,
      amountMinor: aboveCap,
    });
    // Above the no-PIN amount a PIN is asked for only when one is set; none is.
    expect(sent.statusCode, sent.body).toBe(201);
    const bypassed = (await auditOf(`actor=${unverifiedAdmin.userId}&action=limits_bypassed`)).items;
    expect(bypassed).toHaveLength(1);
    expect(bypassed[0]?.metadata).toMatchObject({ limit: 'daily', amountMinor: aboveCap, currency: 'USD' });
  });

  it('shows platform finances and the live configuration', async () => {
    const finances = await call(ada, { method: 'GET', url: '/api/admin/finances' });
    expect(finances.statusCode, finances.body).toBe(200);
    expect(finances.json().totals.length).toBeGreaterThan(0);
    const system = await call(ada, { method: 'GET', url: '/api/admin/system' });
    expect(system.statusCode, system.body).toBe(200);
    expect(system.json()).toMatchObject({ mail: 'outbox', redis: false });
  });
});
