import type { Analytics } from '@ztart/shared/contracts/analytics';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/components/money/money';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** The period's four figures: money in, money out, the balance of the two, and tips received. */
export function AnalyticsTotals({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation('analytics');
  const format = useFormatMoney();
  const { totals, currency } = analytics;
  const figures = [
    { key: 'income', label: t('totals.income'), value: format(totals.incomeMinor, currency), income: true },
    { key: 'expense', label: t('totals.expense'), value: format(totals.expenseMinor, currency) },
    { key: 'net', label: t('totals.net'), value: format(totals.netMinor, currency) },
    {
      key: 'tips',
      label: t('totals.tips'),
      value: format(totals.tipsMinor, currency),
      note: t('totals.tipsCount', { count: totals.tipsCount }),
    },
  ];
  return (
    <dl aria-label={t('totals.label')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map((figure) => (
        <div
          key={figure.key}
          data-testid={`analytics-total-${figure.key}`}
          className="flex min-w-0 flex-col gap-1 rounded-xl border bg-card p-4 shadow-xs"
        >
          <dt className="text-sm text-muted-foreground">{figure.label}</dt>
          <dd
            className={cn(
              'truncate text-xl font-semibold tabular-nums sm:text-2xl',
              figure.income && 'text-brand-soft-foreground dark:text-brand',
            )}
          >
            {figure.value}
          </dd>
          {figure.note ? <dd className="text-sm text-muted-foreground">{figure.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** The screen while its figures load: the same blocks, the same sizes. */
export function AnalyticsSkeleton() {
  const { t } = useTranslation('analytics');
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {['income', 'expense', 'net', 'tips'].map((key) => (
          <Skeleton key={key} className="h-[5.5rem] rounded-xl sm:h-24" />
        ))}
      </div>
      <Skeleton className="h-[22rem] rounded-xl" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    </div>
  );
}
