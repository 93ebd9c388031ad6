import { type Currency, formatMoney } from '@ztart/shared/money';
import { Clock } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** Formats minor units in the language the app shows (the same amount reads "1.234,56 €" in es). */
export function useFormatMoney(): (amountMinor: number, currency: Currency) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (amountMinor: number, currency: Currency) => formatMoney(amountMinor, currency, locale),
    [locale],
  );
}

export interface MoneyProps {
  amountMinor: number;
  currency: Currency;
  /**
   * Income shows "+" in green, expense "−" in the ordinary text colour (a normal payment is
   * never red); `none` shows the amount alone.
   */
  direction?: 'income' | 'expense' | 'none';
  /** Pending money: a clock beside it, and the word for screen readers and the tooltip. */
  pendingLabel?: string;
  className?: string;
}

/** An amount of money, formatted at the edge from its integer minor units. */
export function Money({ amountMinor, currency, direction = 'none', pendingLabel, className }: MoneyProps) {
  const format = useFormatMoney();
  const sign = direction === 'income' ? '+' : direction === 'expense' ? '−' : '';
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 tabular-nums',
        direction === 'income' && 'text-brand-soft-foreground dark:text-brand',
        className,
      )}
    >
      {sign}
      {format(amountMinor, currency)}
      {pendingLabel ? (
        <span title={pendingLabel} className="inline-flex text-muted-foreground">
          <Clock aria-hidden="true" className="size-[0.8em]" />
          <span className="sr-only">{pendingLabel}</span>
        </span>
      ) : null}
    </span>
  );
}
