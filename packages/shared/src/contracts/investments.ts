import { z } from 'zod';
import { PAGE_SIZE } from '../limits.ts';
import { INSTRUMENTS, PRICE_HISTORY_DEFAULT_DAYS, PRICE_HISTORY_MAX_DAYS } from '../market.ts';
import { safeText } from '../safe-text.ts';
import { transactionSchema } from './transactions.ts';
import { amountMinorSchema, currencySchema } from './wallet.ts';

/**
 * Simulated investments (issue 16, decision 0036). Prices come from the simulated market of
 * `market.ts`; money really moves between the person's wallet and their investment account of the
 * ledger (one per currency), so every answer says `simulated: true` about the market, not the money.
 * Quantities are whole micro-units (`quantityMicro`, 1 unit = 1,000,000); prices are minor units
 * per whole unit; amounts are minor units. Never a float.
 */
export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

const symbolSchema = z
  .string()
  .regex(/^[A-Z]{2,8}$/, 'validation.symbol')
  .refine((symbol) => INSTRUMENTS.some((instrument) => instrument.symbol === symbol), 'validation.symbol');

export const instrumentSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    currency: currencySchema,
    /** Today's price (UTC day), in minor units per whole unit. */
    priceMinor: z.number().int(),
    /** Yesterday's price, for the day's change. */
    previousPriceMinor: z.number().int(),
    simulated: z.literal(true),
  })
  .meta({ id: 'Instrument' });
export type InstrumentQuote = z.infer<typeof instrumentSchema>;

/** `GET /api/investments/instruments` → every instrument at today's price. */
export const instrumentListResponseSchema = z
  .object({ items: z.array(instrumentSchema), date: z.iso.date(), simulated: z.literal(true) })
  .meta({ id: 'InstrumentList' });
export type InstrumentListResponse = z.infer<typeof instrumentListResponseSchema>;

export const instrumentParamsSchema = z.object({ symbol: symbolSchema });

/** `GET /api/investments/instruments/{symbol}/prices?days=` → the last `days` daily prices, oldest first. */
export const priceHistoryQuerySchema = z.object({
  days: z.coerce.number().int().min(2).max(PRICE_HISTORY_MAX_DAYS).default(PRICE_HISTORY_DEFAULT_DAYS),
});
export const priceHistoryResponseSchema = z
  .object({
    symbol: z.string(),
    currency: currencySchema,
    prices: z.array(z.object({ date: z.iso.date(), priceMinor: z.number().int() })),
    simulated: z.literal(true),
  })
  .meta({ id: 'PriceHistory' });
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponseSchema>;

/**
 * `POST /api/investments/orders` (Idempotency-Key header required) → 201 InvestmentOrderResult.
 * A buy takes `amountMinor` from the wallet's available balance in the instrument's currency (422
 * `insufficient_balance` above it) and gets the micro-units that amount buys at today's price,
 * rounded down (422 `amount_too_small` when that is none). A sell pays `amountMinor` into the
 * wallet and gives the micro-units it takes at today's price, rounded up (422
 * `insufficient_holdings` above what the holding is worth); a sale that would leave less than one
 * minor unit's worth sells the whole holding. Above the no-PIN amount with a PIN set and the
 * session not unlocked → 403 `pin_required`; above the transfer maximum → 422 `limit_exceeded`.
 */
export const createOrderRequestSchema = z
  .object({ symbol: symbolSchema, side: z.enum(ORDER_SIDES), amountMinor: amountMinorSchema })
  .meta({ id: 'CreateOrderRequest' });
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const investmentOrderSchema = z
  .object({
    id: z.uuid(),
    symbol: z.string(),
    side: z.enum(ORDER_SIDES),
    currency: currencySchema,
    /** Paid (a buy) or received (a sell). */
    amountMinor: z.number().int(),
    priceMinor: z.number().int(),
    quantityMicro: z.number().int(),
    /** A sell: the average cost of what was sold; a buy: the amount paid. */
    costMinor: z.number().int(),
    /** A sell: amount − cost (negative for a loss); a buy: 0. */
    realizedMinor: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'InvestmentOrder' });
export type InvestmentOrder = z.infer<typeof investmentOrderSchema>;

export const investmentOrderResultSchema = z
  .object({ order: investmentOrderSchema, transaction: transactionSchema, simulated: z.literal(true) })
  .meta({ id: 'InvestmentOrderResult' });
export type InvestmentOrderResult = z.infer<typeof investmentOrderResultSchema>;

/** `GET /api/investments/orders?symbol=&cursor=&limit=` → newest first. */
export const orderListQuerySchema = z.object({
  symbol: symbolSchema.optional(),
  cursor: safeText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderListResponseSchema = z
  .object({
    items: z.array(investmentOrderSchema),
    nextCursor: z.string().nullable(),
    simulated: z.literal(true),
  })
  .meta({ id: 'InvestmentOrderList' });
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

export const positionSchema = z
  .object({
    symbol: z.string(),
    name: z.string(),
    currency: currencySchema,
    quantityMicro: z.number().int(),
    /** What the holding cost: the amounts paid, less the average cost of what was sold. */
    costMinor: z.number().int(),
    priceMinor: z.number().int(),
    /** quantity × today's price, rounded down. */
    valueMinor: z.number().int(),
    /** value − cost. */
    profitMinor: z.number().int(),
  })
  .meta({ id: 'Position' });
export type Position = z.infer<typeof positionSchema>;

export const portfolioTotalSchema = z.object({
  currency: currencySchema,
  costMinor: z.number().int(),
  valueMinor: z.number().int(),
  profitMinor: z.number().int(),
  /** The balance of the person's investment account in the currency: equal to the cost of its positions. */
  accountMinor: z.number().int(),
});
export type PortfolioTotal = z.infer<typeof portfolioTotalSchema>;

/** `GET /api/investments/portfolio` → the person's positions at today's prices, and totals per currency. */
export const portfolioResponseSchema = z
  .object({
    date: z.iso.date(),
    positions: z.array(positionSchema),
    totals: z.array(portfolioTotalSchema),
    simulated: z.literal(true),
  })
  .meta({ id: 'Portfolio' });
export type PortfolioResponse = z.infer<typeof portfolioResponseSchema>;
