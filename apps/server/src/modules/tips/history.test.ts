import type { QuickTipProfile, TipListResponse, TipTotal } from '@ztart/shared/contracts/qr-codes';
import { DELETE_CONFIRMATION_WORD } from '@ztart/shared/validation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../integrations/card-processor/sandbox.ts';
import { as, type SignedInPerson, signIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { postTip, ROOMY_TIP_RATE_LIMITS, testCard } from '../../test/tip-fixtures.ts';
import { createPerson, fund, type Person } from '../../test/transfer-fixtures.ts';
import { tips } from './tables.ts';

const SETTLEMENT_DELAY_MS = 4_000;

describe('tips received and sent', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-01T12:00:00Z'));
  let receiver: Person;
  let fan: Person;
  const ids: Record<string, string> = {};

  const db = () => testApp.database.db;
  const list = async (who: SignedInPerson, url: string) => {
    const answer = await testApp.app.inject(as(who, { method: 'GET', url }));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<TipListResponse>();
  };
  const settle = () => {
    clock.advance({ seconds: SETTLEMENT_DELAY_MS / 1000 });
    return testApp.app.settlement.settleDue(clock.now());
  };

  /**
   * The receiver's story, oldest first: a card tip 10 days ago (completed), a EUR card tip 3 days
   * ago (completed), a wallet tip from a fan today (completed), a declined card today (refused), a
   * card tip that fails at settlement and a card tip still pending, both today.
   */
  beforeAll(async () => {
    testApp = await buildTestApp({
      now: clock.now,
      config: { cardSettlementDelayMs: SETTLEMENT_DELAY_MS },
      rateLimits: ROOMY_TIP_RATE_LIMITS,
    });
    receiver = await createPerson(testApp.app, db(), { fullName: 'Rita Receiver' });
    const tip = async (
      name: string,
      ...args: Parameters<typeof postTip> extends [unknown, ...infer R] ? R : never
    ) => {
      const answer = await postTip(testApp.app, ...args);
      ids[name] = answer.json().tip?.id;
      return answer;
    };

    expect((await tip('old', { receiver: receiver.ztartag, amountMinor: 1_000 })).statusCode).toBe(201);
    await settle();
    clock.advance({ days: 7 });
    expect(
      (await tip('euro', { receiver: receiver.ztartag, amountMinor: 2_000, currency: 'EUR' })).statusCode,
    ).toBe(201);
    await settle();
    clock.advance({ days: 3 });
    // Sessions have ended in those ten days: the receiver signs in again, the fan arrives.
    receiver = { ...receiver, ...(await signIn(testApp.app, receiver)) };
    fan = await createPerson(testApp.app, db(), { fullName: 'Fran Fan', phoneVerified: true });
    await fund(db(), fan.userId, 10_000);
    expect(
      (await tip('fan', { receiver: receiver.ztartag, source: 'wallet', amountMinor: 300 }, { as: fan }))
        .statusCode,
    ).toBe(201);
    clock.advance({ minutes: 1 });
    expect(
      (
        await tip(
          'declined',
          { receiver: receiver.ztartag, card: testCard(SANDBOX_TEST_CARDS.declined) },
          { as: fan },
        )
      ).statusCode,
    ).toBe(402);
    // A refusal answers no tip: its row is found by its sender.
    const [refused] = await db()
      .select({ id: tips.id })
      .from(tips)
      .where(and(eq(tips.senderId, fan.userId), eq(tips.status, 'failed')));
    ids.declined = refused!.id;
    clock.advance({ minutes: 1 });
    expect(
      (
        await tip('failing', {
          receiver: receiver.ztartag,
          card: testCard(SANDBOX_TEST_CARDS.failsAtSettlement),
        })
      ).statusCode,
    ).toBe(201);
    await settle();
    clock.advance({ minutes: 1 });
    expect((await tip('pending', { receiver: receiver.ztartag, amountMinor: 700 })).statusCode).toBe(201);
  });
  afterAll(() => testApp.close());

  it('lists what the receiver got, newest first, leaving out cards refused before any money moved', async () => {
    const page = await list(receiver, '/api/tips/received');

    expect(page.items.map((item) => [item.id, item.status])).toEqual([
      [ids.pending, 'pending'],
      [ids.failing, 'failed'],
      [ids.fan, 'completed'],
      [ids.euro, 'completed'],
      [ids.old, 'completed'],
    ]);
    expect(page.items[2]).toMatchObject({
      source: 'wallet',
      sender: { ztartag: fan.ztartag, displayName: 'Fran Fan' },
    });
    expect(page.items[0]).toMatchObject({
      source: 'card',
      sender: null,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(page.nextCursor).toBeNull();
    // The payer's receipt contact and address are never part of a tip.
    expect(JSON.stringify(page)).not.toMatch(/senderEmail|senderPhone|payerIp/);
  });

  it('totals completed and pending tips per currency over rolling periods, whatever the filters', async () => {
    const totals = (await list(receiver, '/api/tips/received?status=failed&limit=1')).totals;

    const usd = (period: TipTotal['period']) =>
      totals.find((t) => t.currency === 'USD' && t.period === period);
    expect(usd('last24h')).toEqual({
      currency: 'USD',
      period: 'last24h',
      completedMinor: 300,
      pendingMinor: 700,
      count: 2,
    });
    expect(usd('last7d')).toMatchObject({ completedMinor: 300, pendingMinor: 700, count: 2 });
    expect(usd('last30d')).toMatchObject({ completedMinor: 1_300, pendingMinor: 700, count: 3 });
    expect(usd('all')).toMatchObject({ completedMinor: 1_300, pendingMinor: 700, count: 3 });
    expect(totals.filter((t) => t.currency === 'EUR')).toEqual([
      { currency: 'EUR', period: 'last24h', completedMinor: 0, pendingMinor: 0, count: 0 },
      { currency: 'EUR', period: 'last7d', completedMinor: 2_000, pendingMinor: 0, count: 1 },
      { currency: 'EUR', period: 'last30d', completedMinor: 2_000, pendingMinor: 0, count: 1 },
      { currency: 'EUR', period: 'all', completedMinor: 2_000, pendingMinor: 0, count: 1 },
    ]);
    expect(totals.map((t) => t.currency)).toEqual(['USD', 'USD', 'USD', 'USD', 'EUR', 'EUR', 'EUR', 'EUR']);
  });

  it('pages by cursor and filters by status and currency', async () => {
    const first = await list(receiver, '/api/tips/received?limit=2');
    const second = await list(receiver, `/api/tips/received?limit=2&cursor=${first.nextCursor}`);
    const third = await list(receiver, `/api/tips/received?limit=2&cursor=${second.nextCursor}`);

    expect([...first.items, ...second.items, ...third.items].map((item) => item.id)).toEqual([
      ids.pending,
      ids.failing,
      ids.fan,
      ids.euro,
      ids.old,
    ]);
    expect(third.nextCursor).toBeNull();
    expect(
      (await list(receiver, '/api/tips/received?status=completed&currency=USD')).items.map((i) => i.id),
    ).toEqual([ids.fan, ids.old]);
    const bad = await testApp.app.inject(
      as(receiver, { method: 'GET', url: '/api/tips/received?cursor=nonsense' }),
    );
    expect(bad.statusCode).toBe(400);
  });

  it('lists what a signed-in person sent, their refused card included', async () => {
    const page = await list(fan, '/api/tips/sent');

    expect(page.items.map((item) => [item.id, item.status, item.failureCode])).toEqual([
      [ids.declined, 'failed', 'card_declined'],
      [ids.fan, 'completed', null],
    ]);
    expect(page.totals.filter((t) => t.period === 'all')).toEqual([
      { currency: 'USD', period: 'all', completedMinor: 300, pendingMinor: 0, count: 1 },
    ]);
    expect((await list(receiver, '/api/tips/sent')).items).toEqual([]);
  });

  it('needs a signed-in person (401)', async () => {
    for (const url of ['/api/tips/received', '/api/tips/sent']) {
      const answer = await testApp.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.code).toBe('unauthorized');
    }
  });
});

describe('the quick-tip page’s profile (GET /api/public/profiles/{ztartag})', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_TIP_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const profileOf = (tag: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/public/profiles/${tag}` });

  it('shows name, tag, photo, badge and the page’s amounts, in USD for someone who holds nothing', async () => {
    const receiver = await createPerson(testApp.app, db(), { fullName: 'María Pérez', phoneVerified: true });

    const answer = await profileOf(receiver.ztartag.toUpperCase());

    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<QuickTipProfile>()).toEqual({
      ztartag: receiver.ztartag,
      fullName: 'María Pérez',
      avatarUrl: null,
      verified: true,
      currency: 'USD',
      minMinor: 100,
      maxMinor: 10_000,
      presetsMinor: [200, 500, 1_000, 2_000],
      photos: [],
      posts: [],
    });
    expect(answer.body).not.toContain(receiver.email);
    expect(answer.body).not.toContain(receiver.phone!);
    expect(answer.body).not.toContain(receiver.userId);
  });

  it('asks for the currency the receiver holds most of', async () => {
    const receiver = await createPerson(testApp.app, db(), { phoneVerified: false });
    await fund(db(), receiver.userId, 900, 'USD');
    await fund(db(), receiver.userId, 1_500, 'BRL');

    expect((await profileOf(receiver.ztartag)).json()).toMatchObject({ currency: 'BRL', verified: false });
  });

  it('answers 404 recipient_user_not_found for an unknown or deleted receiver', async () => {
    const leaving = await createPerson(testApp.app, db());
    const deleted = await testApp.app.inject(
      as(leaving, {
        method: 'DELETE',
        url: '/api/profiles/me',
        payload: { confirmation: DELETE_CONFIRMATION_WORD, password: leaving.password },
      }),
    );
    expect(deleted.statusCode).toBe(204);

    for (const tag of ['nobody_here_at_all', leaving.ztartag]) {
      const answer = await profileOf(tag);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('recipient_user_not_found');
    }
  });
});
