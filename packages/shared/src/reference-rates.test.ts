import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './money.ts';
import {
  convertMinorRoundingUp,
  fromReferenceMinor,
  referenceRates,
  toReferenceMinor,
} from './reference-rates.ts';

describe('reference rates', () => {
  it('leaves US dollars as they are and converts the others at their reference rate', () => {
    expect(toReferenceMinor(50_000, 'USD')).toBe(50_000);
    expect(toReferenceMinor(40_000, 'EUR')).toBe(43_200);
    expect(toReferenceMinor(100_000, 'BRL')).toBe(18_000);
    expect(toReferenceMinor(100_000, 'MXN')).toBe(5_500);
  });

  it('rounds half a cent up, with whole numbers only', () => {
    // 1 MXN cent is 0.055 US cents: 0; 10 MXN cents are 0.55: 1.
    expect(toReferenceMinor(1, 'MXN')).toBe(0);
    expect(toReferenceMinor(10, 'MXN')).toBe(1);
    expect(toReferenceMinor(Number.MAX_SAFE_INTEGER, 'USD')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('has a whole, positive rate for every currency', () => {
    for (const currency of CURRENCIES) {
      expect(Number.isSafeInteger(referenceRates[currency])).toBe(true);
      expect(referenceRates[currency]).toBeGreaterThan(0);
    }
  });

  it('finds the most one may still send in a currency under a cap kept in US cents', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 0, max: 100_000_000 }),
        (currency, cap) => {
          const most = fromReferenceMinor(cap, currency);
          expect(toReferenceMinor(most, currency)).toBeLessThanOrEqual(cap);
          expect(toReferenceMinor(most + 1, currency)).toBeGreaterThan(cap);
        },
      ),
    );
  });

  it('converts an amount to another currency rounding up, never below its reference value', () => {
    expect(convertMinorRoundingUp(500, 'EUR', 'USD')).toBe(540);
    expect(convertMinorRoundingUp(540, 'USD', 'EUR')).toBe(500);
    // 1.00 USD is 5.555… BRL: 556 cents, not 555.
    expect(convertMinorRoundingUp(100, 'USD', 'BRL')).toBe(556);
    expect(convertMinorRoundingUp(700, 'MXN', 'MXN')).toBe(700);
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 0, max: 100_000_000 }),
        (from, to, amount) => {
          const converted = convertMinorRoundingUp(amount, from, to);
          // Exactly: converted·rate(to) >= amount·rate(from) > (converted − 1)·rate(to).
          const worth = BigInt(amount) * BigInt(referenceRates[from]);
          expect(BigInt(converted) * BigInt(referenceRates[to])).toBeGreaterThanOrEqual(worth);
          if (converted > 0) expect(BigInt(converted - 1) * BigInt(referenceRates[to])).toBeLessThan(worth);
        },
      ),
    );
  });
});
