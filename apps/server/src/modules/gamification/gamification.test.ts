import type { AddressInfo } from 'node:net';
import type { GamificationHistoryResponse, GamificationResponse } from '@ztart/shared/contracts/gamification';
import { GAMIFICATION_RULES, XP_PER_ACTION } from '@ztart/shared/gamification';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_PEOPLE } from '../../demo/seed-people.ts';
import { as, type SignedInPerson, signIn } from '../../test/accounts.ts';
import { openStream } from '../../test/event-stream.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import {
  createPerson,
  fund,
  type Person,
  postTransfer,
  ROOMY_RATE_LIMITS,
} from '../../test/transfer-fixtures.ts';
import { users } from '../auth/tables.ts';
import { budgets } from '../budgets/tables.ts';
import { debts } from '../debts/tables.ts';
import { goals } from '../goals/tables.ts';
import { notifications } from '../notifications/tables.ts';
import { profiles } from '../profiles/tables.ts';
import { qrCodes } from '../qr-codes/tables.ts';
import { transactions } from '../transactions/tables.ts';
import { awardPerson, dailyChallengesFor } from './service.ts';
import { xpEvents } from './tables.ts';

describe('gamification', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const clock = createTestClock(new Date('2026-03-10T12:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({
      seed: true,
      now: clock.now,
      rateLimits: ROOMY_RATE_LIMITS,
      awardAsActionsHappen: true,
    });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const person = () => createPerson(testApp.app, db(), { phoneVerified: true });
  const settled = () => testApp.app.gamification.idle();
  const transfer = async (from: SignedInPerson, to: Person, amountMinor: number, key?: string) => {
    const answer = await postTransfer(testApp.app, from, { recipient: to.ztartag, amountMinor }, { key });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer;
  };
  const standing = async (who: SignedInPerson) => {
    await settled();
    const answer = await testApp.app.inject(as(who, { method: 'GET', url: '/api/gamification' }));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<GamificationResponse>();
  };
  const history = async (who: SignedInPerson) => {
    await settled();
    const answer = await testApp.app.inject(
      as(who, { method: 'GET', url: '/api/gamification/history?limit=100' }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<GamificationHistoryResponse>().items;
  };
  const xpOf = async (userId: string, action: string) => {
    await settled();
    const rows = await db()
      .select()
      .from(xpEvents)
      .where(and(eq(xpEvents.userId, userId), eq(xpEvents.action, action)))
      .orderBy(xpEvents.occurredAt);
    return { rows, xp: rows.reduce((sum, row) => sum + row.xp, 0) };
  };

  /** A new session after the clock moved past the old one's idle time. */
  const again = async (who: Person): Promise<Person> => ({
    ...who,
    ...(await signIn(testApp.app, { email: who.email, password: who.password })),
  });

  it('50 transfers back and forth between two people earn the XP of one', async () => {
    const [ana, bo] = [await person(), await person()];
    await fund(db(), ana.userId, 10_000);
    await fund(db(), bo.userId, 10_000);
    // A second apart, as people send money: the first of the day is the one that earns.
    for (let i = 0; i < 25; i += 1) {
      clock.advance({ seconds: 1 });
      await transfer(ana, bo, 200);
      clock.advance({ seconds: 1 });
      await transfer(bo, ana, 200);
    }
    const anaSent = await xpOf(ana.userId, 'transfer_sent');
    const anaReceived = await xpOf(ana.userId, 'transfer_received');
    const boSent = await xpOf(bo.userId, 'transfer_sent');
    const boReceived = await xpOf(bo.userId, 'transfer_received');
    // Every transfer is recorded, once each; only the first one earns.
    expect([
      anaSent.rows.length,
      anaReceived.rows.length,
      boSent.rows.length,
      boReceived.rows.length,
    ]).toEqual([25, 25, 25, 25]);
    expect(anaSent.xp + anaReceived.xp + boSent.xp + boReceived.xp).toBe(
      XP_PER_ACTION.transfer_sent + XP_PER_ACTION.transfer_received,
    );
    expect(anaSent.xp).toBe(XP_PER_ACTION.transfer_sent);
    expect(boReceived.xp).toBe(XP_PER_ACTION.transfer_received);
    const reasons = (rows: { withheld: string | null }[]) =>
      rows.map((row) => row.withheld ?? 'earned').sort();
    expect(reasons(anaSent.rows)).toEqual([...Array(24).fill('back_and_forth'), 'earned']);
    expect(reasons(boReceived.rows)).toEqual([...Array(24).fill('back_and_forth'), 'earned']);
    expect(new Set(reasons([...anaReceived.rows, ...boSent.rows]))).toEqual(new Set(['back_and_forth']));
  });

  it('an invoice paid by the other person counts as money going the other way', async () => {
    const [ana, bo] = [await person(), await person()];
    await fund(db(), bo.userId, 10_000);
    // Ana paid one of Bo's invoices, as the invoices module records Bo's side of it.
    const paidAt = clock.now();
    await db().insert(transactions).values({
      userId: bo.userId,
      type: 'income',
      kind: 'invoice_in',
      status: 'completed',
      amountMinor: 500,
      currency: 'USD',
      description: 'Invoice INV-1 paid',
      counterpartyUserId: ana.userId,
      groupId: crypto.randomUUID(),
      createdAt: paidAt,
      settledAt: paidAt,
    });
    clock.advance({ seconds: 1 });
    await transfer(bo, ana, 500);
    clock.advance({ seconds: 1 });
    await transfer(bo, ana, 500);
    const sent = await xpOf(bo.userId, 'transfer_sent');
    expect(sent.rows.map((row) => [row.xp, row.withheld])).toEqual([
      [0, 'back_and_forth'],
      [0, 'back_and_forth'],
    ]);
    // With someone else, Bo's transfers still earn.
    const cy = await person();
    await transfer(bo, cy, 500);
    expect((await xpOf(bo.userId, 'transfer_sent')).xp).toBe(XP_PER_ACTION.transfer_sent);
  });

  it('caps the XP of money actions per counterparty per day, and the next day earns again', async () => {
    const [ana, bo, cy] = [await person(), await person(), await person()];
    await fund(db(), ana.userId, 10_000);
    const cap = GAMIFICATION_RULES.moneyActionsPerCounterpartyPerDay;
    for (let i = 0; i < cap + 2; i += 1) await transfer(ana, bo, 200);
    await transfer(ana, cy, 200);
    const sent = await xpOf(ana.userId, 'transfer_sent');
    expect(sent.rows.filter((row) => row.withheld === 'daily_cap')).toHaveLength(2);
    // Another person is another counterparty.
    expect(sent.xp).toBe((cap + 1) * XP_PER_ACTION.transfer_sent);
    clock.advance({ days: 1 });
    await transfer(await again(ana), bo, 200);
    expect((await xpOf(ana.userId, 'transfer_sent')).xp).toBe((cap + 2) * XP_PER_ACTION.transfer_sent);
  });

  it('an amount below the minimum earns nothing', async () => {
    const [ana, bo] = [await person(), await person()];
    await fund(db(), ana.userId, 10_000);
    await transfer(ana, bo, GAMIFICATION_RULES.minAmountMinor - 1);
    const sent = await xpOf(ana.userId, 'transfer_sent');
    expect(sent.rows.map((row) => [row.xp, row.withheld])).toEqual([[0, 'below_minimum']]);
    expect((await xpOf(bo.userId, 'transfer_received')).rows.map((row) => row.withheld)).toEqual([
      'below_minimum',
    ]);
    await transfer(ana, bo, GAMIFICATION_RULES.minAmountMinor);
    expect((await xpOf(ana.userId, 'transfer_sent')).xp).toBe(XP_PER_ACTION.transfer_sent);
  });

  it('demo mode earns nothing: neither a demo person nor whoever they send money to', async () => {
    const demo = DEMO_PEOPLE[0]!;
    const session = await signIn(testApp.app, { email: demo.email, password: DEMO_PASSWORD });
    const bo = await person();
    await fund(db(), demo.id, 10_000);
    await transfer(session, bo, 500);
    const sent = await xpOf(demo.id, 'transfer_sent');
    expect(sent.rows.map((row) => [row.xp, row.withheld])).toEqual([[0, 'demo']]);
    expect((await xpOf(bo.userId, 'transfer_received')).rows.map((row) => row.withheld)).toEqual(['demo']);
    expect((await standing(session)).xp).toBe(0);
  });

  it('awards a transfer once when its request is retried with the same idempotency key', async () => {
    const [ana, bo] = [await person(), await person()];
    await fund(db(), ana.userId, 10_000);
    const first = await transfer(ana, bo, 300, 'retried-transfer-key-1');
    const again = await transfer(ana, bo, 300, 'retried-transfer-key-1');
    expect(again.json().id).toBe(first.json().id);
    // However often the award runs.
    await testApp.app.gamification.award(ana.userId);
    await testApp.app.gamification.award(ana.userId);
    const sent = await xpOf(ana.userId, 'transfer_sent');
    expect(sent.rows).toHaveLength(1);
    expect(sent.xp).toBe(XP_PER_ACTION.transfer_sent);
    const items = await history(ana);
    expect(items.filter((item) => item.action === 'transfer_sent')).toEqual([
      expect.objectContaining({
        xp: XP_PER_ACTION.transfer_sent,
        withheld: null,
        counterpartyZtartag: bo.ztartag,
      }),
    ]);
  });

  it('the first deposit unlocks an achievement, celebrated live and as an achievement notification', async () => {
    const ana = await person();
    const stream = await openStream(baseUrl, ana);
    await stream.waitFor((text) => text.includes(': connected'));
    const now = clock.now();
    // A settled card deposit, as the wallet records it.
    await db().insert(transactions).values({
      userId: ana.userId,
      type: 'income',
      kind: 'deposit',
      status: 'completed',
      amountMinor: 2_000,
      currency: 'USD',
      description: 'Deposit',
      groupId: crypto.randomUUID(),
      createdAt: now,
      settledAt: now,
    });
    await testApp.app.gamification.award(ana.userId);
    await stream.waitFor((text) => text.includes('"achievementId":"first_deposit"'));
    expect(stream.text()).toContain('event: celebration');
    stream.close();
    const [notification] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.userId), eq(notifications.event, 'achievement_unlocked')));
    expect(notification).toMatchObject({
      type: 'achievement',
      data: { achievementId: 'first_deposit', rarity: 'common' },
    });
    const state = await standing(ana);
    expect(state.xp).toBe(XP_PER_ACTION.first_deposit);
    expect(
      state.achievements.find((achievement) => achievement.id === 'first_deposit')?.unlockedAt,
    ).not.toBeNull();
    expect(state.achievements.find((achievement) => achievement.id === 'tips_received_10')).toMatchObject({
      unlockedAt: null,
      progress: { current: 0, target: 10 },
    });
  });

  it('crossing a level threshold celebrates level_up and notifies', async () => {
    const [ana, bo] = [await person(), await person()];
    await fund(db(), ana.userId, 10_000);
    // 95 XP recorded earlier: one more transfer crosses 100 (apprentice).
    await db()
      .insert(xpEvents)
      .values({
        userId: ana.userId,
        action: 'goal_reached',
        sourceId: crypto.randomUUID(),
        xp: 95,
        localDate: '2026-01-01',
        occurredAt: new Date('2026-01-01T10:00:00Z'),
      });
    await testApp.app.gamification.award(ana.userId);
    expect((await standing(ana)).level).toBe('novice');
    await transfer(ana, bo, 500);
    const state = await standing(ana);
    expect(state).toMatchObject({ level: 'apprentice', levelFloorXp: 100, nextLevelXp: 500 });
    const levelNotes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.userId), eq(notifications.event, 'level_up')));
    expect(levelNotes.map((row) => row.data)).toEqual([{ level: 'apprentice' }]);
  });

  it('a budget kept through its month earns budget_kept once the month is over; one set afterwards does not', async () => {
    const someone = await person();
    const post = async (who: SignedInPerson, month: string, key: string) => {
      const categories = await testApp.app.inject(as(who, { method: 'GET', url: '/api/categories' }));
      const food = categories
        .json<{ items: { id: string; key: string | null }[] }>()
        .items.find((item) => item.key === key)!;
      const answer = await testApp.app.inject(
        as(who, {
          method: 'POST',
          url: '/api/budgets',
          payload: { month, categoryId: food.id, currency: 'USD', amountMinor: 10_000 },
        }),
      );
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<{ id: string }>().id;
    };
    const month = clock.now().toISOString().slice(0, 7);
    const kept = await post(someone, month, 'food');
    // Budgets take their creation time from the database: this one was set on the test's day.
    await db().update(budgets).set({ createdAt: clock.now() }).where(eq(budgets.id, kept));
    expect(
      (await standing(someone)).achievements.find((item) => item.id === 'budget_kept')?.unlockedAt,
    ).toBeNull();
    // The first day of the next month (the person's zone is UTC).
    const [year, number] = month.split('-').map(Number) as [number, number];
    clock.advance({ seconds: (Date.UTC(year, number, 1, 9) - clock.now().getTime()) / 1000 });
    const ana = await again(someone);
    // Set now for the month that is over: it proves nothing.
    const late = await post(ana, month, 'transport');
    const state = await standing(ana);
    const events = await xpOf(ana.userId, 'budget_kept');
    expect(events.rows.map((row) => row.sourceId)).toEqual([kept]);
    expect(events.rows.some((row) => row.sourceId === late)).toBe(false);
    expect(events.xp).toBe(XP_PER_ACTION.budget_kept);
    expect(state.achievements.find((item) => item.id === 'budget_kept')?.unlockedAt).not.toBeNull();
  });

  describe('actions a person can repeat alone', () => {
    const withheldOf = (rows: { withheld: string | null }[]) => rows.map((row) => row.withheld ?? 'earned');
    /** A goal reached now, as the goals module records it. */
    const reachGoal = async (ownerId: string, targetMinor: number) => {
      await db().insert(goals).values({
        ownerId,
        name: 'Savings',
        targetMinor,
        savedMinor: targetMinor,
        currency: 'USD',
        reachedAt: clock.now(),
      });
      clock.advance({ seconds: 1 });
      await testApp.app.gamification.award(ownerId);
    };
    /** A debt with someone outside the app, settled by hand now. */
    const settleDebt = async (ownerId: string, amountMinor: number) => {
      await db().insert(debts).values({
        ownerId,
        counterpartyName: 'Someone outside',
        direction: 'owed_to_me',
        amountMinor,
        settledMinor: amountMinor,
        currency: 'USD',
        status: 'settled',
        confirmation: 'not_needed',
        updatedAt: clock.now(),
      });
      clock.advance({ seconds: 1 });
      await testApp.app.gamification.award(ownerId);
    };

    it('reached goals earn XP at most the daily number of times, and the next day earns again', async () => {
      const ana = await person();
      const cap = GAMIFICATION_RULES.actionsPerDay.goal_reached;
      for (let i = 0; i < cap + 1; i += 1) await reachGoal(ana.userId, GAMIFICATION_RULES.minAmountMinor);
      const reached = await xpOf(ana.userId, 'goal_reached');
      expect(withheldOf(reached.rows)).toEqual([...Array(cap).fill('earned'), 'action_daily_cap']);
      expect(reached.xp).toBe(cap * XP_PER_ACTION.goal_reached);
      clock.advance({ days: 1 });
      await reachGoal(ana.userId, GAMIFICATION_RULES.minAmountMinor);
      expect((await xpOf(ana.userId, 'goal_reached')).xp).toBe((cap + 1) * XP_PER_ACTION.goal_reached);
    });

    it('a goal whose target is below the minimum earns nothing', async () => {
      const ana = await person();
      await reachGoal(ana.userId, 1);
      const reached = await xpOf(ana.userId, 'goal_reached');
      expect(reached.rows.map((row) => [row.xp, row.withheld])).toEqual([[0, 'below_minimum']]);
      // It does not use up the day's allowance either.
      await reachGoal(ana.userId, GAMIFICATION_RULES.minAmountMinor);
      expect((await xpOf(ana.userId, 'goal_reached')).xp).toBe(XP_PER_ACTION.goal_reached);
    });

    it('settled debts earn XP at most the daily number of times; one below the minimum earns nothing', async () => {
      const ana = await person();
      const cap = GAMIFICATION_RULES.actionsPerDay.debt_settled;
      await settleDebt(ana.userId, 1);
      for (let i = 0; i < cap + 1; i += 1) await settleDebt(ana.userId, GAMIFICATION_RULES.minAmountMinor);
      const settledDebts = await xpOf(ana.userId, 'debt_settled');
      expect(withheldOf(settledDebts.rows)).toEqual([
        'below_minimum',
        ...Array(cap).fill('earned'),
        'action_daily_cap',
      ]);
      expect(settledDebts.xp).toBe(cap * XP_PER_ACTION.debt_settled);
      const items = await history(ana);
      expect(items.filter((item) => item.action === 'debt_settled').map((item) => item.withheld)).toContain(
        'action_daily_cap',
      );
    });

    it('QR codes scanned for the first time earn XP at most the daily number of times', async () => {
      const ana = await person();
      const cap = GAMIFICATION_RULES.actionsPerDay.qr_first_scan;
      for (let i = 0; i < cap + 1; i += 1) {
        await db()
          .insert(qrCodes)
          .values({
            userId: ana.userId,
            code: `farm-${crypto.randomUUID()}`,
            title: 'Tips',
            kind: 'tip_link',
            currency: 'USD',
            emv: {},
            dynamic: {},
            scanCount: 1,
          });
        clock.advance({ seconds: 1 });
        await testApp.app.gamification.award(ana.userId);
      }
      const scans = await xpOf(ana.userId, 'qr_first_scan');
      expect(withheldOf(scans.rows)).toEqual([...Array(cap).fill('earned'), 'action_daily_cap']);
      expect(scans.xp).toBe(cap * XP_PER_ACTION.qr_first_scan);
    });
  });

  it('a deleted account is not awarded again, whatever was queued before the deletion', async () => {
    const ana = await person();
    await fund(db(), ana.userId, 10_000);
    await db().insert(goals).values({
      ownerId: ana.userId,
      name: 'Savings',
      targetMinor: 1_000,
      savedMinor: 1_000,
      currency: 'USD',
      reachedAt: clock.now(),
    });
    await db().update(users).set({ deletedAt: clock.now() }).where(eq(users.id, ana.userId));
    const result = await awardPerson(db(), ana.userId, clock.now());
    expect(result).toEqual({ xp: 0, events: [] });
    expect(await db().select().from(xpEvents).where(eq(xpEvents.userId, ana.userId))).toEqual([]);
  });

  describe('daily challenges', () => {
    it('are the same for a person and date on every server and every run', () => {
      // Fixed values: a change of the choice would move everyone's challenges in the middle of a day.
      const id = '6f1c1a52-7d0e-4c1b-9a61-0c5b1d0a0001';
      expect(dailyChallengesFor(id, '2026-03-10')).toEqual([
        'send_transfers_2',
        'send_tips_3',
        'receive_tip',
      ]);
      expect(dailyChallengesFor(id, '2026-03-11')).toEqual([
        'receive_tips_3',
        'send_transfer',
        'pay_invoice',
      ]);
      expect(dailyChallengesFor(id, '2026-03-12')).toEqual([
        'pay_invoice',
        'receive_transfer',
        'settle_debt',
      ]);
    });

    it("change at the person's local midnight", async () => {
      clock.advance({ seconds: (Date.parse('2026-06-11T02:59:00Z') - clock.now().getTime()) / 1000 });
      const ana = await person();
      await db().update(profiles).set({ timeZone: 'America/Sao_Paulo' }).where(eq(profiles.id, ana.userId));
      const before = await standing(ana);
      expect(before.date).toBe('2026-06-10');
      expect(before.challenges.map((challenge) => challenge.id)).toEqual(
        dailyChallengesFor(ana.userId, '2026-06-10'),
      );
      expect((await standing(ana)).challenges).toEqual(before.challenges);
      clock.advance({ minutes: 1 });
      const after = await standing(ana);
      expect(after.date).toBe('2026-06-11');
      expect(after.challenges.map((challenge) => challenge.id)).toEqual(
        dailyChallengesFor(ana.userId, '2026-06-11'),
      );
      expect(
        after.challenges.every((challenge) => challenge.progress === 0 && challenge.completedAt === null),
      ).toBe(true);
    });

    it('are completed by real actions, with a challenge_complete celebration', async () => {
      const [someone, bo] = [await person(), await person()];
      await fund(db(), someone.userId, 10_000);
      // Move to a day whose challenges include sending one transfer (the person's zone is UTC).
      const dateOf = () => clock.now().toISOString().slice(0, 10);
      for (
        let i = 0;
        i < 60 && !dailyChallengesFor(someone.userId, dateOf()).includes('send_transfer');
        i += 1
      ) {
        clock.advance({ days: 1 });
      }
      expect(dailyChallengesFor(someone.userId, dateOf())).toContain('send_transfer');
      const ana = await again(someone);
      const stream = await openStream(baseUrl, ana);
      await stream.waitFor((text) => text.includes(': connected'));
      await transfer(ana, bo, 500);
      await stream.waitFor((text) => text.includes('"challengeId":"send_transfer"'));
      expect(stream.text()).toContain('"kind":"challenge_complete"');
      stream.close();
      const state = await standing(ana);
      expect(state.challenges.find((challenge) => challenge.id === 'send_transfer')).toMatchObject({
        goal: 1,
        progress: 1,
        completedAt: expect.any(String),
      });
      expect((await xpOf(ana.userId, 'challenge_completed')).xp).toBe(XP_PER_ACTION.challenge_completed);
    });
  });
});
