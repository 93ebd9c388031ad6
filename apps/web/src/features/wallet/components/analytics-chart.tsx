import type { WalletAnalyticsResponse } from '@ztart/shared/contracts/wallet';
import type { Currency } from '@ztart/shared/money';
import { ChartColumn } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencySelect } from '@/components/money/currency-select';
import { useFormatMoney } from '@/components/money/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useWalletAnalytics } from '@/features/wallet/api/get-wallet-analytics';
import { useErrorMessage } from '@/hooks/use-error-message';

export const ANALYTICS_DAYS = 30;

const CHART_HEIGHT = 96;

/**
 * Income against expense per day for the last 30 days: paired bars in plain SVG. The chart is
 * decorative for screen readers; the sentence under the heading says what it shows.
 */
export function AnalyticsCard({
  currency,
  currencies,
  onCurrencyChange,
}: {
  currency: Currency;
  currencies: readonly Currency[];
  onCurrencyChange: (currency: Currency) => void;
}) {
  const { t } = useTranslation('wallet');
  const analytics = useWalletAnalytics(currency, ANALYTICS_DAYS);
  const errorMessage = useErrorMessage();
  const format = useFormatMoney();
  const titleId = useId();

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle id={titleId} className="flex items-center gap-2">
            <ChartColumn aria-hidden="true" className="size-4 text-muted-foreground" />
            {t('analytics.title')}
          </CardTitle>
          <CardDescription>{t('analytics.description', { count: ANALYTICS_DAYS })}</CardDescription>
        </div>
        {currencies.length > 1 ? (
          <CurrencySelect
            label={t('analytics.currency')}
            value={currency}
            currencies={currencies}
            onValueChange={onCurrencyChange}
            className="w-full sm:w-60"
          />
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {analytics.isPending ? <Skeleton className="h-32 w-full" /> : null}
        {analytics.isError ? <FormAlert>{errorMessage(analytics.error)}</FormAlert> : null}
        {analytics.isSuccess ? (
          <>
            <p className="text-sm">
              {t('analytics.summary', {
                count: ANALYTICS_DAYS,
                income: format(analytics.data.incomeMinor, currency),
                expense: format(analytics.data.expenseMinor, currency),
              })}
            </p>
            {analytics.data.incomeMinor === 0 && analytics.data.expenseMinor === 0 ? null : (
              <>
                <IncomeExpenseBars data={analytics.data} />
                <div aria-hidden="true" className="flex flex-wrap gap-4 text-xs text-muted-foreground">
                  <span className="flex items-center gap-1.5">
                    <span className="size-2.5 rounded-sm bg-brand" />
                    {t('analytics.income')}
                  </span>
                  <span className="flex items-center gap-1.5">
                    <span className="size-2.5 rounded-sm bg-muted-foreground/50" />
                    {t('analytics.expense')}
                  </span>
                </div>
              </>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Two bars per day on one scale: the largest day fills the height. Heights are ratios, never money. */
export function IncomeExpenseBars({ data }: { data: WalletAnalyticsResponse }) {
  const largest = Math.max(1, ...data.days.flatMap((day) => [day.incomeMinor, day.expenseMinor]));
  const slot = 10;
  const width = data.days.length * slot;
  const heightOf = (minor: number) => (minor === 0 ? 0 : Math.max(2, (minor / largest) * CHART_HEIGHT));
  return (
    <svg
      aria-hidden="true"
      data-testid="analytics-bars"
      viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
      preserveAspectRatio="none"
      className="h-28 w-full"
    >
      <line x1={0} x2={width} y1={CHART_HEIGHT - 0.5} y2={CHART_HEIGHT - 0.5} className="stroke-border" />
      {data.days.map((day, index) => {
        const income = heightOf(day.incomeMinor);
        const expense = heightOf(day.expenseMinor);
        return (
          <g key={day.date}>
            <rect
              x={index * slot + 1}
              y={CHART_HEIGHT - income}
              width={4}
              height={income}
              rx={1}
              className="fill-brand"
            />
            <rect
              x={index * slot + 5}
              y={CHART_HEIGHT - expense}
              width={4}
              height={expense}
              rx={1}
              className="fill-muted-foreground/50"
            />
          </g>
        );
      })}
    </svg>
  );
}
