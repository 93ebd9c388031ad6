import { describe, expect, it } from 'vitest';
import { formatMoney, parseAmount } from './money.ts';

describe('parseAmount', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12,50', 1250],
    ['0.01', 1],
    ['.5', 50],
    ['1,234.56', 123456],
    ['1.234,56', 123456],
    ['1,234,567.8', 123456780],
    ['1 234,5', 123450],
    ['1.234.567', 123456700],
  ])('reads %s as %i minor units', (input, expected) => {
    expect(parseAmount(input, 'USD')).toBe(expected);
  });

  it.each([
    '',
    'abc',
    '-5',
    '1e3',
    '12.345',
    '1,234',
    '1,23,4',
    '1..2',
    '12.5.6,7',
    ',123,456',
    '99999999999999999',
  ])('refuses %s', (input) => {
    expect(parseAmount(input, 'USD')).toBeNull();
  });
});

describe('formatMoney', () => {
  it('formats minor units in the given locale without float drift', () => {
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoney(10, 'EUR', 'fr-FR')).toMatch(/^0,10\s€$/u);
    expect(formatMoney(199999, 'BRL', 'pt-BR')).toMatch(/^R\$\s1\.999,99$/u);
  });

  it('keeps each language and currency apart when formatting many amounts', () => {
    const amounts = [1, 250, 123456];
    for (const amount of amounts) {
      expect(formatMoney(amount, 'USD', 'en-US')).toBe(
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount / 100),
      );
      expect(formatMoney(amount, 'EUR', 'en-US')).toBe(
        new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(amount / 100),
      );
      expect(formatMoney(amount, 'USD', 'es')).toBe(
        new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(amount / 100),
      );
    }
  });
});
