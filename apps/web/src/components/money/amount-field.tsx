import type { Currency } from '@ztart/shared/money';
import { type InputHTMLAttributes, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/components/money/money';
import { type AmountProblem, parseAmountInput, separatorsOf } from '@/components/money/parse-amount-input';
import { Field, INPUT_CLASS } from '@/components/ui/field';
import { cn } from '@/lib/cn';

/** Translates why an amount cannot be used, with the bound written as money in the person's language. */
export function useAmountProblemMessage(): (problem: AmountProblem, currency: Currency) => string {
  const { t } = useTranslation('validation');
  const format = useFormatMoney();
  return useCallback(
    (problem, currency) => {
      switch (problem.key) {
        case 'validation:amountMin':
          return t('amountMin', { min: format(problem.minMinor, currency) });
        case 'validation:amountMax':
          return t('amountMax', { max: format(problem.maxMinor, currency) });
        case 'validation:amountRequired':
          return t('amountRequired');
        case 'validation:amountPositive':
          return t('amountPositive');
        default:
          return t('amount');
      }
    },
    [t, format],
  );
}

export interface AmountFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'type'> {
  label: string;
  currency: Currency;
  value: string;
  onValueChange: (value: string) => void;
  /** Already translated. */
  error?: string | undefined;
  hint?: string;
  id?: string;
}

/**
 * An amount as people type it: the phone's decimal keypad, the placeholder and the reading of
 * "1.234" in the person's language, the currency beside it. Under it, once it reads as an amount,
 * the amount as it will be sent ("= US$1,234.00"), so a misplaced separator shows before it costs.
 */
export function AmountField({
  label,
  currency,
  value,
  onValueChange,
  error,
  hint,
  id,
  className,
  ...input
}: AmountFieldProps) {
  const { i18n } = useTranslation();
  const format = useFormatMoney();
  const locale = i18n.language;
  const parsed = value.trim() === '' ? null : parseAmountInput(value, currency, locale);
  const placeholder = `0${separatorsOf(locale).decimal}00`;
  return (
    <Field
      label={
        <>
          {label} <span className="sr-only">({currency})</span>
        </>
      }
      hint={hint}
      error={error}
      id={id}
      status={
        parsed !== null && !error ? (
          <p aria-live="polite" className="text-muted-foreground tabular-nums">
            = {format(parsed, currency)}
          </p>
        ) : undefined
      }
    >
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={placeholder}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            className={cn(INPUT_CLASS, 'pr-14 text-lg tabular-nums', className)}
            {...input}
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm font-medium text-muted-foreground"
          >
            {currency}
          </span>
        </div>
      )}
    </Field>
  );
}
