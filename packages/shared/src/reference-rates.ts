import { type Currency, MAX_AMOUNT_MINOR } from './money.ts';

/** Reference rates are given in millionths of a US dollar, so that converting needs no float. */
const PARTS_PER_UNIT = 1_000_000n;

/**
 * One static table of reference exchange rates, US dollar base (ARCHITECTURE.md §8): how many
 * millionths of a dollar one unit of each currency is worth. It is used wherever amounts in
 * different currencies are compared or added up, and shown as a "reference rate"; no money is
 * ever exchanged at it. Every currency here has two decimals, so minor units convert alike.
 */
export const REFERENCE_RATES_PPM: Record<Currency, bigint> = {
  USD: 1_000_000n,
  EUR: 1_160_000n,
  BRL: 190_000n,
  MXN: 55_000n,
};

/**
 * An amount in minor units of `currency`, as US cents at the reference rate (rounded half up;
 * whole numbers throughout). Capped at MAX_AMOUNT_MINOR.
 */
export function toReferenceMinor(amountMinor: number, currency: Currency): number {
  const referenceMinor =
    (BigInt(amountMinor) * REFERENCE_RATES_PPM[currency] + PARTS_PER_UNIT / 2n) / PARTS_PER_UNIT;
  return referenceMinor > BigInt(MAX_AMOUNT_MINOR) ? MAX_AMOUNT_MINOR : Number(referenceMinor);
}
