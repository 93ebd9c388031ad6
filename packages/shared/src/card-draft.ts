import {
  type CardBrand,
  cvcLengthFor,
  detectCardBrand,
  isCardExpired,
  isValidCardNumber,
  isValidCvc,
  normalizeCardNumber,
  parseExpiry,
} from './cards.ts';

/**
 * A card as typed into a one-off payment form (a tip without an account, an invoice's pay page):
 * the number with its spaces, the expiry as "MM/YY".
 */
export interface CardDraft {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardDraft;

export const EMPTY_CARD: CardDraft = { number: '', expiry: '', cvc: '', name: '' };

/** A card problem as a message key of the forms' `card` group and its values. */
export interface CardProblem {
  key:
    | 'card.numberRequired'
    | 'card.numberInvalid'
    | 'card.expiryInvalid'
    | 'card.expired'
    | 'card.cvcInvalid'
    | 'card.nameRequired';
  vars?: { length: number };
}

export function brandOf(number: string): CardBrand | null {
  return detectCardBrand(normalizeCardNumber(number));
}

/**
 * The checks the card processor makes that need no network, one field at a time: a number a
 * network could have issued, a month not yet past, a security code of the brand's length, a name.
 */
export function checkCardField(field: CardField, card: CardDraft, now: Date): CardProblem | undefined {
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

export function checkCard(card: CardDraft, now: Date): Partial<Record<CardField, CardProblem>> {
  const problems: Partial<Record<CardField, CardProblem>> = {};
  for (const field of ['number', 'expiry', 'cvc', 'name'] as const) {
    const problem = checkCardField(field, card, now);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The card of a request body (only called on a card that passed checkCard). */
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
