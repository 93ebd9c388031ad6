import { randomUUID } from 'node:crypto';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import { fromReferenceMinor, toReferenceMinor } from '@ztart/shared/reference-rates';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signIn, TEST_PASSWORD, uniqueEmail } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import {
  availableOf,
  createPerson,
  expectLedgerSound,
  fund,
  type Person,
  postTransfer,
  ROOMY_RATE_LIMITS,
  uniquePhone,
} from '../../test/transfer-fixtures.ts';
import { auditLog } from '../activity/tables.ts';
import { profiles } from '../profiles/tables.ts';
import { transactions } from '../transactions/tables.ts';

describe('transfers between people', () => {
  let testApp: TestApp;
  const clock = createTestClock();
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const person = (options?: Parameters<typeof createPerson>[2]) => createPerson(testApp.app, db(), options);
  const send = (
    from: SignedInPerson,
    payload: Parameters<typeof postTransfer>[2],
    options?: { key?: string | null },
  ) => postTransfer(testApp.app, from, payload, options);
  const transactionsOf = async (who: Person) => {
    const answer = await testApp.app.inject(as(who, { method: 'GET', url: '/api/transactions' }));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ items: Transaction[] }>().items;
  };

  it('sends money by ztartag: the sender sees an expense, the recipient an income, both with the note', async () => {
    const maria = await person({ fullName: 'María Pérez' });
    const leo = await person({ fullName: 'Leo Martin' });
    await fund(db(), maria.userId, 10_000);

    const answer = await send(maria, { recipient: leo.ztartag, amountMinor: 2_550, note: 'Pizza 🍕' });

    expect(answer.statusCode, answer.body).toBe(201);
    const sent = answer.json<{ transaction: Transaction }>().transaction;
    expect(sent).toMatchObject({
      type: 'expense',
      kind: 'transfer_out',
      status: 'completed',
      amountMinor: 2_550,
      currency: 'USD',
      note: 'Pizza 🍕',
      description: `Transfer to @${leo.ztartag}`,
      counterparty: { ztartag: leo.ztartag, displayName: 'Leo Martin' },
      paymentMethod: null,
      failureCode: null,
      createdAt: clock.now().toISOString(),
      settledAt: clock.now().toISOString(),
    });
    expect(sent.categoryId).not.toBeNull();
    expect(await availableOf(db(), maria.userId)).toBe(7_450);
    expect(await availableOf(db(), leo.userId)).toBe(2_550);

    const [received] = await transactionsOf(leo);
    expect(received).toMatchObject({
      type: 'income',
      kind: 'transfer_in',
      status: 'completed',
      amountMinor: 2_550,
      note: 'Pizza 🍕',
      description: `Transfer from @${maria.ztartag}`,
      counterparty: { ztartag: maria.ztartag, displayName: 'María Pérez' },
    });
    expect((await transactionsOf(maria)).map((row) => row.id)).toEqual([sent.id]);
    const [senderRow] = await db().select().from(transactions).where(eq(transactions.id, sent.id));
    const group = await db().select().from(transactions).where(eq(transactions.groupId, senderRow!.groupId));
    expect(group.map((row) => row.userId).sort()).toEqual([maria.userId, leo.userId].sort());
    await expectLedgerSound(db());
  });

  it('finds the recipient by @ztartag in any case, by email in any case, and by verified phone', async () => {
    const sender = await person();
    const recipient = await person({ phoneVerified: true });
    await fund(db(), sender.userId, 1_000);

    for (const typed of [
      `@${recipient.ztartag.toUpperCase()}`,
      `  ${recipient.ztartag}  `,
      recipient.email.toUpperCase(),
      recipient.phone!,
      `${recipient.phone!.slice(0, 2)} ${recipient.phone!.slice(2, 5)}-${recipient.phone!.slice(5)}`,
    ]) {
      const answer = await send(sender, { recipient: typed, amountMinor: 100 });
      expect(answer.statusCode, `${typed}: ${answer.body}`).toBe(201);
      expect(answer.json().transaction.counterparty.ztartag).toBe(recipient.ztartag);
    }
    expect(await availableOf(db(), recipient.userId)).toBe(500);
  });

  it('shows who a transfer would go to before it is sent', async () => {
    const sender = await person();
    const named = await person({ fullName: 'Ana Souza', phoneVerified: true });
    const unnamed = await person({ fullName: null });

    const byTag = await testApp.app.inject(
      as(sender, { method: 'GET', url: `/api/transfers/recipient?q=%40${named.ztartag}` }),
    );
    expect(byTag.statusCode, byTag.body).toBe(200);
    expect(byTag.json()).toEqual({
      ztartag: named.ztartag,
      displayName: 'Ana Souza',
      avatarUrl: null,
      verified: true,
    });
    const byEmail = await testApp.app.inject(
      as(sender, { method: 'GET', url: `/api/transfers/recipient?q=${encodeURIComponent(unnamed.email)}` }),
    );
    expect(byEmail.json()).toEqual({
      ztartag: unnamed.ztartag,
      displayName: unnamed.ztartag,
      avatarUrl: null,
      verified: false,
    });
    const unknown = await testApp.app.inject(
      as(sender, { method: 'GET', url: '/api/transfers/recipient?q=nobody_here_42' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('recipient_user_not_found');
    const self = await testApp.app.inject(
      as(sender, { method: 'GET', url: `/api/transfers/recipient?q=${sender.ztartag}` }),
    );
    expect(self.json().error.code).toBe('recipient_is_self');
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: `/api/transfers/recipient?q=${named.ztartag}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses unknown recipients with the right code and moves nothing', async () => {
    const sender = await person();
    const unconfirmed = await person();
    const unconfirmedPhone = uniquePhone();
    await db().update(profiles).set({ phone: unconfirmedPhone }).where(eq(profiles.id, unconfirmed.userId));
    await fund(db(), sender.userId, 1_000);

    const cases: [string, number, string][] = [
      ['no_such_tag_9', 404, 'recipient_user_not_found'],
      ['@x', 404, 'recipient_user_not_found'],
      ['+15550000000', 404, 'recipient_user_not_found'],
      [unconfirmedPhone, 404, 'recipient_user_not_found'],
      [uniqueEmail('outsider'), 404, 'recipient_not_found'],
      [sender.ztartag.toUpperCase(), 400, 'recipient_is_self'],
      [sender.email, 400, 'recipient_is_self'],
    ];
    for (const [recipient, status, code] of cases) {
      const answer = await send(sender, { recipient, amountMinor: 100 });
      expect(answer.statusCode, recipient).toBe(status);
      expect(answer.json().error.code, recipient).toBe(code);
    }
    expect(await availableOf(db(), sender.userId)).toBe(1_000);
    expect(await transactionsOf(sender)).toEqual([]);
  });

  it('does not find a deleted account', async () => {
    const sender = await person();
    const leaving = await person();
    await fund(db(), sender.userId, 1_000);
    const deleted = await testApp.app.inject(
      as(leaving, {
        method: 'DELETE',
        url: '/api/profiles/me',
        payload: { confirmation: 'DELETE', password: TEST_PASSWORD },
      }),
    );
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    expect((await send(sender, { recipient: leaving.ztartag, amountMinor: 100 })).json().error.code).toBe(
      'recipient_user_not_found',
    );
    expect((await send(sender, { recipient: leaving.email, amountMinor: 100 })).json().error.code).toBe(
      'recipient_not_found',
    );
  });

  it('refuses more than the available balance with 422 insufficient_balance, and nothing moves', async () => {
    const sender = await person();
    const recipient = await person();
    await fund(db(), sender.userId, 999);

    const answer = await send(sender, { recipient: recipient.ztartag, amountMinor: 1_000 });

    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.code).toBe('insufficient_balance');
    expect(await availableOf(db(), sender.userId)).toBe(999);
    expect(await availableOf(db(), recipient.userId)).toBe(0);
    expect(await transactionsOf(sender)).toEqual([]);
    expect(await transactionsOf(recipient)).toEqual([]);
    // Money in another currency does not count.
    await fund(db(), sender.userId, 5_000, 'EUR');
    const usd = await send(sender, { recipient: recipient.ztartag, amountMinor: 1_000, currency: 'USD' });
    expect(usd.json().error.code).toBe('insufficient_balance');
    const eur = await send(sender, { recipient: recipient.ztartag, amountMinor: 1_000, currency: 'EUR' });
    expect(eur.statusCode).toBe(201);
    expect(await availableOf(db(), recipient.userId, 'EUR')).toBe(1_000);
  });

  it('answers each of many transfers sent at the same moment on its own: a refusal among them moves nothing else', async () => {
    const recipient = await person();
    const senders = await Promise.all(Array.from({ length: 6 }, () => person()));
    for (const sender of senders) await fund(db(), sender.userId, 1_000);
    // The same key twice at once: the money moves once, and both hear the same answer.
    const twiceKey = randomUUID();

    const answers = await Promise.all([
      ...senders.map((sender, i) =>
        send(sender, { recipient: recipient.ztartag, amountMinor: i === 2 ? 1_001 : 100 + i }),
      ),
      send(senders[0]!, { recipient: recipient.ztartag, amountMinor: 7 }, { key: twiceKey }),
      send(senders[0]!, { recipient: recipient.ztartag, amountMinor: 7 }, { key: twiceKey }),
      send(senders[1]!, { recipient: 'nobody_at_all', amountMinor: 5 }),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 422, 201, 201, 201, 201, 201, 404]);
    expect(answers[2]?.json().error.code).toBe('insufficient_balance');
    expect(answers[6]?.json()).toEqual(answers[7]?.json());
    expect(await availableOf(db(), senders[0]!.userId)).toBe(1_000 - 100 - 7);
    expect(await availableOf(db(), senders[2]!.userId)).toBe(1_000);
    expect(await availableOf(db(), recipient.userId)).toBe(100 + 101 + 103 + 104 + 105 + 7);
    expect(await transactionsOf(recipient)).toHaveLength(6);
    await expectLedgerSound(db());
  });

  it('validates the body: whole positive minor units, a known currency, a note of 500 characters at most', async () => {
    const sender = await person();
    const recipient = await person();
    for (const payload of [
      { recipient: recipient.ztartag, amountMinor: 0 },
      { recipient: recipient.ztartag, amountMinor: 10.5 },
      { recipient: recipient.ztartag, amountMinor: '100' },
      { recipient: recipient.ztartag, amountMinor: 100, currency: 'GBP' },
      { recipient: recipient.ztartag, amountMinor: 100, note: 'x'.repeat(501) },
      { recipient: '', amountMinor: 100 },
    ]) {
      const answer = await send(sender, payload as Parameters<typeof postTransfer>[2]);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().error.code).toBe('validation_failed');
    }
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/transfers',
      payload: { recipient: recipient.ztartag, amountMinor: 100, currency: 'USD' },
    });
    expect(anonymous.statusCode).toBe(401);
    const badKey = await send(sender, { recipient: recipient.ztartag, amountMinor: 100 }, { key: 'a b' });
    expect(badKey.json().error.code).toBe('idempotency_key_invalid');
  });

  it('writes an audit row for the sender and notifies the recipient', async () => {
    const sender = await person({ fullName: 'Sam Sender' });
    const recipient = await person();
    await fund(db(), sender.userId, 1_000);

    const sent = (await send(sender, { recipient: recipient.ztartag, amountMinor: 420 })).json().transaction;

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, sender.userId), eq(auditLog.actionType, 'transfer_sent')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      resource: `transaction:${sent.id}`,
      metadata: { amountMinor: 420, currency: 'USD', recipientId: recipient.userId },
    });
    const list = await testApp.app.inject(as(recipient, { method: 'GET', url: '/api/notifications' }));
    const [received] = await transactionsOf(recipient);
    expect(list.json()).toMatchObject({
      unreadCount: 1,
      items: [
        {
          type: 'transfer',
          event: 'transfer_received',
          readAt: null,
          data: {
            amountMinor: 420,
            currency: 'USD',
            transactionId: received!.id,
            fromZtartag: sender.ztartag,
            fromName: 'Sam Sender',
          },
        },
      ],
    });
    const senderList = await testApp.app.inject(as(sender, { method: 'GET', url: '/api/notifications' }));
    expect(senderList.json()).toMatchObject({ items: [], unreadCount: 0 });
  });

  describe('idempotency', () => {
    it('answers a repeat of the same key and body with the first transaction, and moves the money once', async () => {
      const sender = await person();
      const recipient = await person();
      await fund(db(), sender.userId, 1_000);
      const key = randomUUID();
      const payload = { recipient: recipient.ztartag, amountMinor: 300, note: 'rent share' };

      const first = await send(sender, payload, { key });
      const again = await send(sender, payload, { key });
      const [raceA, raceB] = await Promise.all([
        send(sender, payload, { key }),
        send(sender, payload, { key }),
      ]);

      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      for (const repeat of [again, raceA, raceB]) {
        expect(repeat.statusCode).toBe(201);
        expect(repeat.headers['idempotent-replayed']).toBe('true');
        expect(repeat.json().transaction.id).toBe(first.json().transaction.id);
      }
      expect(await availableOf(db(), sender.userId)).toBe(700);
      expect(await availableOf(db(), recipient.userId)).toBe(300);
      expect(await transactionsOf(recipient)).toHaveLength(1);
    });

    it('refuses the same key with another body (409 idempotency_conflict)', async () => {
      const sender = await person();
      const recipient = await person();
      await fund(db(), sender.userId, 1_000);
      const key = randomUUID();
      await send(sender, { recipient: recipient.ztartag, amountMinor: 300 }, { key });

      const other = await send(sender, { recipient: recipient.ztartag, amountMinor: 301 }, { key });

      expect(other.statusCode).toBe(409);
      expect(other.json().error.code).toBe('idempotency_conflict');
      expect(await availableOf(db(), sender.userId)).toBe(700);
    });

    it('runs again after a refusal: a key is kept only with a completed transfer', async () => {
      const sender = await person();
      const recipient = await person();
      const key = randomUUID();
      const payload = { recipient: recipient.ztartag, amountMinor: 300 };
      expect((await send(sender, payload, { key })).json().error.code).toBe('insufficient_balance');

      await fund(db(), sender.userId, 300);
      const retried = await send(sender, payload, { key });

      expect(retried.statusCode).toBe(201);
      expect(await availableOf(db(), recipient.userId)).toBe(300);
    });
  });

  describe('limits', () => {
    it('refuses more than 10,000.00 in one transfer (transferMax)', async () => {
      const sender = await person({ phoneVerified: true });
      const recipient = await person();
      await fund(db(), sender.userId, 2_000_000);

      const answer = await send(sender, { recipient: recipient.ztartag, amountMinor: 1_000_001 });

      expect(answer.statusCode).toBe(422);
      expect(answer.json().error).toMatchObject({
        code: 'limit_exceeded',
        details: { limit: 'transferMax', limitMinor: 1_000_000 },
      });
      expect((await send(sender, { recipient: recipient.ztartag, amountMinor: 1_000_000 })).statusCode).toBe(
        201,
      );
    });

    it('counts transfers sent at the same moment against each other for the daily limit', async () => {
      const sender = await person();
      const recipient = await person();
      await fund(db(), sender.userId, 200_000);

      const answers = await Promise.all(
        [20_000, 20_000, 20_000].map((amountMinor) =>
          send(sender, { recipient: recipient.ztartag, amountMinor }),
        ),
      );

      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 422]);
      expect(answers.find((answer) => answer.statusCode === 422)?.json().error.details).toMatchObject({
        limit: 'daily',
        remainingMinor: 10_000,
      });
      expect(await availableOf(db(), recipient.userId)).toBe(40_000);
    });

    it('counts all currencies together against an unverified person’s 500.00 a day, at the reference rates', async () => {
      const sender = await person();
      const recipient = await person();
      await fund(db(), sender.userId, 200_000);
      await fund(db(), sender.userId, 200_000, 'EUR');

      expect(
        (await send(sender, { recipient: recipient.ztartag, amountMinor: 40_000, currency: 'EUR' }))
          .statusCode,
      ).toBe(201);
      const second = await send(sender, { recipient: recipient.ztartag, amountMinor: 20_000 });

      expect(second.statusCode).toBe(422);
      expect(second.json().error).toMatchObject({
        code: 'limit_exceeded',
        details: {
          limit: 'daily',
          limitMinor: 50_000,
          remainingMinor: 50_000 - toReferenceMinor(40_000, 'EUR'),
        },
      });
      expect(await availableOf(db(), sender.userId)).toBe(200_000);
    });

    it('keeps an unverified person’s day of sending over 24 hours, whatever the currency', async () => {
      const sender = await person();
      const recipient = await person();
      await fund(db(), sender.userId, 200_000);
      await fund(db(), sender.userId, 200_000, 'EUR');

      expect((await send(sender, { recipient: recipient.ztartag, amountMinor: 30_000 })).statusCode).toBe(
        201,
      );
      clock.advance({ hours: 12 });
      const fresh = await signIn(testApp.app, sender);
      // 200.00 US dollars are left: in euros, the most whose reference value stays within them.
      const euroLeft = fromReferenceMinor(20_000, 'EUR');
      const over = await send(fresh, {
        recipient: recipient.ztartag,
        amountMinor: euroLeft + 1,
        currency: 'EUR',
      });
      expect(over.statusCode).toBe(422);
      expect(over.json().error).toMatchObject({
        code: 'limit_exceeded',
        details: { limit: 'daily', limitMinor: 50_000, remainingMinor: euroLeft },
      });
      expect(
        (await send(fresh, { recipient: recipient.ztartag, amountMinor: euroLeft, currency: 'EUR' }))
          .statusCode,
      ).toBe(201);
      const usedToday = 30_000 + toReferenceMinor(euroLeft, 'EUR');
      expect(
        (await send(fresh, { recipient: recipient.ztartag, amountMinor: 50_000 - usedToday + 1 })).json()
          .error.details,
      ).toEqual({ limit: 'daily', limitMinor: 50_000, remainingMinor: 50_000 - usedToday });

      // The first 300.00 leaves the window 24 hours after it was sent.
      clock.advance({ hours: 12, seconds: 1 });
      const nextDay = await signIn(testApp.app, sender);
      expect((await send(nextDay, { recipient: recipient.ztartag, amountMinor: 30_000 })).statusCode).toBe(
        201,
      );
      expect(
        (await send(nextDay, { recipient: recipient.ztartag, amountMinor: 50_000 - usedToday + 1 }))
          .statusCode,
      ).toBe(422);
      expect(await availableOf(db(), sender.userId)).toBe(200_000 - 60_000);
      expect(await availableOf(db(), sender.userId, 'EUR')).toBe(200_000 - euroLeft);
    });

    it('has no daily limit for a verified person (email and phone)', async () => {
      const sender = await person({ phoneVerified: true });
      const recipient = await person();
      await fund(db(), sender.userId, 200_000);

      for (let i = 0; i < 3; i += 1) {
        expect((await send(sender, { recipient: recipient.ztartag, amountMinor: 40_000 })).statusCode).toBe(
          201,
        );
      }
      expect(await availableOf(db(), recipient.userId)).toBe(120_000);
    });

    it('asks for the PIN above 50.00 when one is set and this session has not entered it', async () => {
      const sender = await person();
      const recipient = await person();
      await fund(db(), sender.userId, 100_000);
      const created = await testApp.app.inject(
        as(sender, { method: 'POST', url: '/api/pin', payload: { pin: '4821', pinConfirmation: '4821' } }),
      );
      expect(created.statusCode).toBe(201);
      // Creating the PIN unlocked this session for 5 minutes.
      expect((await send(sender, { recipient: recipient.ztartag, amountMinor: 5_001 })).statusCode).toBe(201);
      clock.advance({ minutes: 6 });

      const locked = await send(sender, { recipient: recipient.ztartag, amountMinor: 5_001 });
      expect(locked.statusCode).toBe(403);
      expect(locked.json().error.code).toBe('pin_required');
      expect((await send(sender, { recipient: recipient.ztartag, amountMinor: 5_000 })).statusCode).toBe(201);

      const verified = await testApp.app.inject(
        as(sender, { method: 'POST', url: '/api/pin/verify', payload: { pin: '4821' } }),
      );
      expect(verified.statusCode).toBe(200);
      expect((await send(sender, { recipient: recipient.ztartag, amountMinor: 5_001 })).statusCode).toBe(201);
      expect(await availableOf(db(), recipient.userId)).toBe(5_001 + 5_000 + 5_001);
    });
  });

  describe('when the database fails', () => {
    it('answers 500 transfer_failed and moves nothing when a write fails', async () => {
      const sender = await person();
      const recipient = await person();
      await fund(db(), sender.userId, 1_000);
      await db().execute(
        sql`ALTER TABLE notifications ADD CONSTRAINT test_refuse_all CHECK (false) NOT VALID`,
      );
      try {
        const answer = await send(sender, { recipient: recipient.ztartag, amountMinor: 400 });

        expect(answer.statusCode).toBe(500);
        expect(answer.json().error.code).toBe('transfer_failed');
        expect(answer.body).not.toMatch(/notifications|constraint|test_refuse_all/);
      } finally {
        await db().execute(sql`ALTER TABLE notifications DROP CONSTRAINT test_refuse_all`);
      }
      expect(await availableOf(db(), sender.userId)).toBe(1_000);
      expect(await availableOf(db(), recipient.userId)).toBe(0);
      expect(await transactionsOf(sender)).toEqual([]);
      expect(await transactionsOf(recipient)).toEqual([]);
      await expectLedgerSound(db());
    });

    it('retries a deadlock: the transfer goes through once, and no deadlock reaches the client', async () => {
      const sender = await person();
      const recipient = await person();
      await fund(db(), sender.userId, 1_000);
      // A sequence is not rolled back with the transaction: the first two attempts die as deadlock victims.
      await db().execute(sql`CREATE SEQUENCE test_deadlocks MINVALUE -1000000 START WITH 1`);
      await db().execute(
        sql.raw(`CREATE FUNCTION test_deadlock() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF nextval('test_deadlocks') <= 2 THEN
              RAISE EXCEPTION 'deadlock detected (test)' USING ERRCODE = '40P01';
            END IF;
            RETURN NEW;
          END $$`),
      );
      await db().execute(
        sql`CREATE TRIGGER test_deadlock BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION test_deadlock()`,
      );
      try {
        const answer = await send(sender, { recipient: recipient.ztartag, amountMinor: 400 });
        expect(answer.statusCode, answer.body).toBe(201);

        // Always a deadlock: after the last attempt the answer is transfer_failed, never the SQL error.
        await db().execute(sql`ALTER SEQUENCE test_deadlocks RESTART WITH -1000`);
        const hopeless = await send(sender, { recipient: recipient.ztartag, amountMinor: 100 });
        expect(hopeless.statusCode).toBe(500);
        expect(hopeless.json().error.code).toBe('transfer_failed');
        expect(hopeless.body).not.toMatch(/deadlock/i);
      } finally {
        await db().execute(sql`DROP TRIGGER test_deadlock ON notifications`);
        await db().execute(sql`DROP FUNCTION test_deadlock()`);
        await db().execute(sql`DROP SEQUENCE test_deadlocks`);
      }
      expect(await availableOf(db(), sender.userId)).toBe(600);
      expect(await availableOf(db(), recipient.userId)).toBe(400);
      expect(await transactionsOf(recipient)).toHaveLength(1);
      await expectLedgerSound(db());
    });
  });
});
