import { TIP_TOTAL_PERIODS, type TipTotal, type TipTotalPeriod } from '@ztart/shared/contracts/qr-codes';
import { formatMoney } from '@ztart/shared/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TipDirection } from '@/features/tips/api/tip-keys';
import { cn } from '@/lib/cn';

/**
 * The totals of one period, a block per currency: completed in big, pending beside it, the
 * number of tips. The period is a radio group: arrow keys move between the periods.
 */
export function TipTotals({
  totals,
  direction,
  period,
  onPeriod,
}: {
  totals: readonly TipTotal[];
  direction: TipDirection;
  period: TipTotalPeriod;
  onPeriod: (period: TipTotalPeriod) => void;
}) {
  const { t, i18n } = useTranslation('tips');
  const legendId = useId();
  const shown = totals.filter((total) => total.period === period && total.count > 0);
  return (
    <section data-testid="tip-totals" aria-labelledby={legendId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={legendId} className="text-base font-semibold">
          {t('totals.title')}
        </h2>
        <fieldset className="flex rounded-lg bg-muted p-1">
          <legend className="sr-only">{t('totals.periodLabel')}</legend>
          {TIP_TOTAL_PERIODS.map((option) => (
            <label
              key={option}
              className={cn(
                'relative inline-flex min-h-11 cursor-pointer items-center rounded-md px-2.5 text-sm font-medium text-muted-foreground',
                'has-checked:bg-card has-checked:text-foreground has-checked:shadow-xs',
                'has-focus-visible:outline-2 has-focus-visible:outline-ring',
              )}
            >
              <input
                type="radio"
                name={`${legendId}-period`}
                value={option}
                checked={period === option}
                onChange={() => onPeriod(option)}
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              />
              {t(`totals.periods.${option}`)}
            </label>
          ))}
        </fieldset>
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('totals.none')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {shown.map((total) => (
            <li
              key={total.currency}
              data-testid={`tip-total-${total.currency}`}
              className="rounded-lg border p-3"
            >
              <p className="text-sm text-muted-foreground">
                {t(direction === 'received' ? 'totals.receivedCaption' : 'totals.sentCaption', {
                  currency: total.currency,
                })}
              </p>
              <p className="text-2xl font-semibold tabular-nums">
                {formatMoney(total.completedMinor, total.currency, i18n.language)}
              </p>
              <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
                {total.pendingMinor > 0 ? (
                  <span>
                    {t('totals.pending', {
                      amount: formatMoney(total.pendingMinor, total.currency, i18n.language),
                    })}
                  </span>
                ) : null}
                <span>{t('totals.count', { count: total.count })}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">{t('totals.note')}</p>
    </section>
  );
}
