import { MICRO_UNITS_PER_UNIT } from '@ztart/shared/market';
import { separatorsOf } from '@/components/money/parse-amount-input';

const DIGITS = String(MICRO_UNITS_PER_UNIT).length - 1;

/**
 * A quantity of whole micro-units written as units in the person's language ("0.405023",
 * "1.234,5"), from the digits themselves: no float ever holds it. Trailing zeros go; at least one
 * decimal stays, so that a fractional quantity reads as one.
 */
export function formatQuantity(quantityMicro: number, locale: string): string {
  const digits = String(Math.abs(quantityMicro)).padStart(DIGITS + 1, '0');
  const whole = digits.slice(0, -DIGITS);
  const fraction = digits.slice(-DIGITS).replace(/0+$/, '') || '0';
  const { decimal, group } = separatorsOf(locale);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${quantityMicro < 0 ? '−' : ''}${grouped}${decimal}${fraction}`;
}
