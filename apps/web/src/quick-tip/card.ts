import {
  type CardBrand,
  cvcLengthFor,
  detectCardBrand,
  isCardExpired,
  isValidCardNumber,
  isValidCvc,
  normalizeCardNumber,
} from '@ztart/shared/cards';
import type { Problem } from './problems.ts';

/** The card as typed: the number with its spaces, the expiry as "MM/YY". */
export interface CardDraft {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const EMPTY_CARD: CardDraft = { number: '', expiry: '', cvc: '', name: '' };

export type CardField = keyof CardDraft;

/** Card networks' own names: the same in every language. */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function brandOf(number: string): CardBrand | null {
  return detectCardBrand(normalizeCardNumber(number));
}

/** Keeps the expiry as "MM/YY" while it is typed: digits only, the slash after the month. */
export function formatExpiryInput(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, or the slash would come straight back.
  if (previous.endsWith('/') && input.length < previous.length) return digits.slice(0, 1);
  if (digits.length > 2 || (digits.length === 2 && input.length > previous.length)) {
    return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  }
  return digits;
}

/** "08/29" (or "08/2029") → August 2029; null when it is not a month and a year. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const expMonth = Number.parseInt(match[1] ?? '', 10);
  const year = Number.parseInt(match[2] ?? '', 10);
  const expYear = year < 100 ? 2000 + year : year;
  return expMonth >= 1 && expMonth <= 12 ? { expMonth, expYear } : null;
}

/**
 * The checks that need no network, as the card processor makes them: a number a network could
 * have issued, a month not yet past, a security code of the brand's length, a name.
 */
export function checkCardField(field: CardField, card: CardDraft, now: Date): Problem | undefined {
  const value = card[field].trim();
  switch (field) {
    case 'number':
      if (value === '') return { key: 'card.numberRequired' };
      return isValidCardNumber(value) ? undefined : { key: 'card.numberInvalid' };
    case 'expiry': {
      const expiry = parseExpiry(value);
      if (!expiry) return { key: 'card.expiryInvalid' };
      return isCardExpired(expiry.expMonth, expiry.expYear, now) ? { key: 'card.expired' } : undefined;
    }
    case 'cvc': {
      const brand = brandOf(card.number);
      return isValidCvc(value, brand)
        ? undefined
        : { key: 'card.cvcInvalid', vars: { length: cvcLengthFor(brand) } };
    }
    case 'name':
      return value === '' ? { key: 'card.nameRequired' } : undefined;
  }
}

export function checkCard(card: CardDraft, now: Date): Partial<Record<CardField, Problem>> {
  const problems: Partial<Record<CardField, Problem>> = {};
  for (const field of ['number', 'expiry', 'cvc', 'name'] as const) {
    const problem = checkCardField(field, card, now);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The card of the request body (only called on a card that passed checkCard). */
export function cardRequestOf(card: CardDraft) {
  const expiry = parseExpiry(card.expiry) ?? { expMonth: 0, expYear: 0 };
  return {
    number: normalizeCardNumber(card.number),
    expMonth: expiry.expMonth,
    expYear: expiry.expYear,
    cvc: card.cvc.trim(),
    cardholderName: card.name.trim(),
  };
}
