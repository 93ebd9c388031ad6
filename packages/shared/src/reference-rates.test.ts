import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR } from './money.ts';
import { REFERENCE_RATES_PPM, toReferenceMinor } from './reference-rates.ts';

describe('reference rates', () => {
  it('leaves dollars as they are and converts the others to US cents', () => {
    expect(toReferenceMinor(12_345, 'USD')).toBe(12_345);
    expect(toReferenceMinor(10_000, 'EUR')).toBe(11_600);
    expect(toReferenceMinor(10_000, 'BRL')).toBe(1_900);
    expect(toReferenceMinor(10_000, 'MXN')).toBe(550);
  });

  it('rounds half a cent up and stays a whole number', () => {
    // At 0.055 USD a peso, 10 centavos are 0.55 of a US cent and 9 centavos 0.495.
    expect(toReferenceMinor(10, 'MXN')).toBe(1);
    expect(toReferenceMinor(9, 'MXN')).toBe(0);
    expect(Number.isSafeInteger(toReferenceMinor(999_999, 'BRL'))).toBe(true);
  });

  it('never goes past the largest amount the system accepts', () => {
    expect(toReferenceMinor(MAX_AMOUNT_MINOR, 'EUR')).toBe(MAX_AMOUNT_MINOR);
  });

  it('has a rate for every currency, above zero', () => {
    for (const rate of Object.values(REFERENCE_RATES_PPM)) expect(rate).toBeGreaterThan(0n);
  });
});
