import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_KEYS_PER_BUSINESS,
  type ApiKey,
  type BusinessInvitation,
  type BusinessMemberListResponse,
  type CreatedApiKey,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOKS_PER_BUSINESS,
  type Webhook,
  type WebhookDelivery,
} from '@ztart/shared/contracts/businesses';
import type { Invoice } from '@ztart/shared/contracts/invoices';
import { RATE_LIMITS } from '@ztart/shared/limits';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessFixtures } from '../../test/business-fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import {
  availableOf,
  expectLedgerSound,
  fund,
  type Person,
  postTransfer,
  ROOMY_RATE_LIMITS,
  uniqueZtartag,
} from '../../test/transfer-fixtures.ts';
import { profiles } from '../profiles/tables.ts';
import { EVENT_SWEEP_PERIOD_MS } from '../webhook-sweep/sweep.ts';
import { businessMembers, businessWebhooks, planSubscriptions, webhookDeliveries } from './tables.ts';
import { CLAIM_SECONDS, DELIVERY_TIMEOUT_MS } from './webhooks.ts';

/** A receiver on loopback: records what it gets and answers what `status` says (or holds the answer). */
interface Receiver {
  url: string;
  received: { event: string; body: string; signature: string }[];
  status: number;
  hold: Promise<void> | null;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const state: Receiver = {
    url: '',
    received: [],
    status: 200,
    hold: null,
    close: async () => {},
  };
  const server: Server = createServer((incoming, answer) => {
    let body = '';
    incoming.on('data', (chunk) => {
      body += chunk;
    });
    incoming.on('end', async () => {
      state.received.push({
        event: (JSON.parse(body) as { event: string }).event,
        body,
        signature: String(incoming.headers[WEBHOOK_SIGNATURE_HEADER]),
      });
      if (state.hold) await state.hold;
      answer.statusCode = state.status;
      answer.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

describe('business integrations, limits and invitations', () => {
  let testApp: TestApp;
  let receiver: Receiver;
  const clock = createTestClock(new Date('2026-03-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({
      now: clock.now,
      rateLimits: ROOMY_RATE_LIMITS,
      config: { webhookAllowLoopback: true },
    });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const { call, errorOf, person, personAt, createBusiness, invite, accept } = businessFixtures(() => testApp);
  const addWebhook = async (owner: Person, businessId: string, events: string[]) => {
    const answer = await call(owner, 'POST', `/api/businesses/${businessId}/webhooks`, {
      url: receiver.url,
      events,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Webhook>();
  };
  const verifySignature = (secret: string, delivery: { body: string; signature: string }) => {
    const [t, v1] = delivery.signature.split(',').map((part) => part.split('=')[1]);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex'));
  };
  /** One more business is refused: the owner already has the most their level allows. */
  const expectBusinessCap = async (owner: Person, max: number) => {
    const another = await call(owner, 'POST', '/api/businesses', {
      name: 'Branch',
      tag: uniqueZtartag('biz'),
      currency: 'USD',
    });
    expect(errorOf(another)).toMatchObject({
      status: 422,
      code: 'limit_exceeded',
      details: { limit: 'businesses', max },
    });
  };
  /** A tip from the customer's wallet to the business's tag, which must go through. */
  const tipFromWallet = async (customer: Person, business: { tag: string }, amountMinor: number) => {
    const tip = await call(
      customer,
      'POST',
      '/api/tips',
      { receiver: business.tag, amountMinor, currency: 'USD', source: 'wallet' },
      { 'idempotency-key': randomUUID() },
    );
    expect(tip.statusCode, tip.body).toBe(201);
  };
  /** Every event queued after what was committed, then every due delivery sent. */
  const deliverAll = async () => {
    await testApp.app.businessEvents.idle();
    return testApp.app.webhooks.deliverDue();
  };

  describe('webhook addresses', () => {
    it('refuses private, loopback-by-name, metadata and credentialed addresses with a 422, and keeps nothing', async () => {
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner);
      for (const url of [
        'http://169.254.169.254/latest/meta-data',
        'https://10.0.0.8/hook',
        'https://[fd00::1]/hook',
        'https://localhost/hook',
        'http://[::ffff:a9fe:a9fe]/latest/meta-data',
        'https://user:secret@hooks.example.com/hook',
      ]) {
        const refused = await call(owner, 'POST', `/api/businesses/${business.id}/webhooks`, {
          url,
          events: ['tip.received'],
        });
        expect(errorOf(refused), url).toMatchObject({ status: 422, code: 'webhook_address_not_allowed' });
      }
      const listed = await call(owner, 'GET', `/api/businesses/${business.id}/webhooks`);
      expect(listed.json<{ items: Webhook[] }>().items).toEqual([]);
    });

    it('holds the webhook limit when many are added at once', async () => {
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner);
      const answers = await Promise.all(
        Array.from({ length: WEBHOOKS_PER_BUSINESS + 5 }, () =>
          call(owner, 'POST', `/api/businesses/${business.id}/webhooks`, {
            url: receiver.url,
            events: ['tip.received'],
          }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(WEBHOOKS_PER_BUSINESS);
      for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
        expect(errorOf(refused)).toMatchObject({
          status: 422,
          code: 'limit_exceeded',
          details: { limit: 'webhooks', max: WEBHOOKS_PER_BUSINESS },
        });
      }
      const [stored] = await db()
        .select({ n: count() })
        .from(businessWebhooks)
        .where(eq(businessWebhooks.businessId, business.id));
      expect(stored?.n).toBe(WEBHOOKS_PER_BUSINESS);
    });
  });

  describe('deliveries', () => {
    it('sends a delivery once while another round (another server) looks for due ones during its try', async () => {
      expect(CLAIM_SECONDS * 1000).toBeGreaterThan(2 * DELIVERY_TIMEOUT_MS);
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner);
      await addWebhook(owner, business.id, ['tip.received']);
      const customer = await person();
      await fund(db(), customer.userId, 500);
      await tipFromWallet(customer, business, 500);

      receiver.received.length = 0;
      let release = () => {};
      receiver.hold = new Promise((resolve) => {
        release = resolve;
      });
      const first = testApp.app.webhooks.deliverDue();
      while (receiver.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      // The first try is still waiting for its answer: others find nothing to send, even a while later.
      expect(await testApp.app.webhooks.deliverDue()).toBe(0);
      clock.advance({ seconds: CLAIM_SECONDS - 1 });
      expect(await testApp.app.webhooks.deliverDue()).toBe(0);
      release();
      receiver.hold = null;
      expect(await first).toBe(1);
      expect(receiver.received).toHaveLength(1);
      clock.advance({ seconds: CLAIM_SECONDS * 2 });
      expect(await testApp.app.webhooks.deliverDue()).toBe(0);
      expect(receiver.received).toHaveLength(1);
    });

    it('tells money into and out of the business wallet and invoices paid, signed, only to those who listen', async () => {
      const owner = await personAt('enterprise');
      await fund(db(), owner.userId, 100);
      const business = await createBusiness(owner);
      const hook = await addWebhook(owner, business.id, [
        'transfer.received',
        'transfer.sent',
        'invoice.paid',
      ]);
      const member = await person();
      await accept(member, (await invite(owner, business.id, member)).id);
      receiver.received.length = 0;

      const customer = await person();
      await fund(db(), customer.userId, 10_000);
      const sent = await postTransfer(testApp.app, customer, {
        recipient: business.tag,
        amountMinor: 700,
        note: 'Team lunch',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      // A tip is not listened to by this webhook.
      await tipFromWallet(customer, business, 100);
      const shared = await call(
        owner,
        'POST',
        `/api/businesses/${business.id}/distributions`,
        { rule: 'equal', amountMinor: 800, currency: 'USD', reason: 'March' },
        { 'idempotency-key': randomUUID() },
      );
      expect(shared.statusCode, shared.body).toBe(201);

      const created = await call(owner, 'POST', '/api/invoices', {
        customerName: 'Grace Hopper',
        customerEmail: 'grace@example.com',
        currency: 'USD',
        dueDate: '2026-05-31',
        taxRateBasisPoints: 0,
        lines: [{ description: 'Catering', quantity: 1, unitPriceMinor: 2_500 }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const invoice = (
        await call(owner, 'POST', `/api/invoices/${created.json<Invoice>().id}/send`)
      ).json<Invoice>();
      const code = invoice.payUrl?.split('/i/')[1] ?? '';
      const paid = await call(
        customer,
        'POST',
        `/api/public/invoices/${code}/payments`,
        { source: 'wallet' },
        { 'idempotency-key': randomUUID() },
      );
      expect(paid.statusCode, paid.body).toBe(201);

      expect(await deliverAll()).toBe(3);
      const events = receiver.received.map((delivery) => JSON.parse(delivery.body));
      expect(events.map((event) => event.event).sort()).toEqual([
        'invoice.paid',
        'transfer.received',
        'transfer.sent',
      ]);
      for (const delivery of receiver.received) verifySignature(hook.secret ?? '', delivery);
      expect(events.find((event) => event.event === 'transfer.received')).toMatchObject({
        businessId: business.id,
        data: {
          amountMinor: 700,
          currency: 'USD',
          note: 'Team lunch',
          counterparty: { ztartag: customer.ztartag },
        },
      });
      expect(events.find((event) => event.event === 'transfer.sent')).toMatchObject({
        data: { amountMinor: 800, currency: 'USD', counterparty: { ztartag: member.ztartag } },
      });
      expect(events.find((event) => event.event === 'invoice.paid')).toMatchObject({
        data: { invoiceId: invoice.id, number: invoice.number, amountMinor: 2_500, currency: 'USD' },
      });
      await expectLedgerSound(db());
    });

    it('queues what the live path missed (its process ended after the commit) in the next sweep, once, and only for webhooks that existed then', async () => {
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner);
      const hook = await addWebhook(owner, business.id, ['transfer.received', 'tip.received']);
      // A sweep of this period has run before the events: the next one starts from it.
      await testApp.app.eventSweeper.runOnce();

      const customer = await person();
      await fund(db(), customer.userId, 10_000);
      const sent = await postTransfer(testApp.app, customer, { recipient: business.tag, amountMinor: 321 });
      expect(sent.statusCode, sent.body).toBe(201);
      await tipFromWallet(customer, business, 123);
      await testApp.app.businessEvents.idle();
      const deliveriesOf = (webhookId: string) =>
        db().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId));
      const live = await deliveriesOf(hook.id);
      expect(live.map((delivery) => delivery.event).sort()).toEqual(['tip.received', 'transfer.received']);
      // The tip's event is lost, as if its process had ended between the tip's commit and the queueing.
      const lostTip = live.find((delivery) => delivery.event === 'tip.received');
      await db()
        .delete(webhookDeliveries)
        .where(eq(webhookDeliveries.id, lostTip?.id ?? ''));
      // A webhook made after the events is not told of them.
      clock.advance({ seconds: 1 });
      const later = await addWebhook(owner, business.id, ['transfer.received', 'tip.received']);

      clock.advance({ seconds: EVENT_SWEEP_PERIOD_MS / 1000 });
      // It looks at every business with a webhook (the earlier tests' too, whose events it finds queued).
      const outcome = await testApp.app.eventSweeper.runOnce();
      expect(outcome?.movements).toBeGreaterThanOrEqual(1);
      expect(outcome?.tips).toBeGreaterThanOrEqual(1);
      // Another instance asking in the same period finds it done.
      expect(await testApp.app.eventSweeper.runOnce()).toBeNull();

      const swept = await deliveriesOf(hook.id);
      expect(swept.map((delivery) => delivery.event).sort()).toEqual(['tip.received', 'transfer.received']);
      const tipEvent = swept.find((delivery) => delivery.event === 'tip.received');
      if (!tipEvent || !lostTip) throw new Error('the tip event is missing');
      // The same event the tip path queued: same data, same source.
      expect(tipEvent.id).not.toBe(lostTip.id);
      expect((tipEvent.payload as { data: unknown }).data).toEqual(
        (lostTip.payload as { data: unknown }).data,
      );
      expect(tipEvent.sourceKey).toBe(lostTip.sourceKey);
      expect(await deliveriesOf(later.id)).toEqual([]);
    });

    it('sends a signed ping from the test button and shows how it went in the log, without retrying it', async () => {
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner);
      const hook = await addWebhook(owner, business.id, ['tip.received']);
      receiver.received.length = 0;
      const ok = await call(owner, 'POST', `/api/businesses/${business.id}/webhooks/${hook.id}/test`);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json<WebhookDelivery>()).toMatchObject({ event: 'ping', attempts: 1, lastStatus: 200 });
      expect(ok.json<WebhookDelivery>().deliveredAt).not.toBeNull();
      expect(receiver.received.map((delivery) => delivery.event)).toEqual(['ping']);
      verifySignature(hook.secret ?? '', receiver.received[0]!);

      receiver.status = 500;
      clock.advance({ seconds: 1 });
      try {
        const failed = await call(owner, 'POST', `/api/businesses/${business.id}/webhooks/${hook.id}/test`);
        expect(failed.json<WebhookDelivery>()).toMatchObject({
          event: 'ping',
          attempts: 1,
          lastStatus: 500,
          deliveredAt: null,
          nextAttemptAt: null,
        });
      } finally {
        receiver.status = 200;
      }
      const log = await call(owner, 'GET', `/api/businesses/${business.id}/webhooks/${hook.id}/deliveries`);
      expect(
        log.json<{ items: WebhookDelivery[] }>().items.map((item) => [item.event, item.lastStatus]),
      ).toEqual([
        ['ping', 500],
        ['ping', 200],
      ]);
      const other = await createBusiness(await personAt('enterprise'));
      const notTheirs = await call(owner, 'POST', `/api/businesses/${other.id}/webhooks/${hook.id}/test`);
      expect(notTheirs.statusCode).toBe(403);
    });

    it('limits how often one person presses the test button', async () => {
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner);
      const hook = await addWebhook(owner, business.id, ['tip.received']);
      const test = () => call(owner, 'POST', `/api/businesses/${business.id}/webhooks/${hook.id}/test`);
      for (let index = 0; index < RATE_LIMITS.webhookTestPerUser.max; index += 1) {
        expect((await test()).statusCode).toBe(201);
      }
      receiver.received.length = 0;
      const refused = await test();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
      expect(receiver.received).toEqual([]);
    });
  });

  describe('team and business limits', () => {
    it('checks the team limit when an invitation is accepted, under a lock', async () => {
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner, 'Café Aurora');
      const people = await Promise.all(Array.from({ length: 6 }, () => person()));
      const invitations = [];
      for (const who of people) invitations.push(await invite(owner, business.id, who));
      // The plan went down to business (5 members) while six invitations wait.
      await db().update(profiles).set({ userLevel: 'business' }).where(eq(profiles.id, owner.userId));
      for (let index = 0; index < 4; index += 1) {
        const accepted = await accept(people[index]!, invitations[index]!.id);
        expect(accepted.statusCode, accepted.body).toBe(200);
      }
      const lastTwo = await Promise.all([
        accept(people[4]!, invitations[4]!.id),
        accept(people[5]!, invitations[5]!.id),
      ]);
      expect(lastTwo.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
      const refused = lastTwo.find((answer) => answer.statusCode === 422)!;
      expect(errorOf(refused)).toMatchObject({
        code: 'limit_exceeded',
        details: { limit: 'teamMembers', max: 5 },
      });
      const approved = await db()
        .select({ n: count() })
        .from(businessMembers)
        .where(eq(businessMembers.approvalStatus, 'approved'));
      const team = (
        await call(owner, 'GET', `/api/businesses/${business.id}/members`)
      ).json<BusinessMemberListResponse>();
      expect(team.items.filter((item) => item.approvalStatus === 'approved')).toHaveLength(6);
      expect(approved[0]?.n).toBeGreaterThanOrEqual(5);
    });

    it('caps the businesses one owner opens: 1 on business (even at once), 10 on enterprise', async () => {
      const owner = await personAt('business');
      const answers = await Promise.all(
        ['One', 'Two', 'Three'].map((name) =>
          call(owner, 'POST', '/api/businesses', { name, tag: uniqueZtartag('biz'), currency: 'USD' }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422]);
      expect(errorOf(answers.find((answer) => answer.statusCode === 422)!)).toMatchObject({
        code: 'limit_exceeded',
        details: { limit: 'businesses', max: 1 },
      });

      const big = await personAt('enterprise');
      for (let index = 0; index < 10; index += 1) await createBusiness(big, `Branch ${index}`);
      await expectBusinessCap(big, 10);
    });

    it('holds an owner whose enterprise period ended unpaid to the level it fell to: one business, no webhooks', async () => {
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner);
      const hook = await addWebhook(owner, business.id, ['tip.received']);
      await db()
        .insert(planSubscriptions)
        .values({
          userId: owner.userId,
          level: 'enterprise',
          currency: 'USD',
          periodEnd: new Date(clock.now().getTime() - 60_000),
          pendingLevel: 'business',
        });

      await expectBusinessCap(owner, 1);
      // Still a business: it takes tips, but its integrations (enterprise's) hear nothing.
      const customer = await person();
      await fund(db(), customer.userId, 500);
      await tipFromWallet(customer, business, 500);
      await deliverAll();
      const [queued] = await db()
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, hook.id));
      expect(queued?.n).toBe(0);
    });

    it('lets the owner revoke a pending invitation, which can then not be accepted', async () => {
      const owner = await personAt('business');
      const business = await createBusiness(owner, 'Café Aurora');
      const invitee = await person();
      const invitation = await invite(owner, business.id, invitee);
      const byEmail = await call(owner, 'POST', `/api/businesses/${business.id}/invitations`, {
        email: 'someone.new@example.com',
      });
      expect(byEmail.statusCode, byEmail.body).toBe(201);
      const emailInvitation = byEmail.json<BusinessInvitation>();

      const outsider = await person();
      const notAllowed = await call(
        outsider,
        'DELETE',
        `/api/businesses/${business.id}/invitations/${invitation.id}`,
      );
      expect(errorOf(notAllowed)).toMatchObject({
        status: 403,
        code: 'forbidden',
        details: { permission: 'inviteMembers' },
      });

      for (const id of [invitation.id, emailInvitation.id]) {
        const revoked = await call(owner, 'DELETE', `/api/businesses/${business.id}/invitations/${id}`);
        expect(revoked.statusCode, revoked.body).toBe(204);
        const again = await call(owner, 'DELETE', `/api/businesses/${business.id}/invitations/${id}`);
        expect(again.statusCode).toBe(404);
      }
      expect((await accept(invitee, invitation.id)).statusCode).toBe(404);
      const team = (
        await call(owner, 'GET', `/api/businesses/${business.id}/members`)
      ).json<BusinessMemberListResponse>();
      expect(team.invitations).toEqual([]);
      expect(team.used).toBe(0);

      // An answered invitation is a membership: it is removed, not revoked.
      const member = await person();
      const joined = await invite(owner, business.id, member);
      expect((await accept(member, joined.id)).statusCode).toBe(200);
      const late = await call(owner, 'DELETE', `/api/businesses/${business.id}/invitations/${joined.id}`);
      expect(late.statusCode).toBe(404);
    });
  });

  describe('API keys', () => {
    it('reads its own business’s wallet and transactions read-only, and nothing else; revoked, it opens nothing', async () => {
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner);
      const other = await createBusiness(await personAt('enterprise'), 'Other Group');
      const customer = await person();
      await fund(db(), customer.userId, 1_000);
      expect(
        (await postTransfer(testApp.app, customer, { recipient: business.tag, amountMinor: 600 })).statusCode,
      ).toBe(201);

      const created = await call(owner, 'POST', `/api/businesses/${business.id}/api-keys`, { name: 'Till' });
      expect(created.statusCode, created.body).toBe(201);
      const key = created.json<CreatedApiKey>();
      expect(key.key.startsWith(key.prefix)).toBe(true);
      const listed = (await call(owner, 'GET', `/api/businesses/${business.id}/api-keys`)).json<{
        items: ApiKey[];
      }>();
      expect(listed.items).toEqual([
        expect.objectContaining({ id: key.id, name: 'Till', prefix: key.prefix, lastUsedAt: null }),
      ]);
      expect(JSON.stringify(listed)).not.toContain(key.key);

      const bearer = { authorization: `Bearer ${key.key}` };
      const wallet = await call(null, 'GET', `/api/businesses/${business.id}/wallet`, undefined, bearer);
      expect(wallet.statusCode, wallet.body).toBe(200);
      expect(wallet.json()).toEqual({ balances: [{ currency: 'USD', availableMinor: 600 }] });
      const history = await call(
        null,
        'GET',
        `/api/businesses/${business.id}/transactions`,
        undefined,
        bearer,
      );
      expect(history.statusCode, history.body).toBe(200);
      expect(history.json<{ items: { amountMinor: number; kind: string }[] }>().items).toEqual([
        expect.objectContaining({ amountMinor: 600, kind: 'transfer_in' }),
      ]);
      const used = (await call(owner, 'GET', `/api/businesses/${business.id}/api-keys`)).json<{
        items: ApiKey[];
      }>();
      expect(used.items[0]?.lastUsedAt).not.toBeNull();

      // Another business, any other route, and money above all: refused, nothing moved.
      expect(
        (await call(null, 'GET', `/api/businesses/${other.id}/wallet`, undefined, bearer)).statusCode,
      ).toBe(401);
      expect(
        (await call(null, 'GET', `/api/businesses/${business.id}/members`, undefined, bearer)).statusCode,
      ).toBe(401);
      expect((await call(null, 'GET', `/api/businesses/${business.id}`, undefined, bearer)).statusCode).toBe(
        401,
      );
      expect((await call(null, 'GET', '/api/wallet', undefined, bearer)).statusCode).toBe(401);
      const member = await person();
      const payout = await call(
        null,
        'POST',
        `/api/businesses/${business.id}/distributions`,
        { rule: 'equal', shares: [{ userId: member.userId }], amountMinor: 600, currency: 'USD' },
        { ...bearer, 'idempotency-key': randomUUID() },
      );
      expect(payout.statusCode).toBe(401);
      const transfer = await call(
        null,
        'POST',
        '/api/transfers',
        { recipient: member.ztartag, amountMinor: 600, currency: 'USD' },
        { ...bearer, 'idempotency-key': randomUUID() },
      );
      expect(transfer.statusCode).toBe(401);
      expect(await availableOf(db(), member.userId)).toBe(0);

      const revoked = await call(owner, 'DELETE', `/api/businesses/${business.id}/api-keys/${key.id}`);
      expect(revoked.statusCode).toBe(204);
      expect(
        (await call(null, 'GET', `/api/businesses/${business.id}/wallet`, undefined, bearer)).statusCode,
      ).toBe(401);
      expect(
        (await call(owner, 'GET', `/api/businesses/${business.id}/api-keys`)).json<{ items: ApiKey[] }>()
          .items,
      ).toEqual([]);
      await expectLedgerSound(db());
    });

    it('keeps at most the limit of live keys, and only for enterprise owners', async () => {
      const owner = await personAt('enterprise');
      const business = await createBusiness(owner);
      const answers = await Promise.all(
        Array.from({ length: API_KEYS_PER_BUSINESS + 2 }, (_, index) =>
          call(owner, 'POST', `/api/businesses/${business.id}/api-keys`, { name: `Key ${index}` }),
        ),
      );
      expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(API_KEYS_PER_BUSINESS);
      const businessOwner = await personAt('business');
      const small = await createBusiness(businessOwner, 'Café');
      const refused = await call(businessOwner, 'POST', `/api/businesses/${small.id}/api-keys`, {
        name: 'Till',
      });
      expect(errorOf(refused)).toMatchObject({ status: 403, details: { permission: 'manageIntegrations' } });
    });
  });
});
