import { randomUUID } from 'node:crypto';
import { type Analytics, localDate } from '@ztart/shared/contracts/analytics';
import type { Category, TransactionKind, TransactionStatus } from '@ztart/shared/contracts/transactions';
import type { Currency } from '@ztart/shared/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { createPerson, type Person, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { type NewTransaction, recordTransaction } from '../transactions/record.ts';
import { transactions } from '../transactions/tables.ts';

/** Every kind of transaction, moves of a person's own money (`internal`) among them: those never count. */
const TYPE_OF_KIND: Record<TransactionKind, 'income' | 'expense' | 'internal'> = {
  deposit: 'income',
  transfer_in: 'income',
  tip_in: 'income',
  withdrawal: 'expense',
  transfer_out: 'expense',
  tip_out: 'expense',
  goal_deposit: 'internal',
  goal_withdrawal: 'internal',
  investment_buy: 'internal',
  investment_sell: 'internal',
  invoice_in: 'income',
  invoice_out: 'expense',
};

/** A small seeded generator: the same "random" history on every run. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** The first day of the step a local date falls in: itself, its ISO week's Monday, or its month's 1st. */
function stepOf(date: string, bucket: Analytics['period']['bucket']): string {
  if (bucket === 'day') return date;
  if (bucket === 'month') return `${date.slice(0, 7)}-01`;
  const day = new Date(`${date}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

describe('wallet analytics', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-20T15:00:00.000Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const person = (fullName?: string) => createPerson(testApp.app, db(), { fullName });
  const get = (who: SignedInPerson, url: string) => testApp.app.inject(as(who, { method: 'GET', url }));
  async function analytics(who: SignedInPerson, query: string): Promise<Analytics> {
    const answer = await get(who, `/api/analytics?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Analytics>();
  }

  function record(userId: string, overrides: Partial<NewTransaction> & { kind: TransactionKind }) {
    return recordTransaction(db(), {
      userId,
      type: TYPE_OF_KIND[overrides.kind],
      status: 'completed',
      amountMinor: 1_000,
      currency: 'USD',
      description: 'Test',
      groupId: randomUUID(),
      createdAt: clock.now(),
      ...overrides,
    });
  }

  async function categoriesOf(who: SignedInPerson): Promise<Category[]> {
    const answer = await get(who, '/api/categories');
    expect(answer.statusCode).toBe(200);
    return answer.json<{ items: Category[] }>().items;
  }

  it('adds up to the same cents as a direct sum over the transactions, per step, category and person', async () => {
    const me = await person();
    const others = [await person('Leo Martin'), await person('Ana Souza'), await person('Sam Lee')];
    const categories = await categoriesOf(me);
    const random = seeded(15);
    const timeZone = 'America/Sao_Paulo';
    const kinds = Object.keys(TYPE_OF_KIND) as TransactionKind[];
    const statuses: TransactionStatus[] = ['completed', 'completed', 'pending', 'failed'];
    const currencies: Currency[] = ['USD', 'USD', 'USD', 'EUR'];
    const rows = [];
    for (let n = 0; n < 120; n += 1) {
      const kind = random.pick(kinds);
      const other =
        TYPE_OF_KIND[kind] === 'internal' || kind === 'deposit' || kind === 'withdrawal'
          ? null
          : random.pick([...others, null]);
      const status = random.pick(statuses);
      const createdAt = new Date(Date.UTC(2026, 2, 25) + random.int(0, 52 * 24 * 60) * 60_000);
      const row = await record(me.userId, {
        kind,
        status,
        currency: random.pick(currencies),
        amountMinor: random.int(1, 250_000),
        // From late March to mid-May, any minute of the day; some settle up to a day later.
        createdAt,
        settledAt:
          status === 'pending' ? null : new Date(createdAt.getTime() + random.pick([0, 0, 90_000_000])),
        counterparty: other ? { userId: other.userId, ztartag: other.ztartag, name: other.fullName! } : null,
      });
      const categoryId = random.pick([...categories.map((category) => category.id), null]);
      await db().update(transactions).set({ categoryId }).where(eq(transactions.id, row.id));
      rows.push({ ...row, categoryId });
    }

    for (const [from, to, bucket] of [
      ['2026-04-01', '2026-04-30', 'day'],
      ['2026-03-30', '2026-05-17', 'week'],
      ['2026-01-15', '2026-05-20', 'month'],
    ] as const) {
      const figures = await analytics(me, `from=${from}&to=${to}&currency=USD&timeZone=${timeZone}`);
      expect(figures.period).toEqual({ from, to, timeZone, bucket });
      const counted = rows.filter((row) => {
        const day = localDate(row.settledAt ?? row.createdAt, timeZone);
        return row.currency === 'USD' && row.status === 'completed' && day >= from && day <= to;
      });
      expect(counted.length).toBeGreaterThan(10);
      const total = (type: string, kind?: string) =>
        counted
          .filter((row) => row.type === type && (!kind || row.kind === kind))
          .reduce((sum, row) => sum + row.amountMinor, 0);
      expect(figures.totals).toEqual({
        incomeMinor: total('income'),
        expenseMinor: total('expense'),
        netMinor: total('income') - total('expense'),
        tipsMinor: total('income', 'tip_in'),
        tipsCount: counted.filter((row) => row.kind === 'tip_in').length,
      });

      for (const step of figures.series) {
        const inStep = counted.filter(
          (row) =>
            stepOf(localDate(row.settledAt ?? row.createdAt, timeZone), bucket) ===
            stepOf(step.start, bucket),
        );
        const sum = (type: string) =>
          inStep.filter((row) => row.type === type).reduce((total, row) => total + row.amountMinor, 0);
        expect(step, step.start).toMatchObject({ incomeMinor: sum('income'), expenseMinor: sum('expense') });
      }
      // Steps cover the period exactly, one after the other.
      expect(figures.series[0]!.start).toBe(from);
      expect(figures.series.at(-1)!.end).toBe(to);
      expect(figures.tips.map((step) => step.start)).toEqual(figures.series.map((step) => step.start));

      const expenses = counted.filter((row) => row.type === 'expense');
      const byCategory = new Map<string | null, number>();
      for (const row of expenses)
        byCategory.set(row.categoryId, (byCategory.get(row.categoryId) ?? 0) + row.amountMinor);
      expect(new Map(figures.byCategory.map((item) => [item.categoryId, item.amountMinor]))).toEqual(
        byCategory,
      );
      const amounts = figures.byCategory.map((item) => item.amountMinor);
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

      const withPeople = counted.filter((row) => row.counterpartyUserId);
      for (const item of figures.topCounterparties) {
        const other = others.find((candidate) => candidate.ztartag === item.ztartag)!;
        const mine = withPeople.filter((row) => row.counterpartyUserId === other.userId);
        expect(item).toEqual({
          ztartag: other.ztartag,
          displayName: other.fullName,
          incomeMinor: mine
            .filter((row) => row.type === 'income')
            .reduce((sum, row) => sum + row.amountMinor, 0),
          expenseMinor: mine
            .filter((row) => row.type === 'expense')
            .reduce((sum, row) => sum + row.amountMinor, 0),
          count: mine.length,
        });
      }
      expect(figures.topCounterparties).toHaveLength(
        new Set(withPeople.map((row) => row.counterpartyUserId)).size,
      );
    }
  });

  it('counts a transaction on the day it was in the person’s time zone, up to the last millisecond of the period', async () => {
    const me = await person();
    // 2026-04-30 23:59:59.999 in São Paulo (UTC-3) is 2026-05-01 02:59:59.999 UTC.
    await record(me.userId, {
      kind: 'deposit',
      amountMinor: 1,
      createdAt: new Date('2026-05-01T02:59:59.999Z'),
    });
    // Midnight of 2026-05-01 in São Paulo: the next month there.
    await record(me.userId, {
      kind: 'deposit',
      amountMinor: 20,
      createdAt: new Date('2026-05-01T03:00:00.000Z'),
    });
    // 2026-04-01 00:00 in São Paulo is in; a millisecond before is March.
    await record(me.userId, {
      kind: 'deposit',
      amountMinor: 300,
      createdAt: new Date('2026-04-01T03:00:00.000Z'),
    });
    await record(me.userId, {
      kind: 'deposit',
      amountMinor: 4_000,
      createdAt: new Date('2026-04-01T02:59:59.999Z'),
    });

    const april = 'from=2026-04-01&to=2026-04-30&currency=USD';
    const saoPaulo = await analytics(me, `${april}&timeZone=America/Sao_Paulo`);
    expect(saoPaulo.totals.incomeMinor).toBe(301);
    expect(saoPaulo.series[0]).toMatchObject({ start: '2026-04-01', incomeMinor: 300 });
    expect(saoPaulo.series.at(-1)).toMatchObject({ start: '2026-04-30', end: '2026-04-30', incomeMinor: 1 });

    // In UTC the same instants fall otherwise: the 1 and 20 are May, the 4,000 is April 1st.
    const utc = await analytics(me, april);
    expect(utc.period.timeZone).toBe('UTC');
    expect(utc.totals.incomeMinor).toBe(4_300);
    const kiritimati = await analytics(me, `${april}&timeZone=Pacific/Kiritimati`);

    // Kiritimati (UTC+14): both April instants are the afternoon of April 1st there, and the two
    // first of May ones are May 1st.
    expect(kiritimati.totals.incomeMinor).toBe(4_300);
    expect(kiritimati.series[0]).toMatchObject({ start: '2026-04-01', incomeMinor: 4_300 });
  });

  it('counts money when it completed: a card deposit settled after midnight is the next day’s, a pending one not yet', async () => {
    const me = await person();
    await record(me.userId, {
      kind: 'deposit',
      amountMinor: 5_000,
      createdAt: new Date('2026-04-30T23:59:00.000Z'),
      settledAt: new Date('2026-05-01T00:00:05.000Z'),
    });
    await record(me.userId, {
      kind: 'withdrawal',
      status: 'pending',
      amountMinor: 700,
      createdAt: new Date('2026-04-30T12:00:00.000Z'),
    });
    const april = await analytics(me, 'from=2026-04-01&to=2026-04-30&currency=USD');
    expect(april.totals).toMatchObject({ incomeMinor: 0, expenseMinor: 0 });
    const may = await analytics(me, 'from=2026-05-01&to=2026-05-20&currency=USD');
    expect(may.series[0]).toMatchObject({ start: '2026-05-01', incomeMinor: 5_000, expenseMinor: 0 });
  });

  it('cuts weeks and months at the period’s edges and spans a change of clocks as one day', async () => {
    const me = await person();
    // New York moves its clocks forward on 2026-03-08: that day has 23 hours.
    await record(me.userId, {
      kind: 'tip_in',
      amountMinor: 500,
      createdAt: new Date('2026-03-08T05:00:00.000Z'),
    });
    await record(me.userId, {
      kind: 'tip_in',
      amountMinor: 700,
      createdAt: new Date('2026-03-09T03:59:00.000Z'),
    });
    await record(me.userId, {
      kind: 'tip_in',
      amountMinor: 900,
      createdAt: new Date('2026-03-09T04:00:00.000Z'),
    });
    const days = await analytics(me, 'from=2026-03-01&to=2026-03-31&timeZone=America/New_York');
    expect(days.period.bucket).toBe('day');
    expect(days.series).toHaveLength(31);
    expect(days.tips.find((step) => step.start === '2026-03-08')).toEqual({
      start: '2026-03-08',
      end: '2026-03-08',
      amountMinor: 1_200,
      count: 2,
    });
    expect(days.tips.find((step) => step.start === '2026-03-09')?.amountMinor).toBe(900);

    // 2026-03-04 is a Wednesday: the first week starts there and ends on Sunday the 8th.
    const weeks = await analytics(me, 'from=2026-03-04&to=2026-04-30&timeZone=America/New_York');
    expect(weeks.period.bucket).toBe('week');
    expect(weeks.tips[0]).toEqual({ start: '2026-03-04', end: '2026-03-08', amountMinor: 1_200, count: 2 });
    expect(weeks.tips[1]).toMatchObject({ start: '2026-03-09', end: '2026-03-15', amountMinor: 900 });
    expect(weeks.tips.at(-1)).toMatchObject({ start: '2026-04-27', end: '2026-04-30' });

    const months = await analytics(me, 'from=2026-02-10&to=2026-05-15&timeZone=America/New_York');
    expect(months.period.bucket).toBe('month');
    expect(months.tips.map((step) => [step.start, step.end])).toEqual([
      ['2026-02-10', '2026-02-28'],
      ['2026-03-01', '2026-03-31'],
      ['2026-04-01', '2026-04-30'],
      ['2026-05-01', '2026-05-15'],
    ]);
    expect(months.totals).toMatchObject({ tipsMinor: 2_100, tipsCount: 3, incomeMinor: 2_100 });
  });

  it('reads one currency at a time and, without one, the currency of the latest transaction', async () => {
    const me = await person();
    await record(me.userId, {
      kind: 'deposit',
      amountMinor: 10_000,
      currency: 'USD',
      createdAt: new Date('2026-05-02T12:00:00Z'),
    });
    await record(me.userId, {
      kind: 'withdrawal',
      amountMinor: 2_500,
      currency: 'EUR',
      createdAt: new Date('2026-05-03T12:00:00Z'),
    });
    await record(me.userId, {
      kind: 'deposit',
      amountMinor: 333,
      currency: 'BRL',
      status: 'failed',
      createdAt: new Date('2026-05-04T12:00:00Z'),
    });

    const usd = await analytics(me, 'from=2026-05-01&to=2026-05-20&currency=USD');
    expect(usd.totals).toMatchObject({ incomeMinor: 10_000, expenseMinor: 0 });
    expect(usd.currencies).toEqual(['USD', 'EUR', 'BRL']);
    const eur = await analytics(me, 'from=2026-05-01&to=2026-05-20&currency=EUR');
    expect(eur.totals).toMatchObject({ incomeMinor: 0, expenseMinor: 2_500, netMinor: -2_500 });
    // A failed card deposit moved nothing.
    const brl = await analytics(me, 'from=2026-05-01&to=2026-05-20&currency=BRL');
    expect(brl.totals.incomeMinor).toBe(0);
    // Left out: the newest transaction's currency (BRL), and this month up to today (20 May, UTC).
    const latest = await analytics(me, '');
    expect(latest.currency).toBe('BRL');
    expect(latest.period).toEqual({ from: '2026-05-01', to: '2026-05-20', timeZone: 'UTC', bucket: 'day' });
    // Today is the 21st already in Kiritimati (UTC+14) at 15:00 UTC.
    expect((await analytics(me, 'timeZone=Pacific/Kiritimati')).period.to).toBe('2026-05-21');

    const newcomer = await person();
    const empty = await analytics(newcomer, '');
    expect(empty.currency).toBe('USD');
    expect(empty.currencies).toEqual(['USD']);
    expect(empty.totals).toEqual({
      incomeMinor: 0,
      expenseMinor: 0,
      netMinor: 0,
      tipsMinor: 0,
      tipsCount: 0,
    });
    expect(empty.series).toHaveLength(20);
    expect(empty.byCategory).toEqual([]);
    expect(empty.topCounterparties).toEqual([]);
  });

  it('shows each person only their own money', async () => {
    const me = await person();
    const stranger = await person();
    await record(stranger.userId, {
      kind: 'deposit',
      amountMinor: 99_999,
      createdAt: new Date('2026-05-05T12:00:00Z'),
    });
    await record(me.userId, {
      kind: 'deposit',
      amountMinor: 1_234,
      createdAt: new Date('2026-05-05T12:00:00Z'),
    });
    const mine = await analytics(me, 'from=2026-05-01&to=2026-05-20&currency=USD');
    expect(mine.totals.incomeMinor).toBe(1_234);
    const signedOut = await testApp.app.inject({ method: 'GET', url: '/api/analytics' });
    expect(signedOut.statusCode).toBe(401);
    const signedOutCsv = await testApp.app.inject({ method: 'GET', url: '/api/analytics/export.csv' });
    expect(signedOutCsv.statusCode).toBe(401);
  });

  it('leaves out of the top people anyone either side blocked, as nobody', async () => {
    const me = await person();
    const [friend, blockedByMe, blockerOfMe] = [
      await person('Friend'),
      await person('Blocked'),
      await person('Blocker'),
    ];
    const at = new Date('2026-05-06T12:00:00Z');
    const withPerson = (other: Person, amountMinor: number) =>
      record(me.userId, {
        kind: 'transfer_out',
        amountMinor,
        createdAt: at,
        counterparty: { userId: other.userId, ztartag: other.ztartag, name: other.fullName! },
      });
    await withPerson(friend, 100);
    await withPerson(blockedByMe, 5_000);
    await withPerson(blockerOfMe, 7_000);
    const block = async (blocker: SignedInPerson, blocked: Person) => {
      const answer = await testApp.app.inject(
        as(blocker, {
          method: 'POST',
          url: '/api/contacts',
          payload: { nickname: 'X', ztartag: blocked.ztartag, blocked: true },
        }),
      );
      expect(answer.statusCode, answer.body).toBe(201);
    };
    await block(me, blockedByMe);
    await block(blockerOfMe, me);

    const figures = await analytics(me, 'from=2026-05-01&to=2026-05-20&currency=USD');
    expect(figures.topCounterparties).toEqual([
      { ztartag: friend.ztartag, displayName: 'Friend', incomeMinor: 0, expenseMinor: 100, count: 1 },
    ]);
    // The money itself still counts: it left the wallet.
    expect(figures.totals.expenseMinor).toBe(12_100);
  });

  it('refuses periods that are backwards, half given, too long, or in an unknown time zone', async () => {
    const me = await person();
    for (const [query, key] of [
      ['from=2026-05-10&to=2026-05-01', 'validation.periodOrder'],
      ['from=2026-05-10', 'validation.periodIncomplete'],
      ['from=2020-01-01&to=2026-05-01', 'validation.periodTooLong'],
      ['from=2026-02-30&to=2026-03-01', 'validation.date'],
      ['timeZone=Mars/Olympus_Mons', 'validation.timeZone'],
      ['currency=XYZ', undefined],
    ] as const) {
      const answer = await get(me, `/api/analytics?${query}`);
      expect(answer.statusCode, query).toBe(400);
      const error = answer.json().error;
      expect(error.code).toBe('validation_failed');
      if (key) expect(error.details.issues.map((issue: { message: string }) => issue.message)).toContain(key);
    }
    // Three years, one of them leap, is the most: from 2024-01-01 to 2026-12-31.
    expect((await get(me, '/api/analytics?from=2024-01-01&to=2026-12-31')).statusCode).toBe(200);
    expect((await get(me, '/api/analytics?from=2023-12-31&to=2026-12-31')).statusCode).toBe(400);
  });

  it('exports what the screen shows as CSV, with text a spreadsheet would run defused', async () => {
    const me = await person();
    const other = await person('=HYPERLINK("http://evil.example")');
    const create = await testApp.app.inject(
      as(me, { method: 'POST', url: '/api/categories', payload: { name: '+Rent, "flat"' } }),
    );
    expect(create.statusCode, create.body).toBe(201);
    const rent = create.json<Category>();
    const spent = await record(me.userId, {
      kind: 'transfer_out',
      amountMinor: 123_456,
      createdAt: new Date('2026-05-07T12:00:00Z'),
      counterparty: { userId: other.userId, ztartag: other.ztartag, name: other.fullName! },
    });
    await db().update(transactions).set({ categoryId: rent.id }).where(eq(transactions.id, spent.id));
    await record(me.userId, {
      kind: 'tip_in',
      amountMinor: 250,
      createdAt: new Date('2026-05-08T12:00:00Z'),
    });

    const query = 'from=2026-05-07&to=2026-05-08&currency=USD&timeZone=Europe/Lisbon';
    const answer = await get(me, `/api/analytics/export.csv?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="ztart-analytics-USD-2026-05-07-to-2026-05-08.csv"',
    );
    expect(answer.body.split('\r\n')).toEqual([
      'section,start,end,label,income,expense,amount,count,currency',
      'total,2026-05-07,2026-05-08,,2.50,1234.56,-1232.06,,USD',
      'series,2026-05-07,2026-05-07,,0.00,1234.56,-1234.56,,USD',
      'series,2026-05-08,2026-05-08,,2.50,0.00,2.50,,USD',
      'tips,2026-05-07,2026-05-07,,,,0.00,0,USD',
      'tips,2026-05-08,2026-05-08,,,,2.50,1,USD',
      `category,2026-05-07,2026-05-08,"'+Rent, ""flat""",,1234.56,1234.56,1,USD`,
      `counterparty,2026-05-07,2026-05-08,"'=HYPERLINK(""http://evil.example"") (@${other.ztartag})",0.00,1234.56,1234.56,1,USD`,
      '',
    ]);
    // The same figures as the screen's answer.
    const shown = await analytics(me, query);
    expect(shown.totals).toMatchObject({ incomeMinor: 250, expenseMinor: 123_456 });
  });
});
