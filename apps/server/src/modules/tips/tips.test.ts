import { randomUUID } from 'node:crypto';
import type { Notification } from '@ztart/shared/contracts/notifications';
import type { Tip, TipListResponse } from '@ztart/shared/contracts/qr-codes';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import { DELETE_CONFIRMATION_WORD } from '@ztart/shared/validation';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../integrations/card-processor/sandbox.ts';
import { as, readOutbox, type SignedInPerson, uniqueEmail, uniqueIp } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import {
  expectMoneyKept,
  ledgerTransferCount,
  postTip,
  ROOMY_TIP_RATE_LIMITS,
  testCard,
  walletBalanceOf,
} from '../../test/tip-fixtures.ts';
import { createPerson, type Person, uniquePhone } from '../../test/transfer-fixtures.ts';
import { auditLog } from '../activity/tables.ts';
import { idempotencyKeys } from '../idempotency/tables.ts';
import { notifications } from '../notifications/tables.ts';
import { transactions } from '../transactions/tables.ts';
import { tips } from './tables.ts';

const SETTLEMENT_DELAY_MS = 4_000;

describe('quick tips by card', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({
      now: clock.now,
      config: { cardSettlementDelayMs: SETTLEMENT_DELAY_MS },
      rateLimits: ROOMY_TIP_RATE_LIMITS,
    });
  });
  afterAll(() => testApp.close());
  afterEach(() => expectMoneyKept(db()));

  const db = () => testApp.database.db;
  const person = (options?: Parameters<typeof createPerson>[2]) => createPerson(testApp.app, db(), options);
  const tip = (...args: Parameters<typeof postTip> extends [unknown, ...infer Rest] ? Rest : never) =>
    postTip(testApp.app, ...args);
  const settle = () => {
    clock.advance({ seconds: SETTLEMENT_DELAY_MS / 1000 });
    return testApp.app.settlement.settleDue(clock.now());
  };
  const received = async (who: SignedInPerson) => {
    const answer = await testApp.app.inject(as(who, { method: 'GET', url: '/api/tips/received' }));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<TipListResponse>();
  };
  const transactionsOf = async (who: SignedInPerson) => {
    const answer = await testApp.app.inject(as(who, { method: 'GET', url: '/api/transactions' }));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ items: Transaction[] }>().items;
  };
  const notificationsOf = async (who: SignedInPerson) => {
    const answer = await testApp.app.inject(as(who, { method: 'GET', url: '/api/notifications' }));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ items: Notification[] }>().items;
  };
  /** What a refused tip must leave as it was: the receiver's money, history and notifications. */
  const snapshotOf = async (receiver: SignedInPerson) => ({
    transfers: await ledgerTransferCount(db()),
    balance: await walletBalanceOf(testApp.app, receiver),
    transactions: (await transactionsOf(receiver)).length,
    notifications: (await notificationsOf(receiver)).length,
  });

  it('arrives pending from a payer without an account, completes on settlement, and sends the receipt by email and SMS', async () => {
    const receiver = await person({ fullName: 'María Pérez' });
    const email = uniqueEmail('tipper');
    const phone = uniquePhone();

    const answer = await tip({
      receiver: receiver.ztartag,
      amountMinor: 500,
      message: 'Great show!',
      senderEmail: email,
      senderPhone: phone,
    });

    expect(answer.statusCode, answer.body).toBe(201);
    const pending = answer.json<{ tip: Tip }>().tip;
    expect(pending).toEqual({
      id: expect.any(String),
      status: 'pending',
      source: 'card',
      amountMinor: 500,
      currency: 'USD',
      message: 'Great show!',
      receiver: { ztartag: receiver.ztartag, displayName: 'María Pérez' },
      sender: null,
      card: { brand: 'visa', last4: '4242' },
      failureCode: null,
      createdAt: clock.now().toISOString(),
      settledAt: null,
    });
    expect(await walletBalanceOf(testApp.app, receiver)).toMatchObject({
      availableMinor: 0,
      pendingMinor: 500,
    });
    const [incoming] = await transactionsOf(receiver);
    expect(incoming).toMatchObject({
      type: 'income',
      kind: 'tip_in',
      status: 'pending',
      amountMinor: 500,
      note: 'Great show!',
      counterparty: null,
    });
    // Nothing to tell the receiver until the money is certain.
    expect(await notificationsOf(receiver)).toEqual([]);

    const [mail] = await readOutbox(testApp.app, email);
    expect(mail).toMatchObject({
      channel: 'email',
      subject: `Your receipt: $5.00 tip to María Pérez (@${receiver.ztartag})`,
    });
    expect(mail!.text).toContain(pending.id);
    expect(mail!.text).toContain('Paid with: Visa •••• 4242');
    expect(mail!.text).toContain('Your message: “Great show!”');
    expect(mail!.text).toContain(`http://localhost:3000/quick-tip?to=${receiver.ztartag}`);
    expect(mail!.text).not.toContain(testCard().number);
    const [sms] = await readOutbox(testApp.app, phone);
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms!.text).toBe(
      `Ztart Tips: you tipped $5.00 to @${receiver.ztartag}. Receipt ${pending.id}. Pending until your card issuer confirms it.`,
    );

    const round = await settle();

    expect(round.settled).toHaveLength(1);
    expect(await walletBalanceOf(testApp.app, receiver)).toMatchObject({
      availableMinor: 500,
      pendingMinor: 0,
    });
    const [settled] = (await received(receiver)).items;
    expect(settled).toMatchObject({
      id: pending.id,
      status: 'completed',
      settledAt: clock.now().toISOString(),
    });
    expect((await transactionsOf(receiver))[0]).toMatchObject({ id: incoming!.id, status: 'completed' });
    expect(await notificationsOf(receiver)).toMatchObject([
      {
        type: 'tip',
        event: 'tip_received',
        data: {
          amountMinor: 500,
          currency: 'USD',
          transactionId: incoming!.id,
          fromZtartag: null,
          fromName: null,
        },
      },
    ]);
    // Settling again changes nothing.
    expect((await settle()).settled).toEqual([]);
    expect(await notificationsOf(receiver)).toHaveLength(1);
  });

  it('writes the receipt in the language the payer’s browser asks for', async () => {
    const receiver = await person({ fullName: 'Leo' });
    const email = uniqueEmail('tipper');

    const answer = await tip(
      { receiver: receiver.ztartag, amountMinor: 1_000, senderEmail: email },
      { headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' } },
    );

    expect(answer.statusCode, answer.body).toBe(201);
    const [mail] = await readOutbox(testApp.app, email);
    // Spanish puts the currency after the amount, behind a no-break space.
    expect(mail!.subject).toBe(`Tu recibo: propina de 10,00\u00a0US$ para Leo (@${receiver.ztartag})`);
    await settle();
  });

  it('keeps the card number and CVC out of every table it writes', async () => {
    const receiver = await person();
    const number = '5555555555554444';

    const answer = await tip({ receiver: receiver.ztartag, card: { ...testCard(number), cvc: '987' } });

    expect(answer.statusCode, answer.body).toBe(201);
    const id = answer.json<{ tip: Tip }>().tip.id;
    const [row] = await db().select().from(tips).where(eq(tips.id, id));
    expect(row).toMatchObject({ cardBrand: 'mastercard', cardLast4: '4444', status: 'pending' });
    const stored = JSON.stringify([
      row,
      await db().select().from(auditLog),
      await db().select().from(idempotencyKeys),
      await db().select().from(transactions),
    ]);
    expect(stored).not.toContain(number);
    // Digits may well occur inside an id: look for the CVC as a value, and for any field named so.
    expect(stored).not.toMatch(/"987"|cvc/i);
    await settle();
  });

  it('answers a repeated Idempotency-Key with the first tip, charging and mailing once; the key with another body is refused', async () => {
    const receiver = await person();
    const email = uniqueEmail('tipper');
    const ip = uniqueIp();
    const key = randomUUID();
    const payload = { receiver: receiver.ztartag, amountMinor: 700, senderEmail: email };

    const first = await tip(payload, { ip, key });
    const again = await tip(payload, { ip, key });
    const other = await tip({ ...payload, amountMinor: 701 }, { ip, key });

    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_conflict');
    expect(await walletBalanceOf(testApp.app, receiver)).toMatchObject({ pendingMinor: 700 });
    expect(await db().select().from(tips).where(eq(tips.receiverId, receiver.userId))).toHaveLength(1);
    expect(await readOutbox(testApp.app, email)).toHaveLength(1);
    // The same key from another payer's address is that payer's own key: a tip of their own.
    const stranger = await tip(payload, { ip: '198.51.100.7', key });
    expect(stranger.statusCode).toBe(201);
    expect(stranger.json().tip.id).not.toBe(first.json().tip.id);
    await settle();
  });

  it('ends failed when the charge fails at settlement: nothing credited, nobody told', async () => {
    const receiver = await person();

    const answer = await tip({
      receiver: receiver.ztartag,
      card: testCard(SANDBOX_TEST_CARDS.failsAtSettlement),
    });

    expect(answer.statusCode, answer.body).toBe(201);
    expect(await walletBalanceOf(testApp.app, receiver)).toMatchObject({ pendingMinor: 500 });
    await settle();
    expect(await walletBalanceOf(testApp.app, receiver)).toMatchObject({
      availableMinor: 0,
      pendingMinor: 0,
    });
    const [failed] = (await received(receiver)).items;
    expect(failed).toMatchObject({
      status: 'failed',
      failureCode: 'card_declined',
      settledAt: clock.now().toISOString(),
    });
    expect((await transactionsOf(receiver))[0]).toMatchObject({ kind: 'tip_in', status: 'failed' });
    expect(await notificationsOf(receiver)).toEqual([]);
  });

  it('tells a payer without an account where their tip stands, by its id only: pending, then completed or failed', async () => {
    const receiver = await person({ fullName: 'Status Watcher' });
    const progressOf = (id: string) => testApp.app.inject({ method: 'GET', url: `/api/public/tips/${id}` });
    const completes = (await tip({ receiver: receiver.ztartag })).json<{ tip: Tip }>().tip;
    const fails = (
      await tip({ receiver: receiver.ztartag, card: testCard(SANDBOX_TEST_CARDS.failsAtSettlement) })
    ).json<{ tip: Tip }>().tip;

    const before = await progressOf(completes.id);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    // The status only: no amount, message, card, people or reason for a failure.
    expect(before.json()).toEqual({
      id: completes.id,
      status: 'pending',
      settledAt: null,
    });

    await settle();
    expect((await progressOf(completes.id)).json()).toEqual({
      id: completes.id,
      status: 'completed',
      settledAt: clock.now().toISOString(),
    });
    expect((await progressOf(fails.id)).json()).toEqual({
      id: fails.id,
      status: 'failed',
      settledAt: clock.now().toISOString(),
    });

    const unknown = await progressOf(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    expect((await progressOf('not-a-tip')).statusCode).toBe(400);
  });

  describe('refusals: a clear code, and no money moves', () => {
    let receiver: Person;
    beforeAll(async () => {
      receiver = await person();
    });

    it.each([
      {
        name: 'above the quick-tip maximum',
        payload: { amountMinor: 10_001 },
        status: 422,
        error: { code: 'limit_exceeded', details: { limit: 'quickTipMax', limitMinor: 10_000 } },
      },
      {
        name: 'under the quick-tip minimum',
        payload: { amountMinor: 99 },
        status: 422,
        error: { code: 'limit_exceeded', details: { limit: 'quickTipMin', limitMinor: 100 } },
      },
      {
        name: 'a declined card',
        payload: { card: testCard(SANDBOX_TEST_CARDS.declined) },
        status: 402,
        error: { code: 'card_declined' },
      },
      {
        name: 'a card without the funds (a payer without an account is told only that it was declined)',
        payload: { card: testCard(SANDBOX_TEST_CARDS.insufficientFunds) },
        status: 402,
        error: { code: 'card_declined' },
      },
      {
        name: 'a card number that cannot exist',
        payload: { card: testCard('4242424242424241') },
        status: 422,
        error: { code: 'card_number_invalid', details: { field: 'number' } },
      },
      {
        name: 'a card without its card details',
        payload: { card: undefined },
        status: 400,
        error: { code: 'validation_failed' },
      },
    ])('$name', async ({ payload, status, error }) => {
      const before = await snapshotOf(receiver);

      const answer = await tip({ receiver: receiver.ztartag, ...payload });

      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().error).toMatchObject(error);
      expect(await snapshotOf(receiver)).toEqual(before);
    });

    it('keeps a refused card as the answer: a retry is refused again without a second charge, and the receiver never sees it', async () => {
      const key = randomUUID();
      const ip = uniqueIp();
      const payload = { receiver: receiver.ztartag, card: testCard(SANDBOX_TEST_CARDS.declined) };

      const first = await tip(payload, { ip, key });
      const retry = await tip(payload, { ip, key });

      expect(first.statusCode).toBe(402);
      expect(retry.statusCode).toBe(402);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      const refused = await db().select().from(tips).where(eq(tips.payerIp, ip));
      expect(refused).toMatchObject([
        { status: 'failed', failureCode: 'card_declined', processorReference: null },
      ]);
      expect((await received(receiver)).items.map((item) => item.id)).not.toContain(refused[0]!.id);
    });

    it('an unknown receiver', async () => {
      const before = await ledgerTransferCount(db());

      const answer = await tip({ receiver: 'nobody_here_at_all' });

      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('recipient_user_not_found');
      expect(await ledgerTransferCount(db())).toBe(before);
    });

    it('a receiver who deleted their account', async () => {
      const leaving = await person();
      const deleted = await testApp.app.inject(
        as(leaving, {
          method: 'DELETE',
          url: '/api/profiles/me',
          payload: { confirmation: DELETE_CONFIRMATION_WORD, password: leaving.password },
        }),
      );
      expect(deleted.statusCode, deleted.body).toBe(204);
      const before = await ledgerTransferCount(db());

      const answer = await tip({ receiver: leaving.ztartag });

      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('recipient_user_not_found');
      expect(await ledgerTransferCount(db())).toBe(before);
      expect(await db().select().from(tips).where(eq(tips.receiverId, leaving.userId))).toEqual([]);
    });

    it('a signed-in person tipping themselves', async () => {
      const before = await snapshotOf(receiver);

      const answer = await tip({ receiver: receiver.ztartag }, { as: receiver });

      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('recipient_is_self');
      expect(await snapshotOf(receiver)).toEqual(before);
    });

    it('a signed-in payer’s request without the CSRF header (a session cookie makes it a browser’s)', async () => {
      const payer = await person();

      const answer = await tip(
        { receiver: receiver.ztartag },
        { as: payer, headers: { 'x-csrf-token': 'forged' } },
      );

      expect(answer.statusCode).toBe(403);
      expect(answer.json().error.code).toBe('csrf_failed');
    });

    it('a database failure midway: 500 tip_failed, and the charge, the money and the tip are all rolled back', async () => {
      const before = await snapshotOf(receiver);
      const tipsBefore = (await db().select().from(tips)).length;
      await db().execute(sql`ALTER TABLE audit_log ADD CONSTRAINT test_refuse_all CHECK (false) NOT VALID`);
      try {
        const answer = await tip({ receiver: receiver.ztartag });

        expect(answer.statusCode).toBe(500);
        expect(answer.json().error.code).toBe('tip_failed');
      } finally {
        await db().execute(sql`ALTER TABLE audit_log DROP CONSTRAINT test_refuse_all`);
      }
      expect(await snapshotOf(receiver)).toEqual(before);
      expect(await db().select().from(tips)).toHaveLength(tipsBefore);
      expect((await settle()).settled).toEqual([]);
    });
  });

  it('from a signed-in payer by card: the receiver sees who tipped, the payer sees it in their sent tips', async () => {
    const receiver = await person({ fullName: 'Rita Receiver' });
    const payer = await person({ fullName: 'Pablo Payer' });

    const answer = await tip({ receiver: receiver.ztartag, amountMinor: 300 }, { as: payer });

    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json<{ tip: Tip }>().tip).toMatchObject({
      status: 'pending',
      source: 'card',
      sender: { ztartag: payer.ztartag, displayName: 'Pablo Payer' },
    });
    // Paid by card: the payer's wallet and history are not involved.
    expect(await transactionsOf(payer)).toEqual([]);
    const sent = await testApp.app.inject(as(payer, { method: 'GET', url: '/api/tips/sent' }));
    expect(sent.json<TipListResponse>().items).toMatchObject([
      { id: answer.json().tip.id, status: 'pending' },
    ]);

    await settle();

    expect(await notificationsOf(receiver)).toMatchObject([
      { event: 'tip_received', data: { fromZtartag: payer.ztartag, fromName: 'Pablo Payer' } },
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.userId, payer.userId));
    expect(audit.map((row) => row.actionType)).toContain('tip_sent');
    const [notification] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, receiver.userId));
    expect(notification?.type).toBe('tip');
  });
});

describe('quick tip limits against abuse', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      rateLimits: {
        ...ROOMY_TIP_RATE_LIMITS,
        quickTipPerIp: { max: 3, windowSeconds: 600 },
        quickTipPerCard: { max: 2, windowSeconds: 3_600 },
        publicProfilePerIp: { max: 2, windowSeconds: 60 },
      },
    });
  });
  afterAll(() => testApp.close());
  afterEach(() => expectMoneyKept(testApp.database.db));

  // Test numbers that the sandbox charges, each with its check digit: one card per use below.
  const CARDS = {
    a: '4111111111111111',
    b: '4012888888881881',
    c: '4000056655665556',
    d: '4242424242424242',
    e: '5555555555554444',
    f: '5200828282828210',
    g: '2223003122003222',
  };

  it('refuses a card used more often than allowed, from any address, and moves no money', async () => {
    const receiver = await createPerson(testApp.app, testApp.database.db);
    const card = testCard(CARDS.a);

    const first = await postTip(testApp.app, { receiver: receiver.ztartag, card }, { ip: '198.51.100.1' });
    const second = await postTip(testApp.app, { receiver: receiver.ztartag, card }, { ip: '198.51.100.2' });
    const before = await ledgerTransferCount(testApp.database.db);
    const third = await postTip(testApp.app, { receiver: receiver.ztartag, card }, { ip: '198.51.100.3' });
    const otherCard = await postTip(
      testApp.app,
      { receiver: receiver.ztartag, card: testCard(CARDS.b) },
      { ip: '198.51.100.3' },
    );

    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('rate_limited');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(otherCard.statusCode, otherCard.body).toBe(201);
    expect(await ledgerTransferCount(testApp.database.db)).toBe(before + 1);
  });

  it('refuses a fourth card tip from one address within the window, whatever the card', async () => {
    const receiver = await createPerson(testApp.app, testApp.database.db);
    const ip = '198.51.100.40';
    const statuses: number[] = [];
    for (const number of [CARDS.c, CARDS.d, CARDS.e, CARDS.f]) {
      const answer = await postTip(
        testApp.app,
        { receiver: receiver.ztartag, card: testCard(number) },
        { ip },
      );
      statuses.push(answer.statusCode);
    }

    expect(statuses).toEqual([201, 201, 201, 429]);
    // Another address is not held back.
    const elsewhere = await postTip(
      testApp.app,
      { receiver: receiver.ztartag, card: testCard(CARDS.g) },
      { ip: '198.51.100.41' },
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('slows down one address reading public profiles one after another', async () => {
    const receiver = await createPerson(testApp.app, testApp.database.db);
    const read = (ip: string) =>
      testApp.app.inject({ url: `/api/public/profiles/${receiver.ztartag}`, remoteAddress: ip });

    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await read('198.51.100.60')).statusCode);
    const refused = await read('198.51.100.60');

    expect(statuses).toEqual([200, 200, 429]);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read('198.51.100.61')).statusCode).toBe(200);
  });

  it('does not count a replay of an answered request', async () => {
    const receiver = await createPerson(testApp.app, testApp.database.db);
    const ip = '198.51.100.50';
    const key = randomUUID();
    const payload = { receiver: receiver.ztartag, card: testCard('4000000000000077') };
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await postTip(testApp.app, payload, { ip, key }));

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().tip.id)).size).toBe(1);
  });
});
