import { randomUUID } from 'node:crypto';
import type {
  CreateOrderRequest,
  InstrumentListResponse,
  InvestmentOrder,
  InvestmentOrderResult,
  OrderListQuery,
  OrderListResponse,
  PortfolioResponse,
  PortfolioTotal,
  Position,
  PriceHistoryResponse,
} from '@ztart/shared/contracts/investments';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import {
  INSTRUMENTS,
  type Instrument,
  instrumentOf,
  marketDateOf,
  priceHistory,
  priceOn,
  quantityBought,
  quantitySold,
  worthAt,
} from '@ztart/shared/market';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { addDays } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { columnValues } from '../../db/sql-helpers.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import { AppError } from '../../http/errors.ts';
import { auditValues } from '../activity/service.ts';
import { auditLog } from '../activity/tables.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { failedMoneyRequest, type MoneyAnswer, unknownUnlessRefused } from '../idempotency/money-request.ts';
import { idempotencyKeyOf, keyExpiryOf, requestHashOf } from '../idempotency/service.ts';
import type { MovementOrder } from '../ledger/movement.ts';
import { balances } from '../ledger/service.ts';
import { asksForPin, assertWithinTransferMax, dayStartOf } from '../limits/limits.ts';
import { publishAll } from '../notifications/live.ts';
import { toTransaction, transactionRow } from '../transactions/record.ts';
import { transactions } from '../transactions/tables.ts';
import { answerOf } from '../transfers/service.ts';
import { type InvestmentOrderRow, investmentHoldings, investmentOrders } from './tables.ts';

const ORDER_ROUTE = 'POST /api/investments/orders';

function knownInstrument(symbol: string): Instrument {
  const instrument = instrumentOf(symbol);
  if (!instrument) throw new AppError('not_found', { message: 'No such instrument.' });
  return instrument;
}

/** `GET /api/investments/instruments`: every instrument at today's (UTC) simulated price. */
export function listInstruments(now: Date): InstrumentListResponse {
  const today = marketDateOf(now);
  const yesterday = marketDateOf(addDays(now, -1));
  return {
    date: today,
    simulated: true,
    items: INSTRUMENTS.map((instrument) => ({
      symbol: instrument.symbol,
      name: instrument.name,
      currency: instrument.currency,
      priceMinor: priceOn(instrument, today),
      previousPriceMinor: priceOn(instrument, yesterday),
      simulated: true,
    })),
  };
}

/** `GET /api/investments/instruments/{symbol}/prices?days=`: the last days' prices, oldest first. */
export function pricesOf(symbol: string, days: number, now: Date): PriceHistoryResponse {
  const instrument = knownInstrument(symbol);
  return {
    symbol: instrument.symbol,
    currency: instrument.currency,
    prices: priceHistory(instrument, marketDateOf(now), days),
    simulated: true,
  };
}

/**
 * `POST /api/investments/orders`: buys or sells at today's simulated price, through the one ledger
 * movement (the batch transfers and tips share): the wallet, the person's investment account, the
 * holding, the order's row, the person's transaction, the audit row and the kept answer change in
 * one database transaction, or none of them. The quantity is decided here from the price (a buy
 * rounds down, a sell rounds up); the movement checks it against the holding under its lock.
 */
export async function placeOrder(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  body: CreateOrderRequest,
): Promise<MoneyAnswer> {
  try {
    const key = idempotencyKeyOf(request);
    const instrument = knownInstrument(body.symbol);
    assertWithinTransferMax(body.amountMinor);
    const now = context.now();
    const priceMinor = priceOn(instrument, marketDateOf(now));
    const quantityMicro =
      body.side === 'buy'
        ? quantityBought(body.amountMinor, priceMinor)
        : quantitySold(body.amountMinor, priceMinor);
    if (quantityMicro <= 0) throw new AppError('amount_too_small');
    const order = prepareOrder(request, signedIn, { body, key, instrument, priceMinor, quantityMicro, now });
    const outcome = await context.transfers.movements.submit(order).catch((error: unknown) => {
      throw unknownUnlessRefused(error);
    });
    const answer = answerOf(outcome, instrument.currency);
    if (outcome.error === undefined && !outcome.replayed) {
      const { transaction } = outcome.body as { transaction: Transaction };
      publishAll(context.live, [{ userId: order.senderId, event: { type: 'transaction', transaction } }]);
    }
    return answer;
  } catch (error) {
    throw failedMoneyRequest(request, error, 'investment_order_failed');
  }
}

function prepareOrder(
  request: FastifyRequest,
  signedIn: SignedIn,
  input: {
    body: CreateOrderRequest;
    key: string;
    instrument: Instrument;
    priceMinor: number;
    quantityMicro: number;
    now: Date;
  },
): MovementOrder {
  const { body, key, instrument, priceMinor, quantityMicro, now } = input;
  const userId = signedIn.user.id;
  const { amountMinor, side } = body;
  const currency = instrument.currency;
  const orderId = randomUUID();
  const ledgerBatchId = randomUUID();
  const sent = transactionRow({
    userId,
    type: 'internal',
    kind: side === 'buy' ? 'investment_buy' : 'investment_sell',
    status: 'completed',
    amountMinor,
    currency,
    description: `${side === 'buy' ? 'Bought' : 'Sold'} ${instrument.symbol} on the simulated market`,
    groupId: randomUUID(),
    ledgerBatchId,
    createdAt: now,
    settledAt: now,
  });
  const audit = {
    id: randomUUID(),
    createdAt: now,
    ...auditValues(request, {
      userId,
      actionType: side === 'buy' ? 'investment_bought' : 'investment_sold',
      resource: `investment_order:${orderId}`,
      metadata: { symbol: instrument.symbol, amountMinor, currency, priceMinor, ledgerBatchId },
    }),
  };
  // Quantity, cost and gain are the movement's to decide under the holding's lock: it fills them in.
  const answerOrder: InvestmentOrder = {
    id: orderId,
    symbol: instrument.symbol,
    side,
    currency,
    amountMinor,
    priceMinor,
    quantityMicro,
    costMinor: side === 'buy' ? amountMinor : 0,
    realizedMinor: 0,
    createdAt: now.toISOString(),
  };
  const answer: InvestmentOrderResult = {
    order: answerOrder,
    transaction: toTransaction(sent),
    simulated: true,
  };
  const orderRow: Omit<InvestmentOrderRow, 'costMinor'> & { costMinor: number } = {
    id: orderId,
    userId,
    symbol: instrument.symbol,
    side,
    currency,
    amountMinor,
    priceMinor,
    quantityMicro,
    costMinor: 0,
    transactionId: sent.id,
    ledgerBatchId,
    createdAt: now,
  };
  return {
    key,
    requestHash: requestHashOf({ route: ORDER_ROUTE, body }),
    senderId: userId,
    // A movement of one person: between their wallet and their own investment account.
    recipientId: userId,
    debitKind: side === 'buy' ? 'wallet_available' : 'investment',
    creditKind: side === 'buy' ? 'investment' : 'wallet_available',
    amountMinor,
    currency,
    now,
    keyExpiresAt: keyExpiryOf(now),
    dayStartsAt: dayStartOf(now),
    // Investing keeps the money the person's own: it is not sending, so the daily cap does not count it.
    checkDaily: false,
    checkPin: asksForPin(signedIn, amountMinor, now),
    ledgerBatchId,
    ledgerCode: 'investment',
    categoryKey: null,
    sent: columnValues(transactions, sent),
    audit: columnValues(auditLog, audit),
    investment: {
      side,
      symbol: instrument.symbol,
      priceMinor,
      quantityMicro,
      order: columnValues(investmentOrders, orderRow),
    },
    answer,
  };
}

/**
 * `GET /api/investments/portfolio`: each holding at today's price (value rounded down), its cost
 * (average cost) and profit, and per currency the totals next to the investment account's balance,
 * which equals the cost of the positions in that currency.
 */
export async function portfolioOf(db: AppDatabase, userId: string, now: Date): Promise<PortfolioResponse> {
  const today = marketDateOf(now);
  const [holdings, accounts] = await Promise.all([
    db
      .select()
      .from(investmentHoldings)
      .where(and(eq(investmentHoldings.userId, userId), gt(investmentHoldings.quantityMicro, 0))),
    balances(db, userId),
  ]);
  const positions: Position[] = [];
  for (const instrument of INSTRUMENTS) {
    const holding = holdings.find((row) => row.symbol === instrument.symbol);
    if (!holding) continue;
    const priceMinor = priceOn(instrument, today);
    const valueMinor = worthAt(holding.quantityMicro, priceMinor);
    positions.push({
      symbol: instrument.symbol,
      name: instrument.name,
      currency: instrument.currency,
      quantityMicro: holding.quantityMicro,
      costMinor: holding.costMinor,
      priceMinor,
      valueMinor,
      profitMinor: valueMinor - holding.costMinor,
    });
  }
  const totals: PortfolioTotal[] = [];
  for (const currency of CURRENCIES) {
    const inCurrency = positions.filter((position) => position.currency === currency);
    const account = accounts.find((row) => row.kind === 'investment' && row.currency === currency);
    if (inCurrency.length === 0 && !account?.balanceMinor) continue;
    const sum = (pick: (position: Position) => number) =>
      inCurrency.reduce((total, position) => total + pick(position), 0);
    totals.push({
      currency: currency as Currency,
      costMinor: sum((position) => position.costMinor),
      valueMinor: sum((position) => position.valueMinor),
      profitMinor: sum((position) => position.profitMinor),
      accountMinor: account?.balanceMinor ?? 0,
    });
  }
  return { date: today, positions, totals, simulated: true };
}

/** `GET /api/investments/orders`: the person's orders, newest first, a page at a time. */
export async function listOrders(
  db: AppDatabase,
  userId: string,
  query: OrderListQuery,
): Promise<OrderListResponse> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select()
    .from(investmentOrders)
    .where(
      and(
        eq(investmentOrders.userId, userId),
        query.symbol ? eq(investmentOrders.symbol, query.symbol) : undefined,
        cursor
          ? sql`(${investmentOrders.createdAt}, ${investmentOrders.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(investmentOrders.createdAt), desc(investmentOrders.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit);
  return { items: page.rows.map(toOrder), nextCursor: page.nextCursor, simulated: true };
}

function toOrder(row: InvestmentOrderRow): InvestmentOrder {
  return {
    id: row.id,
    symbol: row.symbol,
    side: row.side as InvestmentOrder['side'],
    currency: row.currency as Currency,
    amountMinor: row.amountMinor,
    priceMinor: row.priceMinor,
    quantityMicro: row.quantityMicro,
    costMinor: row.costMinor,
    realizedMinor: row.side === 'sell' ? row.amountMinor - row.costMinor : 0,
    createdAt: row.createdAt.toISOString(),
  };
}
