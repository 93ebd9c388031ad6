import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUSINESS_LIMITS, type BusinessPermission } from '@ztart/shared/business';
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
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, readOutbox } from '../../test/accounts.ts';
import { businessFixtures } from '../../test/business-fixtures.ts';
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
import { profiles, userRoles } from '../profiles/tables.ts';
import { renewOne } from './plans.ts';
import { businesses, PLATFORM_ACCOUNT_ID, planSubscriptions } from './tables.ts';

describe('businesses and teams', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-03-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({
      now: clock.now,
      rateLimits: ROOMY_RATE_LIMITS,
      // The test's webhook receiver listens on this machine's loopback address.
      config: { webhookAllowLoopback: true },
    });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const { call, errorOf, person, setLevel, personAt, createBusiness, inviteByTag, joinBusiness } =
    businessFixtures(() => testApp);
  /** The end of the person's paid period comes now (sessions would end if the clock moved a month). */
  let periodsEnded = 0;
  const endPeriod = (who: Person) =>
    db()
      .update(planSubscriptions)
      .set({ periodEnd: new Date(clock.now().getTime() - 60_000 * ++periodsEnded) })
      .where(eq(planSubscriptions.userId, who.userId));

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
      expect(first.json<Subscription>()).toMatchObject({
        level: 'business',
        pendingLevel: null,
        currency: 'USD',
      });
      const again = await call(
        claire,
        'POST',
        '/api/plans/subscription',
        { level: 'business' },
        { 'idempotency-key': key },
      );
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');

      expect(await availableOf(db(), claire.userId)).toBe(5_000 - PLAN_PRICES_MINOR.business.USD);
      expect(await availableOf(db(), PLATFORM_ACCOUNT_ID)).toBe(
        platformBefore + PLAN_PRICES_MINOR.business.USD,
      );
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
      await fund(db(), owner.userId, PLAN_PRICES_MINOR.enterprise.USD + PLAN_PRICES_MINOR.business.USD);
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
      await testApp.app.planRenewals.renewDue();
      const nextAnswer = await call(owner, 'GET', '/api/plans');
      expect(nextAnswer.statusCode, nextAnswer.body).toBe(200);
      const next = nextAnswer.json<PlansResponse>();
      expect(next.subscription).toMatchObject({ level: 'business', pendingLevel: null });
      expect(await availableOf(db(), owner.userId)).toBe(0);

      await endPeriod(owner);
      await testApp.app.planRenewals.renewDue();
      const lapsed = (await call(owner, 'GET', '/api/plans')).json<PlansResponse>();
      expect(lapsed.subscription).toEqual({
        level: 'freemium',
        periodEnd: null,
        pendingLevel: null,
        currency: null,
      });
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

    it('sets a logo (shown on the quick-tip page) and removes it', async () => {
      const owner = await personAt('business');
      const business = await createBusiness(owner);
      const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c63' } })
        .png()
        .toBuffer();
      const set = await testApp.app.inject(
        as(owner, {
          method: 'PUT',
          url: `/api/businesses/${business.id}/logo`,
          payload: png,
          headers: { 'content-type': 'image/png' },
        }),
      );
      expect(set.statusCode, set.body).toBe(200);
      const logoUrl = set.json<Business>().logoUrl;
      expect(logoUrl).toMatch(/^\/api\/avatars\//);
      const page = await testApp.app.inject({ method: 'GET', url: `/api/public/profiles/${business.tag}` });
      expect(page.json<QuickTipProfile>().business?.logoUrl).toBe(logoUrl);
      expect((await testApp.app.inject({ method: 'GET', url: logoUrl! })).statusCode).toBe(200);
      const removed = await call(owner, 'DELETE', `/api/businesses/${business.id}/logo`);
      expect(removed.json<Business>().logoUrl).toBeNull();
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
      await joinBusiness(claire, business.id, ana);
      await joinBusiness(claire, business.id, bruno);

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
      await joinBusiness(owner, business.id, a);
      await joinBusiness(owner, business.id, b);
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

  describe('money rules of plans and businesses', () => {
    const subscribeTo = (who: Person, level: 'business' | 'enterprise', currency?: 'USD' | 'EUR') =>
      call(
        who,
        'POST',
        '/api/plans/subscription',
        { level, ...(currency ? { currency } : {}) },
        { 'idempotency-key': randomUUID() },
      );
    const storedLevelOf = async (who: Person) =>
      (await db().select().from(profiles).where(eq(profiles.id, who.userId)))[0]?.userLevel;
    const accountOf = async (business: Business) =>
      (await db().select().from(businesses).where(eq(businesses.id, business.id)))[0]!.accountId;
    const distribute = (owner: Person, business: Business, amountMinor: number, key = randomUUID()) =>
      call(
        owner,
        'POST',
        `/api/businesses/${business.id}/distributions`,
        { rule: 'equal', amountMinor, currency: 'USD' },
        { 'idempotency-key': key },
      );

    it('renews in the background worker only: reads (the owner’s, a stranger’s) compute the lower level and move nothing', async () => {
      const owner = await person();
      await fund(db(), owner.userId, PLAN_PRICES_MINOR.business.USD * 2);
      expect((await subscribeTo(owner, 'business')).statusCode).toBe(200);
      const business = await createBusiness(owner);
      await endPeriod(owner);
      const platformBefore = await availableOf(db(), PLATFORM_ACCOUNT_ID);

      const stranger = await person();
      expect((await call(stranger, 'GET', `/api/businesses/${business.id}`)).statusCode).toBe(403);
      const read = (await call(owner, 'GET', '/api/plans')).json<PlansResponse>();
      // The period ended and was not renewed yet: it reads as freemium, and nothing was written.
      expect(read.subscription).toMatchObject({ level: 'freemium', periodEnd: null });
      const mine = (await call(owner, 'GET', '/api/businesses')).json<{ items: Business[] }>();
      expect(mine.items.find((item) => item.id === business.id)?.plan).toBe('none');
      expect(await storedLevelOf(owner)).toBe('business');
      expect(await availableOf(db(), owner.userId)).toBe(PLAN_PRICES_MINOR.business.USD);
      expect(await availableOf(db(), PLATFORM_ACCOUNT_ID)).toBe(platformBefore);

      // Two instances at once renew the period once.
      await Promise.all([testApp.app.planRenewals.renewDue(), testApp.app.planRenewals.renewDue()]);
      await testApp.app.planRenewals.renewDue();
      expect(await availableOf(db(), owner.userId)).toBe(0);
      expect(await availableOf(db(), PLATFORM_ACCOUNT_ID)).toBe(
        platformBefore + PLAN_PRICES_MINOR.business.USD,
      );
      const renewed = (await call(owner, 'GET', '/api/plans')).json<PlansResponse>();
      expect(renewed.subscription).toMatchObject({ level: 'business', pendingLevel: null, currency: 'USD' });
      expect(new Date(renewed.subscription.periodEnd!).getTime()).toBeGreaterThan(clock.now().getTime());
      await expectLedgerSound(db());
    });

    it('pays a period once when a renewal is tried again after a crash or from a stale read', async () => {
      const owner = await person();
      await fund(db(), owner.userId, PLAN_PRICES_MINOR.enterprise.USD * 3);
      expect((await subscribeTo(owner, 'enterprise')).statusCode).toBe(200);
      await endPeriod(owner);
      const [due] = await db()
        .select()
        .from(planSubscriptions)
        .where(eq(planSubscriptions.userId, owner.userId));
      // A crash after the payment, before the commit: everything is rolled back.
      await expect(
        db().transaction(async (tx) => {
          await renewOne(tx, due!, clock.now());
          throw new Error('crash');
        }),
      ).rejects.toThrow('crash');
      expect(await availableOf(db(), owner.userId)).toBe(PLAN_PRICES_MINOR.enterprise.USD * 2);
      // The same period renewed twice (a stale copy of the row): paid once, under its key.
      await db().transaction((tx) => renewOne(tx, due!, clock.now()));
      await db().transaction((tx) => renewOne(tx, due!, clock.now()));
      await testApp.app.planRenewals.renewDue();
      expect(await availableOf(db(), owner.userId)).toBe(PLAN_PRICES_MINOR.enterprise.USD);
      expect(await storedLevelOf(owner)).toBe('enterprise');
      await expectLedgerSound(db());
    });

    it('downgrades a renewal that cannot be paid and tells the person, in a notification', async () => {
      const owner = await person();
      await fund(db(), owner.userId, PLAN_PRICES_MINOR.business.USD);
      expect((await subscribeTo(owner, 'business')).statusCode).toBe(200);
      await endPeriod(owner);
      const outcomes = await testApp.app.planRenewals.renewDue();
      expect(outcomes).toContainEqual({ userId: owner.userId, outcome: 'unpaid', level: 'business' });
      expect(await storedLevelOf(owner)).toBe('freemium');
      const notes = (await call(owner, 'GET', '/api/notifications')).json();
      expect(notes.items[0]).toMatchObject({
        type: 'system',
        event: 'plan_renewal_failed',
        data: { planLevel: 'business', amountMinor: PLAN_PRICES_MINOR.business.USD, currency: 'USD' },
      });
      await expectLedgerSound(db());
    });

    it('keeps a level an admin set: no renewal charge, no downgrade, until the person changes it', async () => {
      const admin = await person();
      await db().insert(userRoles).values({ userId: admin.userId, role: 'admin' });
      const owner = await person();
      await fund(db(), owner.userId, PLAN_PRICES_MINOR.business.USD * 2);
      expect((await subscribeTo(owner, 'business')).statusCode).toBe(200);
      const set = await call(admin, 'PATCH', `/api/admin/users/${owner.userId}`, { userLevel: 'enterprise' });
      expect(set.statusCode, set.body).toBe(200);
      await endPeriod(owner);
      await testApp.app.planRenewals.renewDue();
      expect(await storedLevelOf(owner)).toBe('enterprise');
      expect(await availableOf(db(), owner.userId)).toBe(PLAN_PRICES_MINOR.business.USD);
      const plans = (await call(owner, 'GET', '/api/plans')).json<PlansResponse>();
      expect(plans.subscription).toMatchObject({ level: 'enterprise', periodEnd: null, pendingLevel: null });
      // The person chooses a lower plan: without a paid period it starts now, nothing is charged.
      const down = await subscribeTo(owner, 'business');
      expect(down.json<Subscription>()).toMatchObject({ level: 'business', periodEnd: null });
      expect(await availableOf(db(), owner.userId)).toBe(PLAN_PRICES_MINOR.business.USD);
    });

    it('prices each plan in every wallet currency and charges the wallet in its own currency', async () => {
      const owner = await person();
      await fund(db(), owner.userId, 10_000, 'EUR');
      const plans = (await call(owner, 'GET', '/api/plans')).json<PlansResponse>();
      const business = plans.items.find((plan) => plan.level === 'business')!;
      expect(business).toMatchObject({ currency: 'EUR', priceMinor: PLAN_PRICES_MINOR.business.EUR });
      expect(business.prices).toEqual([
        { currency: 'USD', priceMinor: 2_900 },
        { currency: 'EUR', priceMinor: 2_700 },
        { currency: 'BRL', priceMinor: 15_900 },
        { currency: 'MXN', priceMinor: 52_900 },
      ]);
      const platformBefore = await availableOf(db(), PLATFORM_ACCOUNT_ID, 'EUR');
      expect((await subscribeTo(owner, 'business', 'EUR')).statusCode).toBe(200);
      expect(await availableOf(db(), owner.userId, 'EUR')).toBe(10_000 - 2_700);
      await endPeriod(owner);
      await testApp.app.planRenewals.renewDue();
      expect(await availableOf(db(), owner.userId, 'EUR')).toBe(10_000 - 2 * 2_700);
      expect(await availableOf(db(), PLATFORM_ACCOUNT_ID, 'EUR')).toBe(platformBefore + 2 * 2_700);
      await expectLedgerSound(db());
    });

    it('refuses to delete an owner whose business holds money, then closes the business with the account', async () => {
      const owner = await personAt('business');
      const business = await createBusiness(owner);
      const ana = await person();
      await joinBusiness(owner, business.id, ana);
      await fund(db(), await accountOf(business), 1_000);
      const remove = () =>
        call(owner, 'DELETE', '/api/profiles/me', { confirmation: 'DELETE', password: owner.password });
      const refused = await remove();
      expect(errorOf(refused)).toMatchObject({
        status: 409,
        code: 'business_balance_not_empty',
        details: {
          businesses: [
            {
              businessId: business.id,
              name: 'Café Aurora',
              balances: [{ kind: 'available', currency: 'USD', amountMinor: 1_000 }],
            },
          ],
        },
      });
      const [still] = await db().select().from(businesses).where(eq(businesses.id, business.id));
      expect(still?.status).toBe('active');

      expect((await distribute(owner, business, 1_000)).statusCode).toBe(201);
      expect((await remove()).statusCode).toBe(204);
      const [closed] = await db().select().from(businesses).where(eq(businesses.id, business.id));
      expect(closed?.status).toBe('closed');
      // The quick-tip page reads a closed business's tag as nobody's, as paying it does.
      const page = await testApp.app.inject({ method: 'GET', url: `/api/public/profiles/${business.tag}` });
      expect(errorOf(page)).toMatchObject({ status: 404, code: 'recipient_user_not_found' });
      const customer = await person();
      await fund(db(), customer.userId, 500);
      const tip = await call(
        customer,
        'POST',
        '/api/tips',
        { receiver: business.tag, amountMinor: 500, currency: 'USD', source: 'wallet' },
        { 'idempotency-key': randomUUID() },
      );
      expect(tip.statusCode).toBe(404);
      expect(await availableOf(db(), customer.userId)).toBe(500);
      expect(await availableOf(db(), await accountOf(business))).toBe(0);
      await expectLedgerSound(db());
    });

    it('asks for the owner’s PIN above the no-PIN amount, as a transfer does', async () => {
      const owner = await personAt('business');
      const business = await createBusiness(owner);
      await joinBusiness(owner, business.id, await person());
      await fund(db(), await accountOf(business), 20_000);
      const created = await call(owner, 'POST', '/api/pin', { pin: '4821', pinConfirmation: '4821' });
      expect(created.statusCode).toBe(201);
      clock.advance({ minutes: 6 });
      const locked = await distribute(owner, business, AMOUNT_LIMITS.noPinMaxMinor + 1);
      expect(errorOf(locked)).toMatchObject({ status: 403, code: 'pin_required' });
      expect(await availableOf(db(), await accountOf(business))).toBe(20_000);
      expect((await distribute(owner, business, AMOUNT_LIMITS.noPinMaxMinor)).statusCode).toBe(201);
      const verified = await call(owner, 'POST', '/api/pin/verify', { pin: '4821' });
      expect(verified.statusCode).toBe(200);
      expect((await distribute(owner, business, AMOUNT_LIMITS.noPinMaxMinor + 1)).statusCode).toBe(201);
      expect(await availableOf(db(), await accountOf(business))).toBe(
        20_000 - 2 * AMOUNT_LIMITS.noPinMaxMinor - 1,
      );
    });

    it('holds an unverified owner’s payouts to the daily cap', async () => {
      const owner = await createPerson(testApp.app, db());
      await setLevel(owner, 'business');
      const business = await createBusiness(owner);
      await joinBusiness(owner, business.id, await person());
      await fund(db(), await accountOf(business), AMOUNT_LIMITS.unverifiedDailyMinor * 2);
      const over = await distribute(owner, business, AMOUNT_LIMITS.unverifiedDailyMinor + 1);
      expect(errorOf(over)).toMatchObject({
        status: 422,
        code: 'limit_exceeded',
        details: { limit: 'daily' },
      });
      expect((await distribute(owner, business, AMOUNT_LIMITS.unverifiedDailyMinor)).statusCode).toBe(201);
      const more = await distribute(owner, business, 1);
      expect(errorOf(more)).toMatchObject({
        status: 422,
        code: 'limit_exceeded',
        details: { limit: 'daily' },
      });
    });

    it('counts transfers out of a business against its monthly limit, even from concurrent payouts', async () => {
      const owner = await personAt('business');
      const business = await createBusiness(owner);
      await joinBusiness(owner, business.id, await person());
      const accountId = await accountOf(business);
      await fund(db(), accountId, 1_000);
      const max = BUSINESS_LIMITS.business.monthlyTransfers;
      const seed = (count: number, at: Date) =>
        db().execute(sql`
          INSERT INTO transactions (user_id, type, kind, status, amount_minor, currency, description, group_id, created_at)
          SELECT ${accountId}::uuid, 'expense', 'transfer_out', 'completed', 1, 'USD', 'earlier', gen_random_uuid(), ${at.toISOString()}::timestamptz
          FROM generate_series(1, ${count})`);
      // Last month's transfers do not count; this month leaves room for exactly one.
      await seed(5, new Date('2026-02-27T12:00:00Z'));
      await seed(max - 1, new Date(Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth(), 1)));
      const answers = await Promise.all([1, 2, 3].map(() => distribute(owner, business, 100)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422]);
      const refused = answers.find((answer) => answer.statusCode === 422)!;
      expect(errorOf(refused)).toMatchObject({
        code: 'limit_exceeded',
        details: { limit: 'monthlyTransfers', max },
      });
      expect(await availableOf(db(), accountId)).toBe(900);
      await expectLedgerSound(db());
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
      'POST /api/businesses/:id/webhooks': { url: 'https://93.184.215.14/hook', events: ['tip.received'] },
      'POST /api/businesses/:id/api-keys': { name: 'Till' },
      'POST /api/businesses/:id/campaigns': {
        name: 'Summer',
        startsOn: '2026-06-01',
        endsOn: '2026-06-30',
        goalMinor: 10_000,
      },
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
      await joinBusiness(enterpriseOwner, enterprise.id, custom);
      const given = await call(
        enterpriseOwner,
        'PATCH',
        `/api/businesses/${enterprise.id}/members/${custom.userId}`,
        {
          customRoleId: role.json<{ id: string }>().id,
        },
      );
      expect(given.statusCode, given.body).toBe(200);
      await joinBusiness(owner, business.id, approved);
      expect((await inviteByTag(owner, business.id, pending.ztartag)).statusCode).toBe(201);
      await joinBusiness(suspendedOwner, suspended.id, suspendedMember);
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
      const [method, pattern] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', string];
      const url = pattern
        .replace(':id', businessId)
        .replace(':userId', randomUUID())
        .replace(':roleId', randomUUID())
        .replace(':webhookId', randomUUID())
        .replace(':qrCodeId', randomUUID())
        .replace(':campaignId', randomUUID())
        .replace(':invitationId', randomUUID())
        .replace(':keyId', randomUUID());
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
