import { type Currency, MAX_AMOUNT_MINOR, parseAmount } from '@ztart/shared/money';

/** The decimal mark and the thousands separator of a locale ("." and "," in en, "," and "." in es). */
export function separatorsOf(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1_234_567.8);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

/**
 * What a person typed, in minor units, read the way their language writes numbers. parseAmount
 * refuses one separator followed by three digits ("1.234"), which could be either mark: here the
 * language decides, so "1,234" is 1234.00 in English and "1.234" is 1234.00 in Spanish, while
 * the other reading (three decimals) stays refused. Null when it is not an amount.
 */
export function parseAmountInput(input: string, currency: Currency, locale: string): number | null {
  const text = input.trim();
  const separators = text.match(/[.,]/g) ?? [];
  const single = separators.length === 1 ? separators[0] : undefined;
  if (single !== undefined && /^\d{1,3}[.,]\d{3}$/.test(text)) {
    return single === separatorsOf(locale).group ? parseAmount(text.replace(single, ''), currency) : null;
  }
  return parseAmount(text, currency);
}

export type AmountProblem =
  | { key: 'validation:amountRequired' }
  | { key: 'validation:amount' }
  | { key: 'validation:amountPositive' }
  | { key: 'validation:amountMin'; minMinor: number }
  | { key: 'validation:amountMax'; maxMinor: number };

export type AmountCheck = { ok: true; amountMinor: number } | { ok: false; problem: AmountProblem };

export interface AmountBounds {
  minMinor?: number;
  maxMinor?: number;
}

/** The amount typed, or why it cannot be sent: empty, unreadable, zero, under or over the bounds. */
export function checkAmount(
  input: string,
  currency: Currency,
  locale: string,
  { minMinor = 1, maxMinor = MAX_AMOUNT_MINOR }: AmountBounds = {},
): AmountCheck {
  if (input.trim() === '') return { ok: false, problem: { key: 'validation:amountRequired' } };
  const amountMinor = parseAmountInput(input, currency, locale);
  if (amountMinor === null) return { ok: false, problem: { key: 'validation:amount' } };
  if (amountMinor === 0) return { ok: false, problem: { key: 'validation:amountPositive' } };
  if (amountMinor < minMinor) return { ok: false, problem: { key: 'validation:amountMin', minMinor } };
  if (amountMinor > maxMinor) return { ok: false, problem: { key: 'validation:amountMax', maxMinor } };
  return { ok: true, amountMinor };
}
