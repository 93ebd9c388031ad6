import { describe, expect, it } from 'vitest';
import {
  detectCardBrand,
  formatCardNumber,
  isCardExpired,
  isValidCardNumber,
  isValidCvc,
  isValidIban,
  isValidRoutingNumber,
} from './cards.ts';

describe('card checks', () => {
  it('knows the brands of the networks test numbers', () => {
    expect(detectCardBrand('4242 4242 4242 4242')).toBe('visa');
    expect(detectCardBrand('5555555555554444')).toBe('mastercard');
    expect(detectCardBrand('2223003122003222')).toBe('mastercard');
    expect(detectCardBrand('378282246310005')).toBe('amex');
    expect(detectCardBrand('6011111111111117')).toBe('discover');
    expect(detectCardBrand('3566002020360505')).toBe('jcb');
    expect(detectCardBrand('9999999999999999')).toBeNull();
  });

  it('accepts numbers with a right check digit and length only', () => {
    expect(isValidCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isValidCardNumber('4000000000000002')).toBe(true);
    expect(isValidCardNumber('378282246310005')).toBe(true);
    expect(isValidCardNumber('4242424242424241')).toBe(false);
    expect(isValidCardNumber('424242424242424')).toBe(false);
    expect(isValidCardNumber('4242-4242-4242-424x')).toBe(false);
  });

  it('asks four CVC digits of amex and three of the others', () => {
    expect(isValidCvc('1234', 'amex')).toBe(true);
    expect(isValidCvc('123', 'amex')).toBe(false);
    expect(isValidCvc('123', 'visa')).toBe(true);
    expect(isValidCvc('12a', 'visa')).toBe(false);
  });

  it('keeps a card valid through its expiry month', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isCardExpired(11, 2026, now)).toBe(false);
    expect(isCardExpired(10, 2026, now)).toBe(true);
    expect(isCardExpired(1, 2027, now)).toBe(false);
    expect(isCardExpired(12, 2025, now)).toBe(true);
  });

  it('groups digits as printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });
});

describe('bank checks', () => {
  it('checks IBAN length and mod-97 digits', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('FR1420041010050500013M02606')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130')).toBe(false);
  });

  it('checks ABA routing numbers', () => {
    expect(isValidRoutingNumber('110000000')).toBe(true);
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('12345')).toBe(false);
  });
});
