import { randomUUID } from 'node:crypto';
import type { DashboardResponse } from '@ztart/shared/contracts/dashboard';
import type {
  TransactionKind,
  TransactionStatus,
  TransactionType,
} from '@ztart/shared/contracts/transactions';
import type { WalletResponse } from '@ztart/shared/contracts/wallet';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import {
  createPerson,
  expectLedgerSound,
  fund,
  postTransfer,
  ROOMY_RATE_LIMITS,
} from '../../test/transfer-fixtures.ts';
import { recordTransaction } from '../transactions/record.ts';
import { transactionCategories } from '../transactions/tables.ts';

/** The kinds of money in and out these tests write, and which way each goes. */
const KIND_TYPE = {
  deposit: 'income',
  withdrawal: 'expense',
  transfer_in: 'income',
  transfer_out: 'expense',
  tip_in: 'income',
  tip_out: 'expense',
} as const satisfies Partial<Record<TransactionKind, TransactionType>>;
type CashKind = keyof typeof KIND_TYPE;

interface Row {
  kind: CashKind;
  status: TransactionStatus;
  amountMinor: number;
  currency: Currency;
  createdAt: string;
  settledAt?: string;
}

describe('GET /api/dashboard', () => {
  let testApp: TestApp;
  const clock = createTestClock();
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const person = () => createPerson(testApp.app, db());
  const dashboardOf = async (who: SignedInPerson, timeZone?: string): Promise<DashboardResponse> => {
    const url = timeZone ? `/api/dashboard?timeZone=${encodeURIComponent(timeZone)}` : '/api/dashboard';
    const answer = await testApp.app.inject(as(who, { method: 'GET', url }));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<DashboardResponse>();
  };
  /** Sets the clock to `instant` for the length of `body`, then puts it back. */
  const at = async <T>(instant: string, body: () => Promise<T>): Promise<T> => {
    const seconds = (Date.parse(instant) - clock.now().getTime()) / 1000;
    clock.advance({ seconds });
    try {
      return await body();
    } finally {
      clock.advance({ seconds: -seconds });
    }
  };
  const record = (userId: string, row: Row) =>
    recordTransaction(db(), {
      userId,
      type: KIND_TYPE[row.kind],
      kind: row.kind,
      status: row.status,
      amountMinor: row.amountMinor,
      currency: row.currency,
      description: row.kind,
      groupId: randomUUID(),
      createdAt: new Date(row.createdAt),
      settledAt: row.settledAt ? new Date(row.settledAt) : null,
    });

  it('asks for sign-in, and for a time zone the runtime knows', async () => {
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized');

    const someone = await person();
    const wrongZone = await testApp.app.inject(
      as(someone, { method: 'GET', url: '/api/dashboard?timeZone=Mars%2FOlympus_Mons' }),
    );
    expect(wrongZone.statusCode).toBe(400);
  });

  it("counts in the profile's time zone unless the request names another", async () => {
    const someone = await person();
    const changed = await testApp.app.inject(
      as(someone, { method: 'PATCH', url: '/api/profiles/me', payload: { timeZone: 'Asia/Tokyo' } }),
    );
    expect(changed.statusCode).toBe(200);
    expect((await dashboardOf(someone)).timeZone).toBe('Asia/Tokyo');
    expect((await dashboardOf(someone, 'America/New_York')).timeZone).toBe('America/New_York');
  });

  it('shows a new person zeros, nothing recent and none of the first steps taken', async () => {
    const newcomer = await person();
    const dashboard = await dashboardOf(newcomer);
    expect(dashboard.timeZone).toBe('UTC');
    expect(dashboard.balances).toEqual(
      CURRENCIES.map((currency) => ({
        currency,
        availableMinor: 0,
        pendingMinor: 0,
        totalMinor: 0,
        inGoalsMinor: 0,
      })),
    );
    expect(dashboard.month.totals.every((total) => total.incomeMinor === 0 && total.expenseMinor === 0)).toBe(
      true,
    );
    expect(dashboard.tipsThisWeek.totals.every((total) => total.amountMinor === 0 && total.count === 0)).toBe(
      true,
    );
    expect(dashboard.recent).toEqual({ items: [], categories: [] });
    expect(dashboard.firstSteps).toEqual({ addedMoney: false, receivedMoney: false, sentMoney: false });
  });

  it('agrees with the wallet and the transactions after real payments, and shows each person only their own', async () => {
    const maria = await person();
    const leo = await person();
    const stranger = await person();
    await fund(db(), maria.userId, 10_000);
    expect(
      (await postTransfer(testApp.app, maria, { recipient: leo.ztartag, amountMinor: 2_550 })).statusCode,
    ).toBe(201);
    clock.advance({ seconds: 1 });
    expect(
      (await postTransfer(testApp.app, leo, { recipient: maria.ztartag, amountMinor: 550 })).statusCode,
    ).toBe(201);
    await expectLedgerSound(db());

    for (const who of [maria, leo]) {
      const dashboard = await dashboardOf(who);
      const wallet = await testApp.app.inject(as(who, { method: 'GET', url: '/api/wallet' }));
      expect(dashboard.balances).toEqual(wallet.json<WalletResponse>().balances);
      const list = await testApp.app.inject(as(who, { method: 'GET', url: '/api/transactions?limit=5' }));
      expect(dashboard.recent.items).toEqual(list.json().items);
      // Every category of the rows shown comes along, and only those.
      const categoryIds = new Set(dashboard.recent.items.map((item) => item.categoryId));
      expect(new Set(dashboard.recent.categories.map((category) => category.id))).toEqual(categoryIds);
    }

    const mine = await dashboardOf(maria);
    expect(
      mine.recent.items.map((item) => [item.kind, item.amountMinor, item.counterparty?.ztartag]),
    ).toEqual([
      ['transfer_in', 550, leo.ztartag],
      ['transfer_out', 2_550, leo.ztartag],
    ]);
    const usd = mine.month.totals.find((total) => total.currency === 'USD');
    expect(usd).toEqual({ currency: 'USD', incomeMinor: 550, expenseMinor: 2_550 });
    // Funded straight through the ledger: no deposit was recorded.
    expect(mine.firstSteps).toEqual({ addedMoney: false, receivedMoney: true, sentMoney: true });

    const theirs = await dashboardOf(leo);
    expect(theirs.recent.items.every((item) => !mine.recent.items.some((own) => own.id === item.id))).toBe(
      true,
    );
    expect(theirs.month.totals.find((total) => total.currency === 'USD')).toEqual({
      currency: 'USD',
      incomeMinor: 2_550,
      expenseMinor: 550,
    });

    const nobody = await dashboardOf(stranger);
    expect(nobody.recent.items).toEqual([]);
    expect(nobody.balances.every((balance) => balance.totalMinor === 0)).toBe(true);
  });

  it("counts the month's money in and out as a direct sum over the transactions, on the person's calendar", async () => {
    const someone = await person();
    // Around the turn of February into March in UTC, New York (UTC−5) and Tokyo (UTC+9).
    const rows: Row[] = [
      {
        kind: 'deposit',
        status: 'completed',
        amountMinor: 101,
        currency: 'USD',
        createdAt: '2026-01-31T23:59:59.999Z',
      },
      {
        kind: 'transfer_in',
        status: 'completed',
        amountMinor: 202,
        currency: 'USD',
        createdAt: '2026-02-01T04:59:59.999Z',
      },
      {
        kind: 'tip_in',
        status: 'completed',
        amountMinor: 303,
        currency: 'USD',
        createdAt: '2026-02-01T05:00:00.000Z',
      },
      {
        kind: 'transfer_out',
        status: 'completed',
        amountMinor: 404,
        currency: 'USD',
        createdAt: '2026-02-28T14:59:59.999Z',
      },
      {
        kind: 'tip_out',
        status: 'completed',
        amountMinor: 505,
        currency: 'USD',
        createdAt: '2026-02-28T15:00:00.000Z',
      },
      {
        kind: 'withdrawal',
        status: 'completed',
        amountMinor: 606,
        currency: 'USD',
        createdAt: '2026-02-28T23:59:59.999Z',
      },
      {
        kind: 'deposit',
        status: 'completed',
        amountMinor: 707,
        currency: 'USD',
        createdAt: '2026-03-01T00:00:00.000Z',
      },
      {
        kind: 'tip_in',
        status: 'completed',
        amountMinor: 808,
        currency: 'EUR',
        createdAt: '2026-03-01T04:59:59.999Z',
      },
      {
        kind: 'transfer_out',
        status: 'completed',
        amountMinor: 909,
        currency: 'EUR',
        createdAt: '2026-03-01T05:00:00.000Z',
      },
      // Created in February (everywhere), completed in March (everywhere): counts in March.
      {
        kind: 'deposit',
        status: 'completed',
        amountMinor: 1_010,
        currency: 'USD',
        createdAt: '2026-02-20T12:00:00.000Z',
        settledAt: '2026-03-01T12:00:00.000Z',
      },
      // Pending and failed ones never count.
      {
        kind: 'deposit',
        status: 'pending',
        amountMinor: 1_111,
        currency: 'USD',
        createdAt: '2026-03-01T01:00:00.000Z',
      },
      {
        kind: 'withdrawal',
        status: 'failed',
        amountMinor: 1_212,
        currency: 'USD',
        createdAt: '2026-03-01T01:00:00.000Z',
        settledAt: '2026-03-01T01:05:00.000Z',
      },
      {
        kind: 'tip_in',
        status: 'completed',
        amountMinor: 1_313,
        currency: 'USD',
        createdAt: '2026-03-31T14:59:59.999Z',
      },
      {
        kind: 'tip_in',
        status: 'completed',
        amountMinor: 1_414,
        currency: 'USD',
        createdAt: '2026-03-31T15:00:00.000Z',
      },
      {
        kind: 'tip_in',
        status: 'completed',
        amountMinor: 1_515,
        currency: 'USD',
        createdAt: '2026-04-01T00:00:00.000Z',
      },
    ];
    for (const row of rows) await record(someone.userId, row);

    const now = '2026-03-01T02:30:00.000Z';
    // The month that holds `now` in each zone, written out by hand: [from, until).
    const months: Record<string, { firstDay: string; from: string; until: string }> = {
      UTC: { firstDay: '2026-03-01', from: '2026-03-01T00:00:00.000Z', until: '2026-04-01T00:00:00.000Z' },
      'America/New_York': {
        firstDay: '2026-02-01',
        from: '2026-02-01T05:00:00.000Z',
        until: '2026-03-01T05:00:00.000Z',
      },
      'Asia/Tokyo': {
        firstDay: '2026-03-01',
        from: '2026-02-28T15:00:00.000Z',
        until: '2026-03-31T15:00:00.000Z',
      },
    };
    for (const [timeZone, month] of Object.entries(months)) {
      const dashboard = await at(now, () => dashboardOf(someone, timeZone));
      expect(dashboard.month).toMatchObject(month);
      const counted = rows.filter((row) => {
        const completedAt = Date.parse(row.settledAt ?? row.createdAt);
        return (
          row.status === 'completed' &&
          completedAt >= Date.parse(month.from) &&
          completedAt < Date.parse(month.until)
        );
      });
      const sum = (currency: Currency, type: TransactionType) =>
        counted
          .filter((row) => row.currency === currency && KIND_TYPE[row.kind] === type)
          .reduce((total, row) => total + row.amountMinor, 0);
      expect(dashboard.month.totals, timeZone).toEqual(
        CURRENCIES.map((currency) => ({
          currency,
          incomeMinor: sum(currency, 'income'),
          expenseMinor: sum(currency, 'expense'),
        })),
      );
      // Not trivially zero: every zone's month holds money in and out.
      expect(counted.length, timeZone).toBeGreaterThan(2);
    }
  });

  it("counts this week's tips received from Monday on the person's calendar, completed only", async () => {
    const someone = await person();
    const rows: Row[] = [
      // Monday 2026-03-02 begins at 2026-03-01T15:00Z in Tokyo and at 2026-03-02T05:00Z in New York.
      {
        kind: 'tip_in',
        status: 'completed',
        amountMinor: 100,
        currency: 'USD',
        createdAt: '2026-03-01T14:59:59.999Z',
      },
      {
        kind: 'tip_in',
        status: 'completed',
        amountMinor: 200,
        currency: 'USD',
        createdAt: '2026-03-01T15:00:00.000Z',
      },
      {
        kind: 'tip_in',
        status: 'completed',
        amountMinor: 400,
        currency: 'USD',
        createdAt: '2026-03-02T00:00:00.000Z',
      },
      {
        kind: 'tip_in',
        status: 'completed',
        amountMinor: 800,
        currency: 'EUR',
        createdAt: '2026-03-02T05:00:00.000Z',
      },
      {
        kind: 'tip_in',
        status: 'pending',
        amountMinor: 1_600,
        currency: 'USD',
        createdAt: '2026-03-03T05:00:00.000Z',
      },
      {
        kind: 'tip_in',
        status: 'failed',
        amountMinor: 3_200,
        currency: 'USD',
        createdAt: '2026-03-03T05:00:00.000Z',
      },
      // Tips sent and other money in are not tips received.
      {
        kind: 'tip_out',
        status: 'completed',
        amountMinor: 6_400,
        currency: 'USD',
        createdAt: '2026-03-03T05:00:00.000Z',
      },
      {
        kind: 'transfer_in',
        status: 'completed',
        amountMinor: 12_800,
        currency: 'USD',
        createdAt: '2026-03-03T05:00:00.000Z',
      },
    ];
    for (const row of rows) await record(someone.userId, row);

    const now = '2026-03-04T12:00:00.000Z'; // A Wednesday everywhere.
    const expected: Record<string, { firstDay: string; usd: [number, number]; eur: [number, number] }> = {
      UTC: { firstDay: '2026-03-02', usd: [400, 1], eur: [800, 1] },
      'Asia/Tokyo': { firstDay: '2026-03-02', usd: [600, 2], eur: [800, 1] },
      'America/New_York': { firstDay: '2026-03-02', usd: [0, 0], eur: [800, 1] },
    };
    for (const [timeZone, want] of Object.entries(expected)) {
      const { tipsThisWeek } = await at(now, () => dashboardOf(someone, timeZone));
      expect(tipsThisWeek.firstDay, timeZone).toBe(want.firstDay);
      const totalIn = (currency: Currency) =>
        tipsThisWeek.totals.find((total) => total.currency === currency);
      expect(totalIn('USD'), timeZone).toEqual({
        currency: 'USD',
        amountMinor: want.usd[0],
        count: want.usd[1],
      });
      expect(totalIn('EUR'), timeZone).toEqual({
        currency: 'EUR',
        amountMinor: want.eur[0],
        count: want.eur[1],
      });
    }
  });

  it('lists the five newest transactions of any status with their categories, and marks the steps taken', async () => {
    const someone = await person();
    const rows: Row[] = [
      {
        kind: 'deposit',
        status: 'failed',
        amountMinor: 1,
        currency: 'USD',
        createdAt: '2026-03-01T10:00:00.000Z',
      },
      {
        kind: 'deposit',
        status: 'pending',
        amountMinor: 2,
        currency: 'USD',
        createdAt: '2026-03-01T11:00:00.000Z',
      },
      {
        kind: 'tip_in',
        status: 'completed',
        amountMinor: 3,
        currency: 'EUR',
        createdAt: '2026-03-01T12:00:00.000Z',
      },
      {
        kind: 'tip_out',
        status: 'failed',
        amountMinor: 4,
        currency: 'USD',
        createdAt: '2026-03-01T13:00:00.000Z',
      },
      {
        kind: 'withdrawal',
        status: 'pending',
        amountMinor: 5,
        currency: 'USD',
        createdAt: '2026-03-01T14:00:00.000Z',
      },
      {
        kind: 'transfer_in',
        status: 'completed',
        amountMinor: 6,
        currency: 'USD',
        createdAt: '2026-03-01T15:00:00.000Z',
      },
    ];
    for (const row of rows) await record(someone.userId, row);
    const dashboard = await dashboardOf(someone);
    expect(dashboard.recent.items.map((item) => item.amountMinor)).toEqual([6, 5, 4, 3, 2]);
    const own = await db()
      .select({ id: transactionCategories.id })
      .from(transactionCategories)
      .where(eq(transactionCategories.userId, someone.userId));
    const ownIds = new Set(own.map((category) => category.id));
    expect(dashboard.recent.categories.length).toBeGreaterThan(0);
    expect(dashboard.recent.categories.every((category) => ownIds.has(category.id))).toBe(true);
    // A pending deposit is money being added; a failed tip sent is nothing sent.
    expect(dashboard.firstSteps).toEqual({ addedMoney: true, receivedMoney: true, sentMoney: false });
  });
});
