import type { DashboardResponse } from '@ztart/shared/contracts/dashboard';
import type { Currency } from '@ztart/shared/money';
import { ArrowDownLeft, ArrowUpRight, HandCoins } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '@/components/money/money';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { dateTimeFormat } from '@/lib/date-format';

const DAY_AND_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', timeZone: 'UTC' };

/** A local calendar day (`YYYY-MM-DD`) in words: "1 March". */
function useDayLabel(): (day: string) => string {
  const { i18n } = useTranslation();
  return (day) => dateTimeFormat(i18n.language, DAY_AND_MONTH).format(new Date(`${day}T00:00:00Z`));
}

/** This month's money in and out, per currency shown: income in green with "+", spending plain. */
export function MonthCard({
  dashboard,
  currencies,
}: {
  dashboard: DashboardResponse;
  currencies: Currency[];
}) {
  const { t } = useTranslation('dashboard');
  const dayLabel = useDayLabel();
  const titleId = useId();
  const totals = currencies.map(
    (currency) =>
      dashboard.month.totals.find((total) => total.currency === currency) ?? {
        currency,
        incomeMinor: 0,
        expenseMinor: 0,
      },
  );
  return (
    <Card role="region" aria-labelledby={titleId} data-testid="month-card">
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle id={titleId}>{t('month.title')}</CardTitle>
        <CardDescription>{t('month.period', { date: dayLabel(dashboard.month.firstDay) })}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {totals.map((total) => (
          <dl key={total.currency} className="grid grid-cols-2 gap-3">
            <div className="flex flex-col gap-0.5">
              <dt className="flex items-center gap-1 text-xs text-muted-foreground">
                <ArrowDownLeft aria-hidden="true" className="size-3.5" />
                {t('month.in')}
              </dt>
              <dd data-testid={`month-in-${total.currency}`} className="text-lg font-semibold">
                <Money
                  amountMinor={total.incomeMinor}
                  currency={total.currency}
                  direction={total.incomeMinor > 0 ? 'income' : 'none'}
                />
              </dd>
            </div>
            <div className="flex flex-col gap-0.5">
              <dt className="flex items-center gap-1 text-xs text-muted-foreground">
                <ArrowUpRight aria-hidden="true" className="size-3.5" />
                {t('month.out')}
              </dt>
              <dd data-testid={`month-out-${total.currency}`} className="text-lg font-semibold">
                <Money
                  amountMinor={total.expenseMinor}
                  currency={total.currency}
                  direction={total.expenseMinor > 0 ? 'expense' : 'none'}
                />
              </dd>
            </div>
          </dl>
        ))}
      </CardContent>
    </Card>
  );
}

/** Tips received and settled since Monday, per currency that had any, with their count. */
export function TipsWeekCard({ dashboard }: { dashboard: DashboardResponse }) {
  const { t } = useTranslation('dashboard');
  const dayLabel = useDayLabel();
  const titleId = useId();
  const received = dashboard.tipsThisWeek.totals.filter((total) => total.count > 0);
  return (
    <Card role="region" aria-labelledby={titleId} data-testid="tips-card">
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle id={titleId}>{t('tips.title')}</CardTitle>
        <CardDescription>
          {t('tips.period', { date: dayLabel(dashboard.tipsThisWeek.firstDay) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {received.length === 0 ? (
          <div className="flex flex-col items-start gap-2">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <HandCoins aria-hidden="true" className="size-4" />
              {t('tips.none')}
            </p>
            <Link to="/qr-codes?tab=my" className={buttonVariants({ variant: 'outline' })}>
              {t('tips.share')}
            </Link>
          </div>
        ) : (
          <ul className="flex flex-col gap-2">
            {received.map((total) => (
              <li key={total.currency} className="flex items-baseline justify-between gap-3">
                <Money
                  amountMinor={total.amountMinor}
                  currency={total.currency}
                  direction="income"
                  className="text-lg font-semibold"
                />
                <span className="text-sm text-muted-foreground">
                  {t('tips.count', { count: total.count })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Both cards' shape while they load: a title, a date line and a pair of figures. */
export function PeriodFiguresSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {[0, 1].map((card) => (
        <Card key={card} className="flex flex-col gap-3 p-5 sm:p-6">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-3.5 w-20" />
          <div className="mt-1.5 grid grid-cols-2 gap-3">
            <Skeleton className="h-11 w-24" />
            <Skeleton className="h-11 w-24" />
          </div>
        </Card>
      ))}
    </div>
  );
}
