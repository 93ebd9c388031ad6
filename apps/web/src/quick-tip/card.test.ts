import { describe, expect, it } from 'vitest';
import { brandOf, type CardDraft, cardRequestOf, checkCard, formatExpiryInput, parseExpiry } from './card.ts';
import { NOW } from './test-data.ts';

const card = (overrides: Partial<CardDraft> = {}): CardDraft => ({
  number: '4242 4242 4242 4242',
  expiry: '06/26',
  cvc: '123',
  name: 'Ana Lima',
  ...overrides,
});

describe('the card as typed', () => {
  it('adds the slash of the expiry after the month, and removes it with the month’s digit', () => {
    expect(formatExpiryInput('1', '')).toBe('1');
    expect(formatExpiryInput('12', '1')).toBe('12/');
    expect(formatExpiryInput('12/3', '12/')).toBe('12/3');
    expect(formatExpiryInput('1230', '')).toBe('12/30');
    expect(formatExpiryInput('12', '12/')).toBe('1');
  });

  it('reads MM/YY and MM/YYYY, and refuses a month that does not exist', () => {
    expect(parseExpiry('08/29')).toEqual({ expMonth: 8, expYear: 2029 });
    expect(parseExpiry('8 / 2031')).toEqual({ expMonth: 8, expYear: 2031 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('00/29')).toBeNull();
    expect(parseExpiry('0829')).toBeNull();
  });

  it('recognises the brand from the first digits', () => {
    expect(brandOf('4242')).toBe('visa');
    expect(brandOf('5555 5555')).toBe('mastercard');
    expect(brandOf('3782 822463')).toBe('amex');
  });
});

describe('instant card checks', () => {
  it('pass a good card, valid through the last day of its expiry month', () => {
    expect(checkCard(card(), NOW)).toEqual({});
  });

  it('catch a mistyped number (Luhn), a past month, a short code and a missing name', () => {
    expect(
      checkCard(card({ number: '4242 4242 4242 4241', expiry: '05/26', cvc: '12', name: '' }), NOW),
    ).toEqual({
      number: { key: 'card.numberInvalid' },
      expiry: { key: 'card.expired' },
      cvc: { key: 'card.cvcInvalid', vars: { length: 3 } },
      name: { key: 'card.nameRequired' },
    });
  });

  it('ask American Express for its four-digit code', () => {
    const amex = card({ number: '3782 822463 10005', cvc: '123' });
    expect(checkCard(amex, NOW)).toEqual({ cvc: { key: 'card.cvcInvalid', vars: { length: 4 } } });
    expect(checkCard({ ...amex, cvc: '1234' }, NOW)).toEqual({});
  });

  it('say what is missing rather than what is wrong on an empty card', () => {
    const problems = checkCard({ number: '', expiry: '', cvc: '', name: '' }, NOW);
    expect(problems.number).toEqual({ key: 'card.numberRequired' });
    expect(problems.expiry).toEqual({ key: 'card.expiryInvalid' });
  });

  it('send the processor digits only and a four-digit year', () => {
    expect(cardRequestOf(card({ number: '4242-4242 4242 4242', expiry: '06/26', name: ' Ana ' }))).toEqual({
      number: '4242424242424242',
      expMonth: 6,
      expYear: 2026,
      cvc: '123',
      cardholderName: 'Ana',
    });
  });
});
