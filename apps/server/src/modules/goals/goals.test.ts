import { randomUUID } from 'node:crypto';
import type { Goal, GoalListResponse, GoalMoveResponse } from '@ztart/shared/contracts/goals';
import type { Notification } from '@ztart/shared/contracts/notifications';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import type { WalletResponse } from '@ztart/shared/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import {
  availableOf,
  createPerson,
  expectLedgerSound,
  fund,
  type Person,
  ROOMY_RATE_LIMITS,
} from '../../test/transfer-fixtures.ts';
import { ledgerAccounts, ledgerTransfers } from '../ledger/tables.ts';
import { transactions } from '../transactions/tables.ts';
import { goals } from './tables.ts';

describe('savings goals', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-03-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const person = () => createPerson(testApp.app, db(), { phoneVerified: true });
  const call = (
    who: SignedInPerson,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    payload?: object | Buffer,
    headers: Record<string, string> = {},
  ) => testApp.app.inject(as(who, { method, url, ...(payload === undefined ? {} : { payload }), headers }));
  const create = async (who: Person, payload: Record<string, unknown> = {}) => {
    const answer = await call(who, 'POST', '/api/goals', {
      name: 'New bike',
      targetMinor: 20_000,
      currency: 'USD',
      ...payload,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Goal>();
  };
  const move = (
    who: Person,
    goalId: string,
    direction: 'deposits' | 'withdrawals',
    amountMinor: number,
    key: string | null = randomUUID(),
  ) =>
    call(
      who,
      'POST',
      `/api/goals/${goalId}/${direction}`,
      { amountMinor },
      key === null ? {} : { 'idempotency-key': key },
    );
  const moved = async (...args: Parameters<typeof move>) => {
    const answer = await move(...args);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<GoalMoveResponse>();
  };
  const goalOf = async (who: Person, id: string) => {
    const answer = await call(who, 'GET', `/api/goals/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Goal>();
  };
  const goalSavingsOf = async (userId: string, currency = 'USD') => {
    const [account] = await db()
      .select()
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.ownerId, userId),
          eq(ledgerAccounts.kind, 'goal_savings'),
          eq(ledgerAccounts.currency, currency),
        ),
      );
    return account?.balanceMinor ?? 0;
  };
  /** The ledger's goal account holds exactly what the person's goals say they hold. */
  const expectGoalsMatchLedger = async (userId: string) => {
    const rows = await db().select().from(goals).where(eq(goals.ownerId, userId));
    for (const currency of new Set(rows.map((row) => row.currency))) {
      const saved = rows
        .filter((row) => row.currency === currency)
        .reduce((sum, row) => sum + row.savedMinor, 0);
      expect(await goalSavingsOf(userId, currency), `${currency} goal savings`).toBe(saved);
    }
  };
  const notificationsOf = async (who: Person) => {
    const answer = await call(who, 'GET', '/api/notifications');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ items: Notification[] }>().items;
  };

  describe('creating, reading, editing and deleting', () => {
    it('creates an empty goal with its progress and the monthly amount to its date', async () => {
      const ada = await person();
      const goal = await create(ada, {
        name: '  Trip to Lisbon ',
        targetMinor: 120_000,
        targetDate: '2026-08-31',
      });
      expect(goal).toMatchObject({
        name: 'Trip to Lisbon',
        targetMinor: 120_000,
        currency: 'USD',
        savedMinor: 0,
        targetDate: '2026-08-31',
        pictureUrl: null,
        progressPercent: 0,
        // March to August: six months, this one included.
        monthlyNeededMinor: 20_000,
        reachedAt: null,
      });
      const list = await call(ada, 'GET', '/api/goals');
      expect(list.json<GoalListResponse>()).toEqual({ items: [goal], totals: [] });
    });

    it('refuses what is not a goal: no name, a zero or huge target, an unknown currency, a bad date', async () => {
      const ada = await person();
      for (const payload of [
        { name: '', targetMinor: 100, currency: 'USD' },
        { name: 'x'.repeat(61), targetMinor: 100, currency: 'USD' },
        { name: 'Bike', targetMinor: 0, currency: 'USD' },
        { name: 'Bike', targetMinor: 12.5, currency: 'USD' },
        { name: 'Bike', targetMinor: 100_000_001, currency: 'USD' },
        { name: 'Bike', targetMinor: 100, currency: 'GBP' },
        { name: 'Bike', targetMinor: 100, currency: 'USD', targetDate: '2026-02-30' },
      ]) {
        const answer = await call(ada, 'POST', '/api/goals', payload);
        expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
        expect(answer.json().error.code).toBe('validation_failed');
      }
      expect((await call(ada, 'GET', '/api/goals')).json<GoalListResponse>().items).toEqual([]);
    });

    it('edits name, target and date but never the currency, and clears the date with null', async () => {
      const ada = await person();
      const goal = await create(ada, { targetDate: '2026-12-31' });
      const edited = await call(ada, 'PATCH', `/api/goals/${goal.id}`, {
        name: 'Road bike',
        targetMinor: 30_000,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<Goal>()).toMatchObject({
        name: 'Road bike',
        targetMinor: 30_000,
        targetDate: '2026-12-31',
      });
      const cleared = await call(ada, 'PATCH', `/api/goals/${goal.id}`, { targetDate: null });
      expect(cleared.json<Goal>()).toMatchObject({ targetDate: null, monthlyNeededMinor: null });
      const currency = await call(ada, 'PATCH', `/api/goals/${goal.id}`, { currency: 'EUR' });
      expect(currency.statusCode).toBe(400);
      expect((await goalOf(ada, goal.id)).currency).toBe('USD');
    });

    it("keeps each person's goals to themselves: another's goal reads as not found", async () => {
      const ada = await person();
      const bob = await person();
      await fund(db(), bob.userId, 10_000);
      const goal = await create(ada);
      expect((await call(bob, 'GET', `/api/goals/${goal.id}`)).statusCode).toBe(404);
      expect((await call(bob, 'PATCH', `/api/goals/${goal.id}`, { name: 'Mine' })).statusCode).toBe(404);
      expect((await call(bob, 'DELETE', `/api/goals/${goal.id}`)).statusCode).toBe(404);
      const deposit = await move(bob, goal.id, 'deposits', 1_000);
      expect(deposit.statusCode).toBe(404);
      expect(deposit.json().error.code).toBe('not_found');
      expect((await call(bob, 'GET', '/api/goals')).json<GoalListResponse>().items).toEqual([]);
      expect(await availableOf(db(), bob.userId)).toBe(10_000);
      expect((await goalOf(ada, goal.id)).name).toBe('New bike');
    });

    it('deletes an empty goal, and refuses with goal_not_empty while it holds money', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 10_000);
      const goal = await create(ada);
      await moved(ada, goal.id, 'deposits', 2_500);
      const refused = await call(ada, 'DELETE', `/api/goals/${goal.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('goal_not_empty');
      await moved(ada, goal.id, 'withdrawals', 2_500);
      expect((await call(ada, 'DELETE', `/api/goals/${goal.id}`)).statusCode).toBe(204);
      expect((await call(ada, 'GET', `/api/goals/${goal.id}`)).statusCode).toBe(404);
      expect(await availableOf(db(), ada.userId)).toBe(10_000);
    });

    it('keeps a person to 50 goals', async () => {
      const ada = await person();
      for (let n = 0; n < 50; n++) await create(ada, { name: `Goal ${n}` });
      const refused = await call(ada, 'POST', '/api/goals', {
        name: 'One more',
        targetMinor: 100,
        currency: 'USD',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatchObject({
        code: 'limit_exceeded',
        details: { limit: 'goals', max: 50 },
      });
    });
  });

  describe('money in and out', () => {
    it('takes a deposit out of the available wallet into the goal account, as an own move', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 30_000);
      const goal = await create(ada);
      const answer = await moved(ada, goal.id, 'deposits', 5_000);
      expect(answer).toMatchObject({ id: goal.id, savedMinor: 5_000, progressPercent: 25, reachedAt: null });
      expect(answer.transaction).toMatchObject({
        type: 'internal',
        kind: 'goal_deposit',
        status: 'completed',
        amountMinor: 5_000,
        currency: 'USD',
        categoryId: null,
        counterparty: { ztartag: null, displayName: 'New bike' },
      });
      expect(await availableOf(db(), ada.userId)).toBe(25_000);
      expect(await goalSavingsOf(ada.userId)).toBe(5_000);

      const wallet = (await call(ada, 'GET', '/api/wallet')).json<WalletResponse>();
      expect(wallet.balances.find((balance) => balance.currency === 'USD')).toMatchObject({
        availableMinor: 25_000,
        totalMinor: 25_000,
      });
      const list = (await call(ada, 'GET', '/api/goals')).json<GoalListResponse>();
      expect(list.totals).toEqual([{ currency: 'USD', savedMinor: 5_000 }]);
      // Neither income nor expense, and no spending: the daily limit is untouched.
      const expenses = await call(ada, 'GET', '/api/transactions?type=expense');
      expect(expenses.json<{ items: Transaction[] }>().items).toEqual([]);
      expect(wallet.limits.sentLast24hReferenceMinor).toBe(0);

      // One ledger transfer, coded `goal`, from the wallet to the goal account.
      const [row] = await db().select().from(transactions).where(eq(transactions.id, answer.transaction.id));
      const legs = await db()
        .select({
          code: ledgerTransfers.code,
          amountMinor: ledgerTransfers.amountMinor,
          state: ledgerTransfers.state,
        })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.batchId, row!.ledgerBatchId!));
      expect(legs).toEqual([{ code: 'goal', amountMinor: 5_000, state: 'posted' }]);
      await expectGoalsMatchLedger(ada.userId);
      await expectLedgerSound(db());
    });

    it('puts a withdrawal back into the available wallet, never more than the goal holds', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 30_000);
      const bike = await create(ada);
      const trip = await create(ada, { name: 'Trip' });
      await moved(ada, bike.id, 'deposits', 4_000);
      await moved(ada, trip.id, 'deposits', 6_000);
      // The goal account holds 100.00 in all, but the bike only 40.00 of it.
      const refused = await move(ada, bike.id, 'withdrawals', 4_001);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe('goal_savings_insufficient');
      const answer = await moved(ada, bike.id, 'withdrawals', 1_500);
      expect(answer).toMatchObject({ savedMinor: 2_500 });
      expect(answer.transaction).toMatchObject({
        type: 'internal',
        kind: 'goal_withdrawal',
        amountMinor: 1_500,
      });
      expect(await availableOf(db(), ada.userId)).toBe(30_000 - 10_000 + 1_500);
      expect((await goalOf(ada, trip.id)).savedMinor).toBe(6_000);
      await expectGoalsMatchLedger(ada.userId);
      await expectLedgerSound(db());
    });

    it('refuses a deposit above the available balance with insufficient_balance, moving nothing', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 1_000);
      const goal = await create(ada);
      const refused = await move(ada, goal.id, 'deposits', 1_001);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe('insufficient_balance');
      expect(await availableOf(db(), ada.userId)).toBe(1_000);
      expect((await goalOf(ada, goal.id)).savedMinor).toBe(0);
      const empty = await person();
      const other = await create(empty);
      expect((await move(empty, other.id, 'deposits', 1)).json().error.code).toBe('insufficient_balance');
    });

    it('moves money in the goal’s currency only', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 10_000, 'USD');
      const goal = await create(ada, { currency: 'EUR' });
      const refused = await move(ada, goal.id, 'deposits', 1_000);
      expect(refused.json().error.code).toBe('insufficient_balance');
      await fund(db(), ada.userId, 3_000, 'EUR');
      expect((await moved(ada, goal.id, 'deposits', 1_000)).transaction.currency).toBe('EUR');
      expect(await availableOf(db(), ada.userId, 'USD')).toBe(10_000);
      expect(await availableOf(db(), ada.userId, 'EUR')).toBe(2_000);
    });

    it('needs the Idempotency-Key and answers a repeat with the first answer, moving money once', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 10_000);
      const goal = await create(ada);
      const missing = await move(ada, goal.id, 'deposits', 1_000, null);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.code).toBe('idempotency_key_required');

      const key = randomUUID();
      const first = await move(ada, goal.id, 'deposits', 1_000, key);
      expect(first.statusCode).toBe(201);
      await moved(ada, goal.id, 'deposits', 2_000);
      const again = await move(ada, goal.id, 'deposits', 1_000, key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      // The first answer: the goal as that move left it, not as it is now.
      expect(again.json()).toEqual(first.json());
      expect(again.json<GoalMoveResponse>().savedMinor).toBe(1_000);
      const conflict = await move(ada, goal.id, 'deposits', 1_001, key);
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().error.code).toBe('idempotency_conflict');
      // The same key on the way out is another request: refused, not replayed.
      expect((await move(ada, goal.id, 'withdrawals', 1_000, key)).statusCode).toBe(409);
      expect(await availableOf(db(), ada.userId)).toBe(7_000);
      expect((await goalOf(ada, goal.id)).savedMinor).toBe(3_000);
    });

    it('asks for the PIN above 50.00 when one is set, like any payment', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 100_000);
      const goal = await create(ada, { targetMinor: 100_000 });
      const pin = await call(ada, 'POST', '/api/pin', { pin: '4821', pinConfirmation: '4821' });
      expect(pin.statusCode).toBe(201);
      clock.advance({ minutes: 6 });
      const locked = await move(ada, goal.id, 'deposits', 5_001);
      expect(locked.statusCode).toBe(403);
      expect(locked.json().error.code).toBe('pin_required');
      await moved(ada, goal.id, 'deposits', 5_000);
      expect((await call(ada, 'POST', '/api/pin/verify', { pin: '4821' })).statusCode).toBe(200);
      await moved(ada, goal.id, 'deposits', 5_001);
      expect((await goalOf(ada, goal.id)).savedMinor).toBe(10_001);
    });

    it('refuses one move above the transfer maximum', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 2_000_000);
      const goal = await create(ada, { targetMinor: 5_000_000 });
      const refused = await move(ada, goal.id, 'deposits', 1_000_001);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatchObject({
        code: 'limit_exceeded',
        details: { limit: 'transferMax' },
      });
    });
  });

  describe('reaching the target', () => {
    it('notifies once, the first time the saved amount reaches the target', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 50_000);
      const goal = await create(ada, { targetMinor: 10_000, targetDate: '2026-12-31' });
      await moved(ada, goal.id, 'deposits', 9_999);
      expect(await notificationsOf(ada)).toEqual([]);
      const reached = await moved(ada, goal.id, 'deposits', 1);
      expect(reached).toMatchObject({ progressPercent: 100, monthlyNeededMinor: null });
      expect(reached.reachedAt).toBe(clock.now().toISOString());
      const [notification, ...others] = await notificationsOf(ada);
      expect(others).toEqual([]);
      expect(notification).toMatchObject({
        type: 'achievement',
        event: 'goal_reached',
        data: { goalId: goal.id, goalName: 'New bike', amountMinor: 10_000, currency: 'USD' },
        readAt: null,
      });

      // Out below the target and in again past it: still the one notification.
      await moved(ada, goal.id, 'withdrawals', 5_000);
      expect((await goalOf(ada, goal.id)).progressPercent).toBe(50);
      await moved(ada, goal.id, 'deposits', 8_000);
      expect(await notificationsOf(ada)).toHaveLength(1);
      expect((await goalOf(ada, goal.id)).reachedAt).toBe(reached.reachedAt);
    });

    it('notifies when a target is lowered to what the goal already holds', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 10_000);
      const goal = await create(ada, { targetMinor: 10_000 });
      await moved(ada, goal.id, 'deposits', 6_000);
      const edited = await call(ada, 'PATCH', `/api/goals/${goal.id}`, { targetMinor: 6_000 });
      expect(edited.json<Goal>()).toMatchObject({
        progressPercent: 100,
        reachedAt: clock.now().toISOString(),
      });
      await call(ada, 'PATCH', `/api/goals/${goal.id}`, { targetMinor: 5_000 });
      const notifications = await notificationsOf(ada);
      expect(notifications.map((n) => n.event)).toEqual(['goal_reached']);
    });

    it('notifies once when moves arriving together pass the target', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 50_000);
      const goal = await create(ada, { targetMinor: 10_000 });
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => move(ada, goal.id, 'deposits', 2_000)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
      expect((await goalOf(ada, goal.id)).savedMinor).toBe(16_000);
      expect((await notificationsOf(ada)).filter((n) => n.event === 'goal_reached')).toHaveLength(1);
    });
  });

  describe('under concurrency', () => {
    it('never loses or doubles money when many moves of one person race', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 10_000);
      const bike = await create(ada, { targetMinor: 1_000_000 });
      const trip = await create(ada, { targetMinor: 1_000_000 });
      await moved(ada, trip.id, 'deposits', 3_000);
      // 20 deposits of 5.00 into the bike (only 14 fit in 70.00) and 10 withdrawals of 4.00 from the trip (7 fit).
      const answers = await Promise.all([
        ...Array.from({ length: 20 }, () => move(ada, bike.id, 'deposits', 500)),
        ...Array.from({ length: 10 }, () => move(ada, trip.id, 'withdrawals', 400)),
      ]);
      const codes = answers.map((answer) => (answer.statusCode === 201 ? 'ok' : answer.json().error.code));
      const deposits = codes.slice(0, 20);
      const withdrawals = codes.slice(20);
      expect(withdrawals.filter((code) => code === 'ok')).toHaveLength(7);
      expect(new Set(withdrawals.filter((code) => code !== 'ok'))).toEqual(
        new Set(['goal_savings_insufficient']),
      );
      expect(new Set(deposits.filter((code) => code !== 'ok'))).toEqual(
        new Set(deposits.every((code) => code === 'ok') ? [] : ['insufficient_balance']),
      );
      const depositedMinor = deposits.filter((code) => code === 'ok').length * 500;
      const bikeSaved = (await goalOf(ada, bike.id)).savedMinor;
      const tripSaved = (await goalOf(ada, trip.id)).savedMinor;
      expect(bikeSaved).toBe(depositedMinor);
      expect(tripSaved).toBe(3_000 - 7 * 400);
      expect(await availableOf(db(), ada.userId)).toBe(10_000 - 3_000 - depositedMinor + 7 * 400);
      expect(await availableOf(db(), ada.userId)).toBeGreaterThanOrEqual(0);
      await expectGoalsMatchLedger(ada.userId);
      await expectLedgerSound(db());
    });

    it('keeps a delete and a deposit racing apart: either the goal is gone and nothing moved, or it holds the money', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 5_000);
      const goal = await create(ada);
      const [deposit, deletion] = await Promise.all([
        move(ada, goal.id, 'deposits', 1_000),
        call(ada, 'DELETE', `/api/goals/${goal.id}`),
      ]);
      if (deletion.statusCode === 204) {
        expect(deposit.statusCode).toBe(404);
        expect(await availableOf(db(), ada.userId)).toBe(5_000);
      } else {
        expect(deletion.json().error.code).toBe('goal_not_empty');
        expect(deposit.statusCode).toBe(201);
        expect((await goalOf(ada, goal.id)).savedMinor).toBe(1_000);
      }
      await expectGoalsMatchLedger(ada.userId);
      await expectLedgerSound(db());
    });
  });

  describe('pictures', () => {
    it('re-encodes a picture without its metadata and shows it to its owner only', async () => {
      const ada = await person();
      const bob = await person();
      const goal = await create(ada);
      const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3366cc' } })
        .jpeg()
        .withExif({ IFD0: { Artist: 'Ada', Copyright: 'GPS 38.7,-9.1' } })
        .toBuffer();
      const uploaded = await call(ada, 'PUT', `/api/goals/${goal.id}/picture`, jpeg, {
        'content-type': 'image/jpeg',
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const { pictureUrl } = uploaded.json<Goal>();
      expect(pictureUrl).toMatch(new RegExp(`^/api/goals/${goal.id}/picture\\?v=`));

      const picture = await call(ada, 'GET', pictureUrl!);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(picture.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 800, height: 600 });
      expect(metadata.exif).toBeUndefined();
      expect((await call(bob, 'GET', pictureUrl!)).statusCode).toBe(404);
      expect(
        (await call(bob, 'PUT', `/api/goals/${goal.id}/picture`, jpeg, { 'content-type': 'image/jpeg' }))
          .statusCode,
      ).toBe(404);

      const notImage = await call(ada, 'PUT', `/api/goals/${goal.id}/picture`, Buffer.from('not an image'), {
        'content-type': 'image/png',
      });
      expect(notImage.statusCode).toBe(415);
      const removed = await call(ada, 'DELETE', `/api/goals/${goal.id}/picture`);
      expect(removed.json<Goal>().pictureUrl).toBeNull();
      expect((await call(ada, 'GET', pictureUrl!)).statusCode).toBe(404);
    });
  });

  describe('deleting the account', () => {
    it('is refused while goals hold money, and erases empty goals', async () => {
      const ada = await person();
      await fund(db(), ada.userId, 2_000);
      const goal = await create(ada);
      await moved(ada, goal.id, 'deposits', 2_000);
      const refused = await call(ada, 'DELETE', '/api/profiles/me', {
        confirmation: 'DELETE',
        password: ada.password,
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.details.balances).toEqual([
        { kind: 'goals', currency: 'USD', amountMinor: 2_000 },
      ]);
    });
  });
});
