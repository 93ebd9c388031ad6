import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BusinessPermission } from '@ztart/shared/business';
import {
  BUSINESS_ROUTE_PERMISSIONS,
  type Business,
  type BusinessInvitation,
  type BusinessMemberListResponse,
  type Distribution,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_SIGNATURE_HEADER,
  type Webhook,
} from '@ztart/shared/contracts/businesses';
import { PLAN_PRICES_MINOR, type PlansResponse, type Subscription } from '@ztart/shared/contracts/plans';
import type { QuickTipProfile } from '@ztart/shared/contracts/qr-codes';
import type { UserLevel } from '@ztart/shared/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, readOutbox, type SignedInPerson } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import {
  availableOf,
  createPerson,
  expectLedgerSound,
  fund,
  type Person,
  ROOMY_RATE_LIMITS,
  uniqueZtartag,
} from '../../test/transfer-fixtures.ts';
import { users } from '../auth/tables.ts';
import { profiles } from '../profiles/tables.ts';
import { businesses, PLATFORM_ACCOUNT_ID, planSubscriptions } from './tables.ts';

describe('businesses and teams', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-03-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const call = (
    who: SignedInPerson,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => testApp.app.inject(as(who, { method, url, ...(payload === undefined ? {} : { payload }), headers }));
  const errorOf = (answer: { statusCode: number; json: () => { error: object } }) => ({
    status: answer.statusCode,
    ...answer.json().error,
  });
  const person = () => createPerson(testApp.app, db(), { phoneVerified: true });
  const setLevel = (who: Person, level: UserLevel) =>
    db().update(profiles).set({ userLevel: level }).where(eq(profiles.id, who.userId));
  const personAt = async (level: UserLevel) => {
    const who = await person();
    await setLevel(who, level);
    return who;
  };
  /** The end of the person's paid period comes now (sessions would end if the clock moved a month). */
  let periodsEnded = 0;
  const endPeriod = (who: Person) =>
    db()
      .update(planSubscriptions)
      .set({ periodEnd: new Date(clock.now().getTime() - 60_000 * ++periodsEnded) })
      .where(eq(planSubscriptions.userId, who.userId));
  const createBusiness = async (owner: Person, name = 'Café Aurora') => {
    const answer = await call(owner, 'POST', '/api/businesses', {
      name,
      tag: uniqueZtartag('biz'),
      currency: 'USD',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Business>();
  };
  const inviteByTag = (owner: Person, businessId: string, ztartag: string) =>
    call(owner, 'POST', `/api/businesses/${businessId}/invitations`, { ztartag });
  const join = async (owner: Person, businessId: string, member: Person) => {
    const invited = await inviteByTag(owner, businessId, member.ztartag);
    expect(invited.statusCode, invited.body).toBe(201);
    const accepted = await call(
      member,
      'POST',
      `/api/business-invitations/${invited.json<BusinessInvitation>().id}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<BusinessInvitation>().status).toBe('approved');
  };

  describe('plans', () => {
    it('upgrades to business paid from the wallet to the platform, once per key, and refuses without the money', async () => {
      const claire = await person();
      await fund(db(), claire.userId, 5_000);
      const platformBefore = await availableOf(db(), PLATFORM_ACCOUNT_ID);
      const key = randomUUID();
      const first = await call(
        claire,
        'POST',
        '/api/plans/subscription',
        { level: 'business' },
        { 'idempotency-key': key },
      );
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<Subscription>()).toMatchObject({ level: 'business', pendingLevel: null });
      const again = await call(
        claire,
        'POST',
        '/api/plans/subscription',
        { level: 'business' },
        { 'idempotency-key': key },
      );
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');

      expect(await availableOf(db(), claire.userId)).toBe(5_000 - PLAN_PRICES_MINOR.business);
      expect(await availableOf(db(), PLATFORM_ACCOUNT_ID)).toBe(platformBefore + PLAN_PRICES_MINOR.business);
      const plans = (await call(claire, 'GET', '/api/plans')).json<PlansResponse>();
      expect(plans.subscription.level).toBe('business');
      expect(plans.items.map((plan) => [plan.level, plan.priceMinor, plan.limits.teamMembers])).toEqual([
        ['freemium', 0, 0],
        ['business', 2_900, 5],
        ['enterprise', 9_900, 50],
      ]);

      const poor = await person();
      const refused = await call(
        poor,
        'POST',
        '/api/plans/subscription',
        { level: 'enterprise' },
        { 'idempotency-key': randomUUID() },
      );
      expect(errorOf(refused)).toMatchObject({ status: 422, code: 'insufficient_balance' });
      const [profile] = await db().select().from(profiles).where(eq(profiles.id, poor.userId));
      expect(profile?.userLevel).toBe('freemium');
      await expectLedgerSound(db());
    });

    it('downgrades at the end of the period, and renews from the wallet until the money runs out', async () => {
      const owner = await person();
      await fund(db(), owner.userId, PLAN_PRICES_MINOR.enterprise + PLAN_PRICES_MINOR.business);
      const up = await call(
        owner,
        'POST',
        '/api/plans/subscription',
        { level: 'enterprise' },
        { 'idempotency-key': randomUUID() },
      );
      expect(up.statusCode, up.body).toBe(200);
      const down = await call(
        owner,
        'POST',
        '/api/plans/subscription',
        { level: 'business' },
        { 'idempotency-key': randomUUID() },
      );
      expect(down.json<Subscription>()).toMatchObject({ level: 'enterprise', pendingLevel: 'business' });

      await endPeriod(owner);
      const nextAnswer = await call(owner, 'GET', '/api/plans');
      expect(nextAnswer.statusCode, nextAnswer.body).toBe(200);
      const next = nextAnswer.json<PlansResponse>();
      expect(next.subscription).toMatchObject({ level: 'business', pendingLevel: null });
      expect(await availableOf(db(), owner.userId)).toBe(0);

      await endPeriod(owner);
      const lapsed = (await call(owner, 'GET', '/api/plans')).json<PlansResponse>();
      expect(lapsed.subscription).toEqual({ level: 'freemium', periodEnd: null, pendingLevel: null });
      await expectLedgerSound(db());
    });
  });

  describe('businesses, teams and limits', () => {
    it('refuses a business to someone without the business or enterprise level', async () => {
      const someone = await person();
      const answer = await call(someone, 'POST', '/api/businesses', {
        name: 'Nope',
        tag: uniqueZtartag('b'),
        currency: 'USD',
      });
      expect(errorOf(answer)).toMatchObject({ status: 403, code: 'business_level_required' });
    });

    it('refuses a tag someone already has', async () => {
      const owner = await personAt('business');
      const answer = await call(owner, 'POST', '/api/businesses', {
        name: 'Mine',
        tag: owner.ztartag,
        currency: 'USD',
      });
      expect(errorOf(answer)).toMatchObject({ status: 409, code: 'ztartag_taken' });
    });

    it('invites by ztartag and email (mail through the outbox), and refuses the 6th member with limit_exceeded', async () => {
      const owner = await personAt('business');
      const business = await createBusiness(owner);
      const invitees = await Promise.all([person(), person(), person(), person()]);
      for (const invitee of invitees) {
        expect((await inviteByTag(owner, business.id, invitee.ztartag)).statusCode).toBe(201);
      }
      const email = `new-${randomUUID()}@example.com`;
      const byEmail = await call(owner, 'POST', `/api/businesses/${business.id}/invitations`, { email });
      expect(byEmail.statusCode, byEmail.body).toBe(201);
      expect((await readOutbox(testApp.app, email))[0]?.subject).toContain('Café Aurora');
      const [first] = invitees;
      const [inbox] = await db()
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, first!.userId));
      expect((await readOutbox(testApp.app, inbox!.email)).length).toBeGreaterThan(0);

      const sixth = await person();
      const refused = await inviteByTag(owner, business.id, sixth.ztartag);
      expect(errorOf(refused)).toMatchObject({
        status: 422,
        code: 'limit_exceeded',
        details: { limit: 'teamMembers', max: 5 },
      });
      const team = (
        await call(owner, 'GET', `/api/businesses/${business.id}/members`)
      ).json<BusinessMemberListResponse>();
      expect([team.used, team.max, team.items.length, team.invitations.length]).toEqual([5, 5, 5, 1]);

      // Declining frees a place; so does leaving.
      const mine = (await call(first!, 'GET', '/api/business-invitations')).json<{
        items: BusinessInvitation[];
      }>();
      const declined = await call(first!, 'POST', `/api/business-invitations/${mine.items[0]!.id}/decline`);
      expect(declined.json<BusinessInvitation>().status).toBe('rejected');
      expect((await inviteByTag(owner, business.id, sixth.ztartag)).statusCode).toBe(201);
      const invitation = (await call(sixth, 'GET', '/api/business-invitations')).json<{
        items: BusinessInvitation[];
      }>();
      await call(sixth, 'POST', `/api/business-invitations/${invitation.items[0]!.id}/accept`);
      const left = await call(sixth, 'DELETE', `/api/businesses/${business.id}/members/${sixth.userId}`);
      expect(left.statusCode).toBe(204);
      expect((await inviteByTag(owner, business.id, first!.ztartag)).statusCode).toBe(201);
    });

    it('refuses the 51st QR code of a business with limit_exceeded', async () => {
      const owner = await personAt('business');
      const business = await createBusiness(owner);
      for (let n = 0; n < 50; n++) {
        const made = await call(owner, 'POST', `/api/businesses/${business.id}/qr-codes`, {
          title: `Table ${n + 1}`,
          currency: 'USD',
        });
        expect(made.statusCode, made.body).toBe(201);
      }
      const refused = await call(owner, 'POST', `/api/businesses/${business.id}/qr-codes`, {
        title: 'Table 51',
        currency: 'USD',
      });
      expect(errorOf(refused)).toMatchObject({
        status: 422,
        code: 'limit_exceeded',
        details: { limit: 'qrCodes', max: 50 },
      });
      const list = await call(owner, 'GET', `/api/businesses/${business.id}/qr-codes`);
      expect(list.json<{ items: unknown[] }>().items).toHaveLength(50);
    });
  });

  describe('business wallet and shared tips', () => {
    it('takes a 9.00 tip into the business wallet and shares it equally: each member +4.50, the pool back to 0, once', async () => {
      const claire = await personAt('business');
      const business = await createBusiness(claire);
      await call(claire, 'PATCH', `/api/businesses/${business.id}`, {
        brandColor: '#AA3300',
        message: 'Thank you!',
      });
      const [ana, bruno] = await Promise.all([person(), person()]);
      await join(claire, business.id, ana);
      await join(claire, business.id, bruno);

      const page = await testApp.app.inject({ method: 'GET', url: `/api/public/profiles/${business.tag}` });
      expect(page.json<QuickTipProfile>().business).toMatchObject({
        name: 'Café Aurora',
        brandColor: '#aa3300',
        message: 'Thank you!',
      });

      const customer = await person();
      await fund(db(), customer.userId, 900);
      const tip = await call(
        customer,
        'POST',
        '/api/tips',
        { receiver: business.tag, amountMinor: 900, currency: 'USD', source: 'wallet' },
        { 'idempotency-key': randomUUID() },
      );
      expect(tip.statusCode, tip.body).toBe(201);
      const wallet = (await call(claire, 'GET', `/api/businesses/${business.id}/wallet`)).json();
      expect(wallet.balances).toEqual([{ currency: 'USD', availableMinor: 900 }]);

      const request = { rule: 'equal', amountMinor: 900, currency: 'USD', reason: 'Saturday' };
      const preview = await call(claire, 'POST', `/api/businesses/${business.id}/distributions`, {
        ...request,
        preview: true,
      });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json<Distribution>().items.map((item) => item.amountMinor)).toEqual([450, 450]);
      expect(await availableOf(db(), ana.userId)).toBe(0);

      const key = randomUUID();
      const paid = await call(claire, 'POST', `/api/businesses/${business.id}/distributions`, request, {
        'idempotency-key': key,
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const retry = await call(claire, 'POST', `/api/businesses/${business.id}/distributions`, request, {
        'idempotency-key': key,
      });
      expect(retry.statusCode).toBe(201);
      expect(retry.json<Distribution>().id).toBe(paid.json<Distribution>().id);

      expect(await availableOf(db(), ana.userId)).toBe(450);
      expect(await availableOf(db(), bruno.userId)).toBe(450);
      const [row] = await db().select().from(businesses).where(eq(businesses.id, business.id));
      expect(await availableOf(db(), row!.accountId)).toBe(0);
      const notes = (await call(ana, 'GET', '/api/notifications')).json();
      expect(notes.items[0]).toMatchObject({
        event: 'transfer_received',
        data: { amountMinor: 450, fromName: 'Café Aurora', reason: 'Saturday' },
      });

      // Nothing left: a new distribution moves nothing, for no member.
      const empty = await call(claire, 'POST', `/api/businesses/${business.id}/distributions`, request, {
        'idempotency-key': randomUUID(),
      });
      expect(errorOf(empty)).toMatchObject({ status: 422, code: 'insufficient_balance' });
      expect(await availableOf(db(), ana.userId)).toBe(450);
      await expectLedgerSound(db());
    });

    it('splits by percentages and hours, and refuses percentages that do not add up to 100 %', async () => {
      const owner = await personAt('business');
      const business = await createBusiness(owner);
      const [a, b] = await Promise.all([person(), person()]);
      await join(owner, business.id, a);
      await join(owner, business.id, b);
      const url = `/api/businesses/${business.id}/distributions`;
      const shares = (weights: [number, number]) => [
        { userId: a.userId, weight: weights[0] },
        { userId: b.userId, weight: weights[1] },
      ];
      const pct = await call(owner, 'POST', url, {
        rule: 'percentages',
        shares: shares([7_000, 3_000]),
        amountMinor: 1_001,
        currency: 'USD',
        preview: true,
      });
      expect(pct.json<Distribution>().items.map((item) => item.amountMinor)).toEqual([701, 300]);
      const hours = await call(owner, 'POST', url, {
        rule: 'hours',
        shares: shares([6 * 60, 2 * 60]),
        amountMinor: 1_000,
        currency: 'USD',
        preview: true,
      });
      expect(hours.json<Distribution>().items.map((item) => item.amountMinor)).toEqual([750, 250]);
      const wrong = await call(owner, 'POST', url, {
        rule: 'percentages',
        shares: shares([5_000, 3_000]),
        amountMinor: 1_000,
        currency: 'USD',
        preview: true,
      });
      expect(errorOf(wrong)).toMatchObject({ status: 400, code: 'validation_failed' });
      const outsider = await person();
      const notMember = await call(owner, 'POST', url, {
        rule: 'equal',
        shares: [{ userId: outsider.userId }],
        amountMinor: 100,
        currency: 'USD',
        preview: true,
      });
      expect(errorOf(notMember)).toMatchObject({ status: 400, code: 'validation_failed' });
    });
  });

  describe('webhooks (enterprise integrations)', () => {
    it('delivers a signed tip event to a receiver, and tries again after it answered 500 once', async () => {
      const received: { body: string; signature: string }[] = [];
      const receiver = createServer((incoming, answer) => {
        let body = '';
        incoming.on('data', (chunk) => {
          body += chunk;
        });
        incoming.on('end', () => {
          received.push({ body, signature: String(incoming.headers[WEBHOOK_SIGNATURE_HEADER]) });
          answer.statusCode = received.length === 1 ? 500 : 200;
          answer.end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = receiver.address() as AddressInfo;
        const owner = await personAt('enterprise');
        const business = await createBusiness(owner, 'Aurora Group');
        const created = await call(owner, 'POST', `/api/businesses/${business.id}/webhooks`, {
          url: `http://127.0.0.1:${port}/hooks`,
          events: ['tip.received'],
        });
        expect(created.statusCode, created.body).toBe(201);
        const hook = created.json<Webhook>();
        expect(hook.secret).toMatch(/^whsec_/);
        const listed = (await call(owner, 'GET', `/api/businesses/${business.id}/webhooks`)).json<{
          items: Webhook[];
        }>();
        expect(listed.items.map((item) => item.secret)).toEqual([null]);

        const customer = await person();
        await fund(db(), customer.userId, 900);
        const tip = await call(
          customer,
          'POST',
          '/api/tips',
          { receiver: business.tag, amountMinor: 900, currency: 'USD', source: 'wallet' },
          { 'idempotency-key': randomUUID() },
        );
        expect(tip.statusCode, tip.body).toBe(201);

        expect(await testApp.app.webhooks.deliverDue()).toBe(1);
        clock.advance({ seconds: WEBHOOK_RETRY_SECONDS[0] - 1 });
        expect(await testApp.app.webhooks.deliverDue()).toBe(0);
        clock.advance({ seconds: 1 });
        expect(await testApp.app.webhooks.deliverDue()).toBe(1);

        expect(received).toHaveLength(2);
        for (const delivery of received) {
          const [t, v1] = delivery.signature.split(',').map((part) => part.split('=')[1]);
          const expected = createHmac('sha256', hook.secret!).update(`${t}.${delivery.body}`).digest('hex');
          expect(v1).toBe(expected);
          expect(JSON.parse(delivery.body)).toMatchObject({
            event: 'tip.received',
            businessId: business.id,
            data: { amountMinor: 900, currency: 'USD', status: 'completed' },
          });
        }
        const log = await call(owner, 'GET', `/api/businesses/${business.id}/webhooks/${hook.id}/deliveries`);
        expect(log.json<{ items: unknown[] }>().items).toEqual([
          expect.objectContaining({
            event: 'tip.received',
            attempts: 2,
            lastStatus: 200,
            nextAttemptAt: null,
          }),
        ]);
      } finally {
        await new Promise((resolve) => receiver.close(resolve));
      }
    });
  });

  describe('the spec §6 permission matrix, on every business route', () => {
    const EVERY_BUSINESS_USER: BusinessPermission[] = [
      'manageTips',
      'manageWallets',
      'manageQrCodes',
      'viewAnalytics',
    ];
    const OWNER_OR_ENTERPRISE: BusinessPermission[] = [
      'viewTeamAnalytics',
      'viewRevenue',
      'exportFinancials',
      'manageContent',
      'viewInsights',
    ];
    const OWNER: BusinessPermission[] = [
      'manageTeam',
      'inviteMembers',
      'removeMembers',
      'configurePayments',
      'configureBusiness',
      'managePolicies',
      'manageBranding',
    ];
    const ENTERPRISE: BusinessPermission[] = ['manageRoles', 'manageIntegrations', 'manageCampaigns'];
    const CUSTOM_ROLE: BusinessPermission[] = ['viewRevenue', 'exportFinancials'];
    /** What each role may do, written from spec §6 (not computed by the code under test). */
    const MATRIX: Record<string, BusinessPermission[]> = {
      owner: [...OWNER, ...OWNER_OR_ENTERPRISE, ...EVERY_BUSINESS_USER],
      'enterprise owner': [...OWNER, ...ENTERPRISE, ...OWNER_OR_ENTERPRISE, ...EVERY_BUSINESS_USER],
      'custom role': [...EVERY_BUSINESS_USER, ...CUSTOM_ROLE],
      'approved member': EVERY_BUSINESS_USER,
      'pending member': [],
      'member of a suspended business': [],
      outsider: [],
    };
    const BODIES: Record<string, object | undefined> = {
      'PATCH /api/businesses/:id': { name: 'Renamed' },
      'POST /api/businesses/:id/invitations': { ztartag: 'nobody_here_0' },
      'PATCH /api/businesses/:id/members/:userId': { customRoleId: null },
      'POST /api/businesses/:id/roles': { name: 'Shift lead', permissions: [] },
      'POST /api/businesses/:id/distributions': {
        rule: 'equal',
        amountMinor: 100,
        currency: 'USD',
        preview: true,
      },
      'POST /api/businesses/:id/qr-codes': { title: 'Table', currency: 'USD' },
      'POST /api/businesses/:id/webhooks': { url: 'https://example.com/hook', events: ['tip.received'] },
    };
    const subjects: Record<string, { who: Person; businessId: string }> = {};

    beforeAll(async () => {
      const owner = await personAt('business');
      const business = await createBusiness(owner);
      const enterpriseOwner = await personAt('enterprise');
      const enterprise = await createBusiness(enterpriseOwner, 'Aurora Group');
      const suspendedOwner = await personAt('business');
      const suspended = await createBusiness(suspendedOwner, 'Closed Café');

      const [custom, approved, pending, suspendedMember, outsider] = await Promise.all([
        person(),
        person(),
        person(),
        person(),
        person(),
      ]);
      const role = await call(enterpriseOwner, 'POST', `/api/businesses/${enterprise.id}/roles`, {
        name: 'Accountant',
        permissions: CUSTOM_ROLE,
      });
      expect(role.statusCode, role.body).toBe(201);
      await join(enterpriseOwner, enterprise.id, custom);
      const given = await call(
        enterpriseOwner,
        'PATCH',
        `/api/businesses/${enterprise.id}/members/${custom.userId}`,
        {
          customRoleId: role.json<{ id: string }>().id,
        },
      );
      expect(given.statusCode, given.body).toBe(200);
      await join(owner, business.id, approved);
      expect((await inviteByTag(owner, business.id, pending.ztartag)).statusCode).toBe(201);
      await join(suspendedOwner, suspended.id, suspendedMember);
      await db().update(businesses).set({ status: 'suspended' }).where(eq(businesses.id, suspended.id));

      Object.assign(subjects, {
        owner: { who: owner, businessId: business.id },
        'enterprise owner': { who: enterpriseOwner, businessId: enterprise.id },
        'custom role': { who: custom, businessId: enterprise.id },
        'approved member': { who: approved, businessId: business.id },
        'pending member': { who: pending, businessId: business.id },
        'member of a suspended business': { who: suspendedMember, businessId: suspended.id },
        outsider: { who: outsider, businessId: business.id },
      });
    });

    const cases = Object.keys(MATRIX).flatMap((role) =>
      Object.entries(BUSINESS_ROUTE_PERMISSIONS).map(([route, permission]) => ({ role, route, permission })),
    );

    it.each(cases)('$role → $route ($permission)', async ({ role, route, permission }) => {
      const { who, businessId } = subjects[role]!;
      const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'DELETE', string];
      const url = pattern
        .replace(':id', businessId)
        .replace(':userId', randomUUID())
        .replace(':roleId', randomUUID())
        .replace(':webhookId', randomUUID());
      const answer = await call(who, method, url, BODIES[route]);
      const allowed = MATRIX[role]!.includes(permission);
      if (allowed) {
        expect(answer.statusCode, answer.body).not.toBe(403);
        expect(answer.statusCode, answer.body).toBeLessThan(500);
      } else {
        expect(errorOf(answer)).toMatchObject({ status: 403, code: 'forbidden', details: { permission } });
      }
    });

    it('reports each person’s permissions with the business, as the matrix has them', async () => {
      for (const role of ['owner', 'enterprise owner', 'custom role', 'approved member']) {
        const { who, businessId } = subjects[role]!;
        const business = (await call(who, 'GET', `/api/businesses/${businessId}`)).json<Business>();
        expect([...business.myPermissions].sort(), role).toEqual([...MATRIX[role]!].sort());
      }
    });
  });
});
