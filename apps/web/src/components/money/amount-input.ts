import { CURRENCY_DECIMALS, type Currency } from '@ztart/shared/money';
import { separatorsOf } from '@/components/money/parse-amount-input';

/**
 * Minor units as a person would type them back into the amount field: the language's decimal
 * mark, no grouping ("1234,50" in Spanish), so the field reads back to the same amount.
 * Digits only, no float on the way.
 */
export function formatAmountForInput(amountMinor: number, currency: Currency, locale: string): string {
  const decimals = CURRENCY_DECIMALS[currency];
  const digits = String(amountMinor).padStart(decimals + 1, '0');
  if (decimals === 0) return digits;
  return `${digits.slice(0, -decimals)}${separatorsOf(locale).decimal}${digits.slice(-decimals)}`;
}
