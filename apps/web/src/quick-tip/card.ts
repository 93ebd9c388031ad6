import {
  CARD_BRAND_NAMES,
  type CardBrand,
  cvcLengthFor,
  detectCardBrand,
  formatExpiryInput,
  isCardExpired,
  isValidCardNumber,
  isValidCvc,
  normalizeCardNumber,
  parseExpiry,
} from '@ztart/shared/cards';
import type { Problem } from './problems.ts';

export { CARD_BRAND_NAMES, formatExpiryInput, parseExpiry };

/** The card as typed: the number with its spaces, the expiry as "MM/YY". */
export interface CardDraft {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const EMPTY_CARD: CardDraft = { number: '', expiry: '', cvc: '', name: '' };

export type CardField = keyof CardDraft;

export function brandOf(number: string): CardBrand | null {
  return detectCardBrand(normalizeCardNumber(number));
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
