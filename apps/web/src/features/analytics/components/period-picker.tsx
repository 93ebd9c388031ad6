import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_PRESETS,
  type AnalyticsPreset,
  daysInPeriod,
  presetPeriod,
} from '@ztart/shared/contracts/analytics';
import type { Currency } from '@ztart/shared/money';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencySelect } from '@/components/money/currency-select';
import { Button } from '@/components/ui/button';
import { Field, INPUT_CLASS } from '@/components/ui/field';
import type { AnalyticsSelection } from '@/features/analytics/period';
import { cn } from '@/lib/cn';

/** Keys of the validation catalogue, the ones the server's schema names. */
type CustomError = 'periodIncomplete' | 'periodOrder' | 'periodTooLong';

/** Why custom dates cannot be shown, as the server would say it; null when they can. */
function customErrorOf(from: string, to: string): CustomError | null {
  if (!from || !to) return 'periodIncomplete';
  if (from > to) return 'periodOrder';
  if (daysInPeriod(from, to) > ANALYTICS_MAX_DAYS) return 'periodTooLong';
  return null;
}

/**
 * The period (a radio group of presets: arrow keys move between them; "custom" opens two dates)
 * and the currency, when the person has more than one.
 */
export function PeriodPicker({
  selection,
  today,
  currency,
  currencies,
  onChange,
}: {
  selection: AnalyticsSelection;
  today: string;
  currency: Currency;
  currencies: readonly Currency[];
  onChange: (selection: AnalyticsSelection) => void;
}) {
  const { t } = useTranslation(['analytics', 'validation']);
  const name = useId();
  const [customOpen, setCustomOpen] = useState(selection.preset === 'custom');
  const [from, setFrom] = useState(selection.from);
  const [to, setTo] = useState(selection.to);
  const [error, setError] = useState<CustomError | null>(null);
  // A period chosen elsewhere (Back, a link) resets the custom form; the radios keep their focus.
  useEffect(() => {
    setCustomOpen(selection.preset === 'custom');
    setFrom(selection.from);
    setTo(selection.to);
  }, [selection.preset, selection.from, selection.to]);
  const checked: AnalyticsPreset = customOpen ? 'custom' : selection.preset;

  function choose(preset: AnalyticsPreset) {
    if (preset === 'custom') {
      setCustomOpen(true);
      setFrom(selection.from);
      setTo(selection.to);
      return;
    }
    setCustomOpen(false);
    setError(null);
    onChange({ ...selection, preset, ...presetPeriod(preset, today) });
  }

  function applyCustom(event: FormEvent) {
    event.preventDefault();
    const problem = customErrorOf(from, to);
    setError(problem);
    if (!problem) onChange({ ...selection, preset: 'custom', from, to });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <fieldset className="min-w-0">
          <legend className="mb-1.5 text-sm font-medium">{t('analytics:filters.period')}</legend>
          <div className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
            {ANALYTICS_PRESETS.map((preset) => (
              <label
                key={preset}
                className={cn(
                  'relative inline-flex min-h-11 cursor-pointer items-center rounded-md px-3 text-sm font-medium text-muted-foreground',
                  'has-checked:bg-card has-checked:text-foreground has-checked:shadow-xs',
                  'has-focus-visible:outline-2 has-focus-visible:outline-ring',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={preset}
                  checked={checked === preset}
                  onChange={() => choose(preset)}
                  className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                />
                {t(`analytics:filters.presets.${preset}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {currencies.length > 1 ? (
          <CurrencySelect
            label={t('analytics:filters.currency')}
            value={currency}
            currencies={currencies}
            onValueChange={(next) => onChange({ ...selection, currency: next })}
            className="w-full sm:w-60"
          />
        ) : null}
      </div>
      {customOpen ? (
        <form onSubmit={applyCustom} noValidate className="flex flex-wrap items-start gap-3">
          <Field label={t('analytics:filters.from')} className="w-full sm:w-44">
            {(control) => (
              <input
                {...control}
                type="date"
                value={from}
                max={to || undefined}
                onChange={(event) => setFrom(event.target.value)}
                className={INPUT_CLASS}
              />
            )}
          </Field>
          <Field
            label={t('analytics:filters.to')}
            error={error ? t(`validation:${error}`) : undefined}
            className="w-full sm:w-44"
          >
            {(control) => (
              <input
                {...control}
                type="date"
                value={to}
                min={from || undefined}
                onChange={(event) => setTo(event.target.value)}
                className={INPUT_CLASS}
              />
            )}
          </Field>
          <Button type="submit" variant="outline" className="w-full sm:mt-7 sm:w-auto">
            {t('analytics:filters.apply')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
