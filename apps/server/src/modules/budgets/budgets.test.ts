import { randomUUID } from 'node:crypto';
import type { Budget, BudgetListResponse, CopyBudgetsResponse } from '@ztart/shared/contracts/budgets';
import type { Notification } from '@ztart/shared/contracts/notifications';
import type { Category, TransactionStatus, TransactionType } from '@ztart/shared/contracts/transactions';
import type { Currency } from '@ztart/shared/money';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { createPerson, fund, postTransfer, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { recordTransaction } from '../transactions/record.ts';
import { raiseBudgetAlerts } from './service.ts';
import { budgetAlerts } from './tables.ts';

describe('budgets', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-10T09:00:00.000Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const send = (person: SignedInPerson, options: InjectOptions) => testApp.app.inject(as(person, options));
  const list = async (person: SignedInPerson, month?: string) => {
    const answer = await send(person, {
      method: 'GET',
      url: `/api/budgets${month ? `?month=${month}` : ''}`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<BudgetListResponse>();
  };
  const create = (
    person: SignedInPerson,
    body: { month: string; categoryId: string; currency?: Currency; amountMinor: number },
  ) => send(person, { method: 'POST', url: '/api/budgets', payload: { currency: 'USD', ...body } });
  const created = async (...args: Parameters<typeof create>) => {
    const answer = await create(...args);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Budget>();
  };
  const categoriesOf = async (person: SignedInPerson) => {
    const answer = await send(person, { method: 'GET', url: '/api/categories' });
    const items = answer.json<{ items: Category[] }>().items;
    return Object.fromEntries(items.map((item) => [item.key ?? item.name, item.id])) as Record<
      string,
      string
    >;
  };
  const setTimeZone = async (person: SignedInPerson, timeZone: string) => {
    const answer = await send(person, { method: 'PATCH', url: '/api/profiles/me', payload: { timeZone } });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const budgetAlertsOf = async (person: SignedInPerson) => {
    await testApp.app.budgetAlerts.idle();
    const answer = await send(person, { method: 'GET', url: '/api/notifications?limit=100' });
    return answer
      .json<{ items: Notification[] }>()
      .items.filter((item) => item.event === 'budget_alert')
      .reverse();
  };

  it('creates, lists, changes and deletes budgets, one per month, category and currency, each person their own', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const other = await signUpAndSignIn(testApp.app);
    const mine = await categoriesOf(person);
    const theirs = await categoriesOf(other);

    const food = await created(person, { month: '2026-05', categoryId: mine.food!, amountMinor: 100_00 });
    expect(food).toMatchObject({
      month: '2026-05',
      categoryId: mine.food,
      currency: 'USD',
      amountMinor: 100_00,
      spentMinor: 0,
      remainingMinor: 100_00,
      varianceMinor: 100_00,
      percentUsed: 0,
    });
    const duplicate = await create(person, { month: '2026-05', categoryId: mine.food!, amountMinor: 5_00 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('budget_exists');
    await created(person, { month: '2026-05', categoryId: mine.food!, currency: 'EUR', amountMinor: 40_00 });
    await created(person, { month: '2026-06', categoryId: mine.food!, amountMinor: 90_00 });
    const transport = await created(person, {
      month: '2026-05',
      categoryId: mine.transport!,
      amountMinor: 30_00,
    });

    // Someone else's category is as unknown as a missing one; bad months and amounts are refused.
    const foreign = await create(person, { month: '2026-05', categoryId: theirs.food!, amountMinor: 1_00 });
    expect(foreign.statusCode).toBe(404);
    for (const body of [
      { month: '2026-13', categoryId: mine.bills!, amountMinor: 1_00 },
      { month: '26-05', categoryId: mine.bills!, amountMinor: 1_00 },
      { month: '2026-05', categoryId: mine.bills!, amountMinor: 0 },
      { month: '2026-05', categoryId: mine.bills!, amountMinor: 1.5 },
      { month: '2026-05', categoryId: 'food', amountMinor: 1_00 },
    ]) {
      const refused = await create(person, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }

    const may = await list(person);
    expect(may).toMatchObject({ month: '2026-05', currentMonth: '2026-05', timeZone: 'UTC' });
    expect(may.items.map((item) => [item.categoryId, item.currency])).toEqual([
      [mine.food, 'USD'],
      [mine.food, 'EUR'],
      [mine.transport, 'USD'],
    ]);
    expect(may.totals).toEqual([
      { currency: 'USD', amountMinor: 130_00, spentMinor: 0, remainingMinor: 130_00, varianceMinor: 130_00 },
      { currency: 'EUR', amountMinor: 40_00, spentMinor: 0, remainingMinor: 40_00, varianceMinor: 40_00 },
    ]);
    expect((await list(person, '2026-06')).items).toHaveLength(1);
    expect((await list(person, '2026-04')).items).toEqual([]);
    expect((await send(person, { method: 'GET', url: '/api/budgets?month=2026-5' })).statusCode).toBe(400);

    // The other person sees, changes and deletes none of them.
    expect((await list(other, '2026-05')).items).toEqual([]);
    const url = `/api/budgets/${food.id}`;
    expect((await send(other, { method: 'PATCH', url, payload: { amountMinor: 1_00 } })).statusCode).toBe(
      404,
    );
    expect((await send(other, { method: 'DELETE', url })).statusCode).toBe(404);

    const changed = await send(person, { method: 'PATCH', url, payload: { amountMinor: 120_00 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Budget>()).toMatchObject({
      id: food.id,
      amountMinor: 120_00,
      remainingMinor: 120_00,
    });
    expect((await send(person, { method: 'PATCH', url, payload: { amountMinor: -1 } })).statusCode).toBe(400);
    expect((await send(person, { method: 'DELETE', url })).statusCode).toBe(204);
    expect((await send(person, { method: 'DELETE', url })).statusCode).toBe(404);

    // Deleting a category deletes its budgets; the transactions stay.
    const removed = await send(person, { method: 'DELETE', url: `/api/categories/${mine.transport}` });
    expect(removed.statusCode).toBe(204);
    expect((await list(person, '2026-05')).items.map((item) => item.id)).not.toContain(transport.id);
    expect((await list(person, '2026-05')).items).toHaveLength(1);
  });

  it('counts as spent the expenses of its month in the person’s time zone, equal to a direct sum at the month edges', async () => {
    const zones = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Auckland', 'Asia/Kathmandu'];
    // Instants around the starts of March, April and May 2026 (Los Angeles changes to summer time
    // on 8 March, Auckland to winter time on 5 April), and in the middle of the months.
    const edges = ['2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z'];
    const offsetsHours = [
      -14, -13, -12.5, -8, -7, -5.75, -5.5, -1, -0.001, 0, 0.001, 5.5, 5.75, 8, 12, 13, 14,
    ];
    const instants = [
      ...edges.flatMap((edge) =>
        offsetsHours.map((hours) => new Date(new Date(edge).getTime() + hours * 3_600_000)),
      ),
      new Date('2026-03-08T10:30:00.000Z'),
      new Date('2026-04-05T14:00:00.000Z'),
      new Date('2026-04-15T12:00:00.000Z'),
    ];
    const statuses: TransactionStatus[] = ['completed', 'pending', 'failed'];
    const types: TransactionType[] = ['expense', 'expense', 'income'];
    const currencies: Currency[] = ['USD', 'USD', 'EUR'];

    for (const zone of zones) {
      const person = await signUpAndSignIn(testApp.app);
      await setTimeZone(person, zone);
      const categories = await categoriesOf(person);
      const counted = [categories.food!, categories.shopping!];
      const recorded: {
        at: Date;
        amountMinor: number;
        type: TransactionType;
        status: TransactionStatus;
        currency: Currency;
        categoryId: string | null;
      }[] = [];
      for (const [i, at] of instants.entries()) {
        const row = {
          at,
          amountMinor: 1_00 + i * 7,
          type: types[i % 3]!,
          status: statuses[Math.floor(i / 3) % 3]!,
          currency: currencies[Math.floor(i / 2) % 3]!,
          categoryId: i % 5 === 4 ? null : counted[i % 2]!,
        };
        const transaction = await recordTransaction(testApp.database.db, {
          userId: person.userId,
          type: row.type,
          kind: row.type === 'expense' ? 'transfer_out' : 'transfer_in',
          status: row.status,
          amountMinor: row.amountMinor,
          currency: row.currency,
          description: 'Test movement',
          groupId: randomUUID(),
          createdAt: at,
        });
        await send(person, {
          method: 'PATCH',
          url: `/api/transactions/${transaction.id}`,
          payload: { categoryId: row.categoryId },
        });
        recorded.push(row);
      }

      // The wall-clock month of each instant in the zone, read by the runtime's own calendar.
      const monthOf = (at: Date) => {
        const parts = new Intl.DateTimeFormat('en-GB', {
          timeZone: zone,
          year: 'numeric',
          month: 'numeric',
        }).formatToParts(at);
        const year = parts.find((part) => part.type === 'year')!.value;
        const month = parts.find((part) => part.type === 'month')!.value.padStart(2, '0');
        return `${year}-${month}`;
      };
      for (const month of ['2026-02', '2026-03', '2026-04', '2026-05']) {
        for (const categoryId of counted) {
          for (const currency of ['USD', 'EUR'] as const) {
            const budget = await created(person, { month, categoryId, currency, amountMinor: 1_00 });
            const direct = recorded
              .filter(
                (row) =>
                  row.type === 'expense' &&
                  row.status !== 'failed' &&
                  row.categoryId === categoryId &&
                  row.currency === currency &&
                  monthOf(row.at) === month,
              )
              .reduce((sum, row) => sum + row.amountMinor, 0);
            expect(budget.spentMinor, `${zone} ${month} ${currency}`).toBe(direct);
            expect(budget.varianceMinor).toBe(1_00 - direct);
            expect(budget.remainingMinor).toBe(Math.max(0, 1_00 - direct));
          }
        }
      }
      // What every month of the list says is the same sum again.
      const listed = (await list(person, '2026-04')).items;
      expect(listed).toHaveLength(4);
    }

    // Worked out by hand: 23:30 on 28 February in UTC is already 1 March in Kolkata (UTC+5:30) and
    // Auckland (UTC+13), and still 28 February in Los Angeles.
    for (const [zone, month] of [
      ['Asia/Kolkata', '2026-03'],
      ['Pacific/Auckland', '2026-03'],
      ['America/Los_Angeles', '2026-02'],
    ] as const) {
      const person = await signUpAndSignIn(testApp.app);
      await setTimeZone(person, zone);
      const categories = await categoriesOf(person);
      const transaction = await recordTransaction(testApp.database.db, {
        userId: person.userId,
        type: 'expense',
        kind: 'withdrawal',
        status: 'completed',
        amountMinor: 12_34,
        currency: 'USD',
        description: 'Late withdrawal',
        groupId: randomUUID(),
        createdAt: new Date('2026-02-28T23:30:00.000Z'),
      });
      expect(transaction.categoryId).toBe(categories.withdrawals);
      const budget = await created(person, {
        month,
        categoryId: categories.withdrawals!,
        amountMinor: 100_00,
      });
      expect(budget.spentMinor, zone).toBe(12_34);
    }
    const refused = await send(await signUpAndSignIn(testApp.app), {
      method: 'PATCH',
      url: '/api/profiles/me',
      payload: { timeZone: 'Mars/Olympus_Mons' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('tells of 80 % and of 100 % once each, after spends and after a change of category', async () => {
    const spender = await createPerson(testApp.app, testApp.database.db, { phoneVerified: true });
    const receiver = await createPerson(testApp.app, testApp.database.db);
    await fund(testApp.database.db, spender.userId, 1_000_00);
    const categories = await categoriesOf(spender);
    const pay = async (amountMinor: number) => {
      clock.advance({ seconds: 1 });
      const answer = await postTransfer(testApp.app, spender, { recipient: receiver.ztartag, amountMinor });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<{ transaction: { id: string } }>().transaction.id;
    };
    const transfers = await created(spender, {
      month: '2026-05',
      categoryId: categories.transfers!,
      amountMinor: 100_00,
    });

    await pay(50_00);
    expect(await budgetAlertsOf(spender)).toEqual([]);
    const eightyFive = await pay(35_00);
    const afterEighty = await budgetAlertsOf(spender);
    expect(afterEighty.map((alert) => alert.data.percent)).toEqual([80]);
    expect(afterEighty[0]).toMatchObject({
      type: 'system',
      readAt: null,
      data: {
        budgetId: transfers.id,
        month: '2026-05',
        categoryId: categories.transfers,
        categoryKey: 'transfers',
        categoryName: null,
        percent: 80,
        amountMinor: 100_00,
        spentMinor: 85_00,
        currency: 'USD',
      },
    });
    await pay(5_00);
    expect((await budgetAlertsOf(spender)).map((alert) => alert.data.percent)).toEqual([80]);
    await pay(10_00);
    expect((await budgetAlertsOf(spender)).map((alert) => alert.data.percent)).toEqual([80, 100]);
    await pay(20_00);
    expect((await budgetAlertsOf(spender)).map((alert) => alert.data.percent)).toEqual([80, 100]);
    // The receiver's income counts toward nothing.
    expect(await budgetAlertsOf(receiver)).toEqual([]);

    // A spend moved into a category past both percentages at once says only the higher.
    const food = await created(spender, {
      month: '2026-05',
      categoryId: categories.food!,
      amountMinor: 20_00,
    });
    const moved = await send(spender, {
      method: 'PATCH',
      url: `/api/transactions/${eightyFive}`,
      payload: { categoryId: categories.food },
    });
    clock.advance({ seconds: 1 });
    expect(moved.statusCode).toBe(200);
    const alerts = await budgetAlertsOf(spender);
    expect(alerts.map((alert) => [alert.data.budgetId, alert.data.percent])).toEqual([
      [transfers.id, 80],
      [transfers.id, 100],
      [food.id, 100],
    ]);
    // Moving it back and again raises nothing new: once per budget and month.
    for (const categoryId of [categories.transfers, categories.food]) {
      await send(spender, {
        method: 'PATCH',
        url: `/api/transactions/${eightyFive}`,
        payload: { categoryId },
      });
    }
    expect(await budgetAlertsOf(spender)).toHaveLength(3);

    // A limit set where spending already is past 80 % does not tell of it later; 100 % it does.
    const shopping = await created(spender, {
      month: '2026-05',
      categoryId: categories.shopping!,
      amountMinor: 10_00,
    });
    const small = await pay(9_00);
    await send(spender, {
      method: 'PATCH',
      url: `/api/transactions/${small}`,
      payload: { categoryId: categories.shopping },
    });
    expect(
      (await budgetAlertsOf(spender))
        .filter((alert) => alert.data.budgetId === shopping.id)
        .map((alert) => alert.data.percent),
    ).toEqual([80]);
    const lowered = await send(spender, {
      method: 'PATCH',
      url: `/api/budgets/${shopping.id}`,
      payload: { amountMinor: 9_50 },
    });
    expect(lowered.json<Budget>().percentUsed).toBe(94);
    const more = await pay(1_00);
    await send(spender, {
      method: 'PATCH',
      url: `/api/transactions/${more}`,
      payload: { categoryId: categories.shopping },
    });
    expect(
      (await budgetAlertsOf(spender))
        .filter((alert) => alert.data.budgetId === shopping.id)
        .map((alert) => alert.data.percent),
    ).toEqual([80, 100]);
  });

  it('raises each alert once when spends and checks run at the same time', async () => {
    const spender = await createPerson(testApp.app, testApp.database.db, { phoneVerified: true });
    const receiver = await createPerson(testApp.app, testApp.database.db);
    await fund(testApp.database.db, spender.userId, 1_000_00);
    const categories = await categoriesOf(spender);
    const budget = await created(spender, {
      month: '2026-05',
      categoryId: categories.transfers!,
      amountMinor: 100_00,
    });

    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        postTransfer(testApp.app, spender, { recipient: receiver.ztartag, amountMinor: 10_00 }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(201));
    // And several more checks of the same month at once, straight from the service.
    const events = await Promise.all(
      Array.from({ length: 6 }, () =>
        raiseBudgetAlerts(testApp.database.db, spender.userId, clock.now(), clock.now()),
      ),
    );
    expect(events.flat()).toEqual([]);

    const alerts = await budgetAlertsOf(spender);
    expect(alerts.filter((alert) => alert.data.percent === 100)).toHaveLength(1);
    expect(alerts.filter((alert) => alert.data.percent === 80).length).toBeLessThanOrEqual(1);
    const records = await testApp.database.db
      .select()
      .from(budgetAlerts)
      .where(eq(budgetAlerts.budgetId, budget.id));
    expect(records.map((record) => record.percent).sort()).toEqual([100, 80]);
    expect((await list(spender, '2026-05')).items[0]).toMatchObject({
      spentMinor: 120_00,
      percentUsed: 120,
      remainingMinor: 0,
      varianceMinor: -20_00,
    });
  });

  it('checks of the same budget at once on a fresh month give one notification', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const categories = await categoriesOf(person);
    await created(person, { month: '2026-05', categoryId: categories.bills!, amountMinor: 10_00 });
    await recordTransaction(testApp.database.db, {
      userId: person.userId,
      type: 'expense',
      kind: 'withdrawal',
      status: 'pending',
      amountMinor: 8_00,
      currency: 'USD',
      description: 'Bank withdrawal',
      groupId: randomUUID(),
      createdAt: clock.now(),
    }).then((row) =>
      send(person, {
        method: 'PATCH',
        url: `/api/transactions/${row.id}`,
        payload: { categoryId: categories.bills },
      }),
    );
    await testApp.app.budgetAlerts.idle();
    // The watcher already told of it; these find it told.
    const again = await Promise.all(
      Array.from({ length: 4 }, () =>
        raiseBudgetAlerts(testApp.database.db, person.userId, clock.now(), clock.now()),
      ),
    );
    expect(again.flat()).toEqual([]);
    expect((await budgetAlertsOf(person)).map((alert) => alert.data.percent)).toEqual([80]);
  });

  it('copies a month’s limits into another, keeping the categories it already has', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const categories = await categoriesOf(person);
    await created(person, { month: '2026-04', categoryId: categories.food!, amountMinor: 100_00 });
    await created(person, { month: '2026-04', categoryId: categories.transport!, amountMinor: 50_00 });
    await created(person, {
      month: '2026-04',
      categoryId: categories.food!,
      currency: 'EUR',
      amountMinor: 30_00,
    });
    await created(person, { month: '2026-05', categoryId: categories.food!, amountMinor: 70_00 });
    const copy = (fromMonth: string, toMonth: string) =>
      send(person, { method: 'POST', url: '/api/budgets/copy', payload: { fromMonth, toMonth } });

    const answer = await copy('2026-04', '2026-05');
    expect(answer.statusCode, answer.body).toBe(200);
    const copied = answer.json<CopyBudgetsResponse>();
    expect(copied.copied).toBe(2);
    expect(copied.month).toBe('2026-05');
    expect(copied.items.map((item) => [item.categoryId, item.currency, item.amountMinor])).toEqual([
      [categories.food, 'USD', 70_00],
      [categories.transport, 'USD', 50_00],
      [categories.food, 'EUR', 30_00],
    ]);
    expect((await copy('2026-04', '2026-05')).json<CopyBudgetsResponse>().copied).toBe(0);
    expect((await list(person, '2026-04')).items).toHaveLength(3);
    const same = await copy('2026-05', '2026-05');
    expect(same.statusCode).toBe(400);
    // Another person's copy touches only their own months.
    const other = await signUpAndSignIn(testApp.app);
    const theirs = await send(other, {
      method: 'POST',
      url: '/api/budgets/copy',
      payload: { fromMonth: '2026-04', toMonth: '2026-06' },
    });
    expect(theirs.json<CopyBudgetsResponse>()).toMatchObject({ copied: 0, items: [] });
  });
});
