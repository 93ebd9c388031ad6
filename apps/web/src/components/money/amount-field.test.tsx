import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@ztart/shared/languages';
import type { Currency } from '@ztart/shared/money';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountField } from '@/components/money/amount-field';
import { Money } from '@/components/money/money';
import { checkAmount, parseAmountInput } from '@/components/money/parse-amount-input';
import { renderWithProviders } from '@/test/render';

describe('parseAmountInput: what people type, read in their language', () => {
  const cases: [locale: string, input: string, expected: number | null][] = [
    ['en', '12', 1200],
    ['en', '12.5', 1250],
    ['en', '1,234.56', 123456],
    ['en', '1,234', 123400],
    // An English reader does not write three decimals: "1.234" is refused rather than guessed.
    ['en', '1.234', null],
    ['es', '1.234', 123400],
    ['es', '1.234,56', 123456],
    ['es', '12,5', 1250],
    ['es', '1,234', null],
    ['pt', '1.234,5', 123450],
    ['fr', '1 234,56', 123456],
    ['fr', '1\u202f234,56', 123456],
    ['fr', '0,99', 99],
    ['en', '12.345.678', 1234567800],
    ['en', '-5', null],
    ['en', '5e3', null],
    ['en', '1.999', null],
    ['en', '0.001', null],
  ];
  for (const [locale, input, expected] of cases) {
    it(`${locale}: "${input}" → ${expected}`, () => {
      expect(parseAmountInput(input, 'USD', locale)).toBe(expected);
    });
  }

  it('gives integer minor units, never a float', () => {
    const minor = parseAmountInput('0.29', 'EUR', 'en');
    expect(minor).toBe(29);
    expect(Number.isInteger(minor)).toBe(true);
  });
});

describe('checkAmount', () => {
  it('says why an amount cannot be sent: empty, unreadable, zero, under or over the bounds', () => {
    const check = (input: string) => checkAmount(input, 'USD', 'en', { minMinor: 100, maxMinor: 1_000_000 });
    expect(check('')).toEqual({ ok: false, problem: { key: 'validation:amountRequired' } });
    expect(check('abc')).toEqual({ ok: false, problem: { key: 'validation:amount' } });
    expect(check('0')).toEqual({ ok: false, problem: { key: 'validation:amountPositive' } });
    expect(check('0.50')).toEqual({ ok: false, problem: { key: 'validation:amountMin', minMinor: 100 } });
    expect(check('10,000.01')).toEqual({
      ok: false,
      problem: { key: 'validation:amountMax', maxMinor: 1_000_000 },
    });
    expect(check('10,000')).toEqual({ ok: true, amountMinor: 1_000_000 });
  });
});

function Controlled({ currency = 'USD' as Currency }: { currency?: Currency }) {
  const [value, setValue] = useState('');
  return <AmountField label="Amount" currency={currency} value={value} onValueChange={setValue} />;
}

describe('AmountField', () => {
  const shown = (language: Language) => {
    renderWithProviders(<Controlled currency="EUR" />, { language });
    return screen.getByRole('textbox', { name: /Amount|Importe|Montant|Valor/ });
  };

  it('opens the decimal keypad and shows the amount it read, formatted in the language', async () => {
    const input = shown('es');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('placeholder', '0,00');
    await userEvent.type(input, '1.234,5');
    expect(screen.getByText(/1234,50\s€|1\.234,50\s€/)).toBeInTheDocument();
  });

  it('in English, the same keys read differently', async () => {
    const input = shown('en');
    expect(input).toHaveAttribute('placeholder', '0.00');
    await userEvent.type(input, '1,234');
    expect(screen.getByText('= €1,234.00')).toBeInTheDocument();
  });

  it('shows nothing for text that is not an amount', async () => {
    const input = shown('en');
    await userEvent.type(input, '12..5');
    expect(screen.queryByText(/^=/)).not.toBeInTheDocument();
  });
});

describe('Money', () => {
  it('formats minor units in the current language, with a sign for income and expense', () => {
    renderWithProviders(
      <>
        <Money amountMinor={123456} currency="USD" direction="income" />
        <Money amountMinor={1850} currency="EUR" direction="expense" />
      </>,
      { language: 'en' },
    );
    expect(screen.getByText('+$1,234.56')).toBeInTheDocument();
    expect(screen.getByText('−€18.50')).toBeInTheDocument();
  });
});
