export { CARD_BRAND_NAMES } from '@ztart/shared/cards';

/** "08/29": the month and year as printed on a card. */
export function formatExpiry(expMonth: number, expYear: number): string {
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}
