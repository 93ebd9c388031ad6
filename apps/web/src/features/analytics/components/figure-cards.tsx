import type { Analytics } from '@ztart/shared/contracts/analytics';
import { useTranslation } from 'react-i18next';
import { BarChart, LegendSwatch } from '@/components/charts/bar-chart';
import { ChartCard, FiguresTable } from '@/components/charts/chart-card';
import { axisLabel, compactMoney, periodName, stepName } from '@/components/charts/format';
import { useFormatMoney } from '@/components/money/money';
import { useCategoryName } from '@/components/transactions/categories';

const INCOME = { key: 'income', color: 'var(--chart-income)' };
const EXPENSE = { key: 'expense', color: 'var(--chart-expense)', striped: true };
const TIPS = { key: 'tips', color: 'var(--chart-tips)' };

/** Income against expenses per step: two bars each, money out striped. */
export function SeriesCard({ analytics }: { analytics: Analytics }) {
  const { t, i18n } = useTranslation('analytics');
  const format = useFormatMoney();
  const { currency, period, totals } = analytics;
  const money = (minor: number) => format(minor, currency);
  const busiest = analytics.series.reduce<Analytics['series'][number] | null>(
    (best, step) => (step.expenseMinor > (best?.expenseMinor ?? 0) ? step : best),
    null,
  );
  const summary = [
    t('series.summary', {
      from: periodName(period.from, period.from, i18n.language),
      to: periodName(period.to, period.to, i18n.language),
      income: money(totals.incomeMinor),
      expense: money(totals.expenseMinor),
      net: money(totals.netMinor),
    }),
    busiest && analytics.series.length > 1
      ? t('series.peak', {
          step: stepName(busiest, period.bucket, i18n.language),
          amount: money(busiest.expenseMinor),
        })
      : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <ChartCard
      testId="analytics-series"
      title={t('series.title')}
      summary={summary}
      chart={(summaryId) => (
        <div className="flex flex-col gap-3">
          <BarChart
            testId="analytics-series-chart"
            title={t('series.title')}
            labelledBy={summaryId}
            series={[INCOME, EXPENSE]}
            steps={analytics.series.map((step) => ({
              key: step.start,
              axisLabel: axisLabel(step, period.bucket, i18n.language),
              values: [step.incomeMinor, step.expenseMinor],
            }))}
            formatTick={(minor) => compactMoney(minor, currency, i18n.language)}
          />
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <li className="flex items-center gap-1.5">
              <LegendSwatch color={INCOME.color} />
              {t('series.income')}
            </li>
            <li className="flex items-center gap-1.5">
              <LegendSwatch color={EXPENSE.color} striped />
              {t('series.expense')}
              <span className="sr-only">{t('series.legend')}</span>
            </li>
          </ul>
        </div>
      )}
      table={
        <FiguresTable
          caption={t('series.title')}
          columns={[
            { label: t('series.step') },
            { label: t('series.income'), numeric: true },
            { label: t('series.expense'), numeric: true },
            { label: t('series.net'), numeric: true },
          ]}
          rows={analytics.series.map((step) => ({
            key: step.start,
            cells: [
              stepName(step, period.bucket, i18n.language),
              money(step.incomeMinor),
              money(step.expenseMinor),
              money(step.incomeMinor - step.expenseMinor),
            ],
          }))}
        />
      }
    />
  );
}

/** Spending per category, largest first: each a labelled bar, its share and its payments. */
export function CategoriesCard({ analytics }: { analytics: Analytics }) {
  const { t, i18n } = useTranslation('analytics');
  const format = useFormatMoney();
  const { currency, totals } = analytics;
  const money = (minor: number) => format(minor, currency);
  const categoryName = useCategoryName();
  const nameOf = (item: Analytics['byCategory'][number]) =>
    item.categoryId
      ? categoryName({ id: item.categoryId, key: item.key, name: item.name, color: item.color ?? '' })
      : t('categories.uncategorized');
  const share = (minor: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(
      totals.expenseMinor === 0 ? 0 : minor / totals.expenseMinor,
    );
  const largest = analytics.byCategory[0];
  const summary = largest
    ? t('categories.summary', {
        category: nameOf(largest),
        amount: money(largest.amountMinor),
        total: money(totals.expenseMinor),
        percent: share(largest.amountMinor),
      })
    : t('categories.none');

  return (
    <ChartCard
      testId="analytics-categories"
      title={t('categories.title')}
      summary={summary}
      chart={
        largest
          ? (summaryId) => (
              <ul aria-labelledby={summaryId} className="flex flex-col gap-3">
                {analytics.byCategory.map((item) => (
                  <li key={item.categoryId ?? 'none'} className="flex flex-col gap-1">
                    <div className="flex items-baseline justify-between gap-3 text-sm">
                      <span className="min-w-0 truncate font-medium">{nameOf(item)}</span>
                      <span className="shrink-0 tabular-nums">
                        {money(item.amountMinor)}{' '}
                        <span className="text-muted-foreground">· {share(item.amountMinor)}</span>
                      </span>
                    </div>
                    <ShareBar
                      fraction={largest.amountMinor === 0 ? 0 : item.amountMinor / largest.amountMinor}
                      color={item.color ?? 'var(--chart-expense)'}
                    />
                  </li>
                ))}
              </ul>
            )
          : null
      }
      table={
        largest ? (
          <FiguresTable
            caption={t('categories.title')}
            columns={[
              { label: t('categories.category') },
              { label: t('categories.amount'), numeric: true },
              { label: t('categories.share'), numeric: true },
              { label: t('categories.count'), numeric: true },
            ]}
            rows={analytics.byCategory.map((item) => ({
              key: item.categoryId ?? 'none',
              cells: [nameOf(item), money(item.amountMinor), share(item.amountMinor), item.count],
            }))}
          />
        ) : (
          <p className="text-sm text-muted-foreground">{t('categories.none')}</p>
        )
      }
    />
  );
}

/** A bar of a category's spending against the largest one; the figures beside it say it in words. */
function ShareBar({ fraction, color }: { fraction: number; color: string }) {
  return (
    <svg aria-hidden="true" width="100%" height={10} className="block">
      <rect width="100%" height={10} rx={5} fill="var(--muted)" />
      <rect width={`${Math.max(fraction * 100, 1.5)}%`} height={10} rx={5} fill={color} />
    </svg>
  );
}

/** Tips received per step. */
export function TipsCard({ analytics }: { analytics: Analytics }) {
  const { t, i18n } = useTranslation('analytics');
  const format = useFormatMoney();
  const { currency, period, totals } = analytics;
  const money = (minor: number) => format(minor, currency);
  const best = analytics.tips.reduce<Analytics['tips'][number] | null>(
    (top, step) => (step.amountMinor > (top?.amountMinor ?? 0) ? step : top),
    null,
  );
  const summary =
    totals.tipsCount === 0
      ? t('tips.none')
      : [
          t('tips.summary', { count: totals.tipsCount, amount: money(totals.tipsMinor) }),
          best && analytics.tips.length > 1
            ? t('tips.peak', {
                bucket: t(`tips.buckets.${period.bucket}`),
                step: stepName(best, period.bucket, i18n.language),
                amount: money(best.amountMinor),
              })
            : null,
        ]
          .filter(Boolean)
          .join(' ');

  return (
    <ChartCard
      testId="analytics-tips"
      title={t('tips.title')}
      summary={summary}
      chart={
        totals.tipsCount === 0
          ? null
          : (summaryId) => (
              <BarChart
                testId="analytics-tips-chart"
                title={t('tips.title')}
                labelledBy={summaryId}
                series={[TIPS]}
                steps={analytics.tips.map((step) => ({
                  key: step.start,
                  axisLabel: axisLabel(step, period.bucket, i18n.language),
                  values: [step.amountMinor],
                }))}
                formatTick={(minor) => compactMoney(minor, currency, i18n.language)}
              />
            )
      }
      table={
        totals.tipsCount === 0 ? (
          <p className="text-sm text-muted-foreground">{t('tips.none')}</p>
        ) : (
          <FiguresTable
            caption={t('tips.title')}
            columns={[
              { label: t('tips.step') },
              { label: t('tips.amount'), numeric: true },
              { label: t('tips.count'), numeric: true },
            ]}
            rows={analytics.tips.map((step) => ({
              key: step.start,
              cells: [stepName(step, period.bucket, i18n.language), money(step.amountMinor), step.count],
            }))}
          />
        )
      }
    />
  );
}
