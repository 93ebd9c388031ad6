import { randomUUID } from 'node:crypto';
import type {
  InstrumentListResponse,
  InvestmentOrderResult,
  OrderListResponse,
  PortfolioResponse,
  PriceHistoryResponse,
} from '@ztart/shared/contracts/investments';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import {
  INSTRUMENTS,
  instrumentOf,
  MICRO_UNITS_PER_UNIT,
  priceOn,
  quantityBought,
  quantitySold,
  worthAt,
} from '@ztart/shared/market';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { balances } from '../ledger/service.ts';
import { ledgerTransfers } from '../ledger/tables.ts';
import { investmentHoldings } from './tables.ts';

const ZTIX = instrumentOf('ZTIX')!;

describe('the simulated market', () => {
  it('gives the same prices for the same day, whoever computes them and in whatever order', async () => {
    const dates = ['2026-01-01', '2026-02-14', '2026-07-30', '2027-03-01'];
    const first = INSTRUMENTS.map((instrument) => dates.map((date) => priceOn(instrument, date)));
    // A second server: a fresh copy of the module, asked for the days in another order.
    vi.resetModules();
    const fresh = await import('@ztart/shared/market');
    const second = fresh.INSTRUMENTS.map((instrument) =>
      [...dates]
        .reverse()
        .map((date) => fresh.priceOn(instrument, date))
        .reverse(),
    );
    expect(second).toEqual(first);
    // The start price on the first day of the walk, and a price that has moved since.
    expect(priceOn(ZTIX, '2026-01-01')).toBe(ZTIX.startPriceMinor);
    expect(
      INSTRUMENTS.some((instrument) => priceOn(instrument, '2026-07-30') !== instrument.startPriceMinor),
    ).toBe(true);
  });

  it('moves each day by at most the instrument volatility, in whole minor units, within its bounds', () => {
    for (const instrument of INSTRUMENTS) {
      let previous = priceOn(instrument, '2026-01-01');
      for (let day = 1; day <= 400; day++) {
        const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
        const price = priceOn(instrument, date);
        expect(Number.isSafeInteger(price)).toBe(true);
        // |change| ≤ previous × volatility ÷ 10,000, rounded half up (or a clamp toward the bounds).
        const most = Math.floor((previous * instrument.volatilityBp + 5_000) / 10_000);
        expect(Math.abs(price - previous)).toBeLessThanOrEqual(most);
        expect(price).toBeGreaterThanOrEqual(Math.floor(instrument.startPriceMinor / 4));
        expect(price).toBeLessThanOrEqual(instrument.startPriceMinor * 4);
        previous = price;
      }
    }
  });

  it('rounds a buy down and a sale up, in whole micro-units', () => {
    // 100.00 at 123.45 a unit: 0.810044 units (0.81004455… rounded down).
    expect(quantityBought(10_000, 12_345)).toBe(810_044);
    // Selling 50.00 at 123.45 takes 0.405023 units (0.40502227… rounded up).
    expect(quantitySold(5_000, 12_345)).toBe(405_023);
    expect(worthAt(810_044, 12_345)).toBe(9_999);
    expect(worthAt(MICRO_UNITS_PER_UNIT, 12_345)).toBe(12_345);
  });
});

describe('investments', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-20T10:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const person = () => createPerson(testApp.app, db(), { phoneVerified: true });
  const get = <T>(who: SignedInPerson, url: string) =>
    testApp.app.inject(as(who, { method: 'GET', url })).then((answer) => {
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<T>();
    });
  const order = (
    who: SignedInPerson,
    payload: { symbol: string; side: 'buy' | 'sell'; amountMinor: number },
    key: string = randomUUID(),
  ) =>
    testApp.app.inject(
      as(who, {
        method: 'POST',
        url: '/api/investments/orders',
        payload,
        headers: { 'idempotency-key': key },
      }),
    );
  const investedOf = async (userId: string, currency = 'USD') =>
    (await balances(db(), userId)).find((row) => row.kind === 'investment' && row.currency === currency)
      ?.balanceMinor ?? 0;
  const todayPrice = () => priceOn(ZTIX, clock.now().toISOString().slice(0, 10));

  it('lists the instruments at today’s price, labelled simulated', async () => {
    const me = await person();
    const list = await get<InstrumentListResponse>(me, '/api/investments/instruments');
    expect(list.simulated).toBe(true);
    expect(list.date).toBe('2026-05-20');
    expect(list.items.map((item) => item.symbol)).toEqual(INSTRUMENTS.map((instrument) => instrument.symbol));
    const ztix = list.items.find((item) => item.symbol === 'ZTIX')!;
    expect(ztix).toMatchObject({ priceMinor: priceOn(ZTIX, '2026-05-20'), simulated: true, currency: 'USD' });
    expect(ztix.previousPriceMinor).toBe(priceOn(ZTIX, '2026-05-19'));

    const history = await get<PriceHistoryResponse>(me, '/api/investments/instruments/ZTIX/prices?days=7');
    expect(history.simulated).toBe(true);
    expect(history.prices.map((point) => point.date)).toEqual([
      '2026-05-14',
      '2026-05-15',
      '2026-05-16',
      '2026-05-17',
      '2026-05-18',
      '2026-05-19',
      '2026-05-20',
    ]);
    expect(history.prices.at(-1)?.priceMinor).toBe(ztix.priceMinor);
    const unknown = await testApp.app.inject(
      as(me, { method: 'GET', url: '/api/investments/instruments/NOPE/prices' }),
    );
    expect(unknown.statusCode).toBe(400);
    const signedOut = await testApp.app.inject({ method: 'GET', url: '/api/investments/portfolio' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('buys 100.00 then sells half: wallet, investment account and portfolio agree to the cent', async () => {
    const me = await person();
    await fund(db(), me.userId, 30_000);
    const price = todayPrice();

    const bought = await order(me, { symbol: 'ZTIX', side: 'buy', amountMinor: 10_000 });
    expect(bought.statusCode, bought.body).toBe(201);
    const buy = bought.json<InvestmentOrderResult>();
    const boughtMicro = quantityBought(10_000, price);
    expect(buy.simulated).toBe(true);
    expect(buy.order).toMatchObject({
      side: 'buy',
      priceMinor: price,
      quantityMicro: boughtMicro,
      costMinor: 10_000,
    });
    expect(buy.transaction).toMatchObject({ kind: 'investment_buy', type: 'internal', amountMinor: 10_000 });
    expect(await availableOf(db(), me.userId)).toBe(20_000);
    expect(await investedOf(me.userId)).toBe(10_000);

    clock.advance({ minutes: 1 });
    const sold = await order(me, { symbol: 'ZTIX', side: 'sell', amountMinor: 5_000 });
    expect(sold.statusCode, sold.body).toBe(201);
    const sell = sold.json<InvestmentOrderResult>();
    const soldMicro = quantitySold(5_000, price);
    // The average cost of what was sold, rounded down.
    const costSold = Math.floor((10_000 * soldMicro) / boughtMicro);
    expect(sell.order).toMatchObject({
      side: 'sell',
      quantityMicro: soldMicro,
      costMinor: costSold,
      realizedMinor: 5_000 - costSold,
    });
    expect(sell.transaction).toMatchObject({ kind: 'investment_sell', type: 'internal', amountMinor: 5_000 });

    const heldMicro = boughtMicro - soldMicro;
    const costLeft = 10_000 - costSold;
    expect(await availableOf(db(), me.userId)).toBe(25_000);
    expect(await investedOf(me.userId)).toBe(costLeft);
    const portfolio = await get<PortfolioResponse>(me, '/api/investments/portfolio');
    expect(portfolio.simulated).toBe(true);
    expect(portfolio.positions).toEqual([
      {
        symbol: 'ZTIX',
        name: ZTIX.name,
        currency: 'USD',
        quantityMicro: heldMicro,
        costMinor: costLeft,
        priceMinor: price,
        valueMinor: worthAt(heldMicro, price),
        profitMinor: worthAt(heldMicro, price) - costLeft,
      },
    ]);
    expect(portfolio.totals).toEqual([
      {
        currency: 'USD',
        costMinor: costLeft,
        valueMinor: worthAt(heldMicro, price),
        profitMinor: worthAt(heldMicro, price) - costLeft,
        accountMinor: costLeft,
      },
    ]);
    // Both orders in the history, newest first, and in the wallet's transactions.
    const orders = await get<OrderListResponse>(me, '/api/investments/orders');
    expect(orders.items.map((item) => item.side)).toEqual(['sell', 'buy']);
    const history = await get<{ items: Transaction[] }>(me, '/api/transactions');
    expect(history.items.map((item) => item.kind)).toEqual(
      expect.arrayContaining(['investment_buy', 'investment_sell']),
    );
    await expectLedgerSound(db());
  });

  it('books a sale on a later day at that day’s price, the gain or loss against the market', async () => {
    const start = clock.now();
    // Ten minutes before midnight (UTC), and the sale twenty minutes later: the next market day,
    // within the session's idle time.
    clock.advance({ minutes: 23 * 60 + 50 - (start.getUTCHours() * 60 + start.getUTCMinutes()) });
    try {
      const me = await person();
      await fund(db(), me.userId, 50_000);
      const stge = instrumentOf('STGE')!;
      const dayOne = clock.now().toISOString().slice(0, 10);
      expect((await order(me, { symbol: 'STGE', side: 'buy', amountMinor: 20_000 })).statusCode).toBe(201);
      const held = quantityBought(20_000, priceOn(stge, dayOne));
      clock.advance({ minutes: 20 });
      const later = clock.now().toISOString().slice(0, 10);
      const laterPrice = priceOn(stge, later);
      expect(laterPrice).not.toBe(priceOn(stge, dayOne));
      const worth = worthAt(held, laterPrice);
      // Sell everything it is worth now: the whole holding goes, with its whole cost.
      const sold = await order(me, { symbol: 'STGE', side: 'sell', amountMinor: worth });
      expect(sold.statusCode, sold.body).toBe(201);
      const sale = sold.json<InvestmentOrderResult>().order;
      expect(sale).toMatchObject({
        costMinor: 20_000,
        realizedMinor: worth - 20_000,
        priceMinor: laterPrice,
      });
      expect(await availableOf(db(), me.userId)).toBe(30_000 + worth);
      expect(await investedOf(me.userId)).toBe(0);
      const [holding] = await db()
        .select()
        .from(investmentHoldings)
        .where(eq(investmentHoldings.userId, me.userId));
      expect(holding).toMatchObject({ quantityMicro: 0, costMinor: 0 });
      // Three legs: the buy, the sale at cost… and the market's side of the difference.
      const legs = await db().select().from(ledgerTransfers).where(eq(ledgerTransfers.code, 'investment'));
      expect(legs.some((leg) => leg.amountMinor === Math.abs(worth - 20_000))).toBe(true);
      await expectLedgerSound(db());
    } finally {
      clock.advance({ seconds: (start.getTime() - clock.now().getTime()) / 1000 });
    }
  });

  it('refuses to sell more than the holding is worth, and to buy more than the wallet holds', async () => {
    const me = await person();
    await fund(db(), me.userId, 10_000);
    const nothingHeld = await order(me, { symbol: 'BOND', side: 'sell', amountMinor: 100 });
    expect(nothingHeld.statusCode).toBe(422);
    expect(nothingHeld.json().error.code).toBe('insufficient_holdings');

    expect((await order(me, { symbol: 'BOND', side: 'buy', amountMinor: 4_000 })).statusCode).toBe(201);
    const worth = worthAt(
      quantityBought(4_000, priceOn(instrumentOf('BOND')!, '2026-05-20')),
      priceOn(instrumentOf('BOND')!, '2026-05-20'),
    );
    const tooMuch = await order(me, { symbol: 'BOND', side: 'sell', amountMinor: worth + 1 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.code).toBe('insufficient_holdings');

    const overspend = await order(me, { symbol: 'ZTIX', side: 'buy', amountMinor: 6_001 });
    expect(overspend.statusCode).toBe(422);
    expect(overspend.json().error.code).toBe('insufficient_balance');

    const tiny = await order(me, { symbol: 'ZTIX', side: 'buy', amountMinor: 0 });
    expect(tiny.statusCode).toBe(400);
    // Nothing moved by any refusal.
    expect(await availableOf(db(), me.userId)).toBe(6_000);
    expect(await investedOf(me.userId)).toBe(4_000);
    const orders = await get<OrderListResponse>(me, '/api/investments/orders');
    expect(orders.items).toHaveLength(1);
    await expectLedgerSound(db());
  });

  it('answers a repeated order with the first answer and moves the money once', async () => {
    const me = await person();
    await fund(db(), me.userId, 10_000);
    const key = randomUUID();
    const first = await order(me, { symbol: 'ZTIX', side: 'buy', amountMinor: 2_500 }, key);
    const again = await order(me, { symbol: 'ZTIX', side: 'buy', amountMinor: 2_500 }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await availableOf(db(), me.userId)).toBe(7_500);
    const other = await order(me, { symbol: 'ZTIX', side: 'buy', amountMinor: 2_600 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_conflict');
    const withoutKey = await testApp.app.inject(
      as(me, {
        method: 'POST',
        url: '/api/investments/orders',
        payload: { symbol: 'ZTIX', side: 'buy', amountMinor: 100 },
      }),
    );
    expect(withoutKey.statusCode).toBe(400);
    expect(withoutKey.json().error.code).toBe('idempotency_key_required');
    expect((await get<OrderListResponse>(me, '/api/investments/orders')).items).toHaveLength(1);
  });

  it('keeps each person’s investments their own', async () => {
    const alice: Person = await person();
    const bob: Person = await person();
    await fund(db(), alice.userId, 10_000);
    expect((await order(alice, { symbol: 'ZTIX', side: 'buy', amountMinor: 5_000 })).statusCode).toBe(201);
    const bobsPortfolio = await get<PortfolioResponse>(bob, '/api/investments/portfolio');
    expect(bobsPortfolio.positions).toEqual([]);
    expect(bobsPortfolio.totals).toEqual([]);
    expect((await get<OrderListResponse>(bob, '/api/investments/orders')).items).toEqual([]);
    // Bob cannot sell what Alice holds.
    const sale = await order(bob, { symbol: 'ZTIX', side: 'sell', amountMinor: 1_000 });
    expect(sale.json().error.code).toBe('insufficient_holdings');
    expect((await get<PortfolioResponse>(alice, '/api/investments/portfolio')).positions).toHaveLength(1);
  });

  it('asks for the PIN above the no-PIN amount, as sending money does', async () => {
    const me = await person();
    await fund(db(), me.userId, 20_000);
    const setPin = await testApp.app.inject(
      as(me, { method: 'POST', url: '/api/pin', payload: { pin: '4826', pinConfirmation: '4826' } }),
    );
    expect(setPin.statusCode, setPin.body).toBe(201);
    // Setting the PIN unlocked this session for a few minutes: later, it is locked again.
    clock.advance({ minutes: 10 });
    try {
      const above = await order(me, { symbol: 'ZTIX', side: 'buy', amountMinor: 5_001 });
      expect(above.statusCode).toBe(403);
      expect(above.json().error.code).toBe('pin_required');
      expect((await order(me, { symbol: 'ZTIX', side: 'buy', amountMinor: 5_000 })).statusCode).toBe(201);
      expect(await availableOf(db(), me.userId)).toBe(15_000);
    } finally {
      clock.advance({ minutes: -10 });
    }
  });
});
