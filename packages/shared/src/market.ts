import type { Currency } from './money.ts';

/**
 * The simulated market of the investments screen (issue 16, decision 0036): a handful of fictional
 * instruments whose daily prices follow a seeded random walk. The same UTC day gives the same
 * prices on every server and in every browser: each day's step comes from a small 32-bit PRNG
 * seeded with the symbol and the date, and every price is a whole number of minor units per whole
 * unit of the instrument, computed with integers only. Nothing here is a real security or a real
 * price: every screen and every API answer says "simulated".
 */
export interface Instrument {
  symbol: string;
  name: string;
  currency: Currency;
  /** The price on MARKET_START_DATE, in minor units per whole unit. */
  startPriceMinor: number;
  /** The largest daily move, in basis points (150 = 1.5 %). */
  volatilityBp: number;
}

export const INSTRUMENTS: readonly Instrument[] = [
  { symbol: 'ZTIX', name: 'Ztart Tech Index', currency: 'USD', startPriceMinor: 12_500, volatilityBp: 180 },
  { symbol: 'STGE', name: 'Street Stage Music', currency: 'USD', startPriceMinor: 2_875, volatilityBp: 300 },
  { symbol: 'BOND', name: 'Steady Bond Fund', currency: 'USD', startPriceMinor: 10_000, volatilityBp: 30 },
  { symbol: 'GRNE', name: 'Green Energy Fund', currency: 'EUR', startPriceMinor: 4_200, volatilityBp: 220 },
  { symbol: 'CAFE', name: 'Café Growers Co-op', currency: 'BRL', startPriceMinor: 3_150, volatilityBp: 250 },
  { symbol: 'SOLM', name: 'Sol Mercado', currency: 'MXN', startPriceMinor: 18_900, volatilityBp: 200 },
];

export type InstrumentSymbol = string;

/** Quantities are whole micro-units of an instrument: 1 unit = 1,000,000. Never a float. */
export const MICRO_UNITS_PER_UNIT = 1_000_000;

/** The first day of the walk (UTC); every earlier day has the start price. */
export const MARKET_START_DATE = '2026-01-01';

/** The walk stays between a quarter and four times the start price. */
const FLOOR_DIVISOR = 4n;
const CEILING_FACTOR = 4n;

/** At most this many days of prices per request. */
export const PRICE_HISTORY_MAX_DAYS = 365;
export const PRICE_HISTORY_DEFAULT_DAYS = 30;

const DAY_MS = 86_400_000;
const START_DAY = Date.parse(`${MARKET_START_DATE}T00:00:00Z`) / DAY_MS;

export function instrumentOf(symbol: string): Instrument | undefined {
  return INSTRUMENTS.find((instrument) => instrument.symbol === symbol);
}

/** The UTC calendar date of a moment, `YYYY-MM-DD`: the market's day. */
export function marketDateOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** 32-bit FNV-1a of a text: the seed of one day's step. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** One draw of mulberry32, a small integer PRNG: a whole number from 0 to 2^32 − 1. */
function mulberry32(seed: number): number {
  let t = (seed + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** The day's move of an instrument in basis points, from −volatility to +volatility. */
export function dailyStepBp(symbol: string, date: string, volatilityBp: number): number {
  const span = 2 * volatilityBp + 1;
  return (mulberry32(fnv1a(`${symbol}|${date}`)) % span) - volatilityBp;
}

/** a × b ÷ 10,000 rounded half away from zero, in BigInt. */
function applyBp(price: bigint, stepBp: number): bigint {
  const product = price * BigInt(stepBp);
  const half = 5_000n;
  return product >= 0n ? (product + half) / 10_000n : -((-product + half) / 10_000n);
}

function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Every instrument's walk, from the start day up to the latest day asked so far. */
const walks = new Map<string, number[]>();

/**
 * The price of an instrument on a UTC date (`YYYY-MM-DD`), in minor units per whole unit: the
 * start price on MARKET_START_DATE and before, then each day the previous day's price moved by
 * that day's step (rounded half away from zero), kept between a quarter and four times the start.
 */
export function priceOn(instrument: Instrument, date: string): number {
  const day = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
  if (!Number.isInteger(day)) throw new Error(`not a calendar date: ${date}`);
  const index = day - START_DAY;
  if (index <= 0) return instrument.startPriceMinor;
  let walk = walks.get(instrument.symbol);
  if (!walk) {
    walk = [instrument.startPriceMinor];
    walks.set(instrument.symbol, walk);
  }
  const start = BigInt(instrument.startPriceMinor);
  const floor = start / FLOOR_DIVISOR;
  const ceiling = start * CEILING_FACTOR;
  while (walk.length <= index) {
    const at = walk.length;
    const previous = BigInt(walk[at - 1] as number);
    const step = dailyStepBp(instrument.symbol, dateOfDay(START_DAY + at), instrument.volatilityBp);
    let next = previous + applyBp(previous, step);
    if (next < floor) next = floor;
    if (next > ceiling) next = ceiling;
    walk.push(safeInteger(next));
  }
  return walk[index] as number;
}

/** The last `days` daily prices up to and including `date`, oldest first. */
export function priceHistory(
  instrument: Instrument,
  date: string,
  days: number,
): { date: string; priceMinor: number }[] {
  const last = Date.parse(`${date}T00:00:00Z`) / DAY_MS;
  const history: { date: string; priceMinor: number }[] = [];
  for (let day = last - days + 1; day <= last; day++) {
    const on = dateOfDay(day);
    history.push({ date: on, priceMinor: priceOn(instrument, on) });
  }
  return history;
}

/**
 * What an amount buys at a price: whole micro-units, rounded down (the buyer never gets more than
 * they paid for). 0 when the amount is below one micro-unit's price.
 */
export function quantityBought(amountMinor: number, priceMinor: number): number {
  return safeInteger((BigInt(amountMinor) * BigInt(MICRO_UNITS_PER_UNIT)) / BigInt(priceMinor));
}

/**
 * What a sale of an amount takes from the holding: whole micro-units, rounded up (the seller gets
 * the amount asked and gives at most one micro-unit more than it is worth).
 */
export function quantitySold(amountMinor: number, priceMinor: number): number {
  const micro = BigInt(amountMinor) * BigInt(MICRO_UNITS_PER_UNIT);
  const price = BigInt(priceMinor);
  return safeInteger((micro + price - 1n) / price);
}

/** What a quantity is worth at a price, in minor units, rounded down. */
export function worthAt(quantityMicro: number, priceMinor: number): number {
  return safeInteger((BigInt(quantityMicro) * BigInt(priceMinor)) / BigInt(MICRO_UNITS_PER_UNIT));
}

/**
 * The part of a holding's cost that a sale of `soldMicro` of its `heldMicro` takes with it: the
 * average cost of what is sold, rounded down; all of it when the whole holding goes. The database
 * movement computes the same under its lock (movement.sql).
 */
export function costReleased(costMinor: number, heldMicro: number, soldMicro: number): number {
  if (soldMicro >= heldMicro) return costMinor;
  return safeInteger((BigInt(costMinor) * BigInt(soldMicro)) / BigInt(heldMicro));
}

function safeInteger(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError('out of the safe integer range');
  return Number(value);
}
