import { CURRENCIES, CURRENCY_DECIMALS, type Currency } from './money.ts';

/**
 * The one table of reference exchange rates (ARCHITECTURE.md §8), used wherever amounts in
 * different currencies are added up: the unverified daily cap, totals across currencies, the
 * currency a person holds most of. Static on purpose: it ranks and caps amounts, it never
 * exchanges money, and it is shown as a "reference rate".
 *
 * Each rate is the value of one unit of the currency in US dollars, in millionths of a dollar
 * (parts per million): whole numbers, so that a conversion is exact integer arithmetic.
 */
export const REFERENCE_CURRENCY = 'USD' satisfies Currency;

/** Millionths of a US dollar per unit of each currency. */
export const referenceRates: Readonly<Record<Currency, number>> = {
  USD: 1_000_000,
  EUR: 1_080_000,
  BRL: 180_000,
  MXN: 55_000,
};

export const REFERENCE_RATE_SCALE = 1_000_000;

/**
 * US-dollar minor units (cents) of an amount in minor units of `currency`, rounded half up.
 * Integer arithmetic only (BigInt), so that the database, which computes the same rounding in
 * numeric, always agrees with it.
 */
export function toReferenceMinor(amountMinor: number, currency: Currency): number {
  if (!Number.isSafeInteger(amountMinor))
    throw new RangeError('an amount must be a whole number of minor units');
  const { numerator, denominator } = referenceFactorOf(currency);
  const scaled = BigInt(amountMinor) * BigInt(numerator);
  const half = BigInt(denominator) / 2n;
  const rounded =
    scaled >= 0n ? (scaled + half) / BigInt(denominator) : -((-scaled + half) / BigInt(denominator));
  return Number(rounded);
}

/**
 * The largest amount in minor units of `currency` whose reference value does not exceed
 * `referenceMinor`: what a person may still send in that currency under a cap kept in reference
 * units.
 */
export function fromReferenceMinor(referenceMinor: number, currency: Currency): number {
  // Below zero nothing fits; at zero a currency whose smallest unit rounds to 0 reference units
  // still fits a little, as the ledger's own check counts it.
  if (referenceMinor < 0) return 0;
  const { numerator, denominator } = referenceFactorOf(currency);
  // toReferenceMinor(x) <= r  ⇔  x·n + ⌊d/2⌋ < (r + 1)·d  ⇔  x < ((r + 1)·d − ⌊d/2⌋) / n
  const bound = (BigInt(referenceMinor) + 1n) * BigInt(denominator) - BigInt(denominator) / 2n;
  const n = BigInt(numerator);
  return Number((bound - 1n) / n);
}

/**
 * The smallest amount in minor units of `to` worth at least `amountMinor` of `from` at the
 * reference rates (rounded up): a floor set in one currency, asked of an amount in another.
 * Integer arithmetic only (BigInt).
 */
export function convertMinorRoundingUp(amountMinor: number, from: Currency, to: Currency): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0)
    throw new RangeError('an amount must be a whole, non-negative number of minor units');
  if (from === to) return amountMinor;
  const source = referenceFactorOf(from);
  const target = referenceFactorOf(to);
  const numerator = BigInt(amountMinor) * BigInt(source.numerator) * BigInt(target.denominator);
  const denominator = BigInt(source.denominator) * BigInt(target.numerator);
  return Number((numerator + denominator - 1n) / denominator);
}

/**
 * The conversion of minor units of `currency` to reference minor units as one fraction
 * numerator / denominator, decimals included: what the ledger's movement function receives, so
 * that it converts with the same arithmetic as toReferenceMinor.
 */
export function referenceFactorOf(currency: Currency): { numerator: number; denominator: number } {
  const shift = CURRENCY_DECIMALS[REFERENCE_CURRENCY] - CURRENCY_DECIMALS[currency];
  const numerator = referenceRates[currency] * 10 ** Math.max(0, shift);
  const denominator = REFERENCE_RATE_SCALE * 10 ** Math.max(0, -shift);
  return { numerator, denominator };
}

/** Every currency's factor, keyed by currency: the settings form of the table. */
export function referenceFactors(): Record<Currency, { numerator: number; denominator: number }> {
  return Object.fromEntries(CURRENCIES.map((currency) => [currency, referenceFactorOf(currency)])) as Record<
    Currency,
    { numerator: number; denominator: number }
  >;
}
