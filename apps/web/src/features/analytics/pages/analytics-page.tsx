import type { Analytics } from '@ztart/shared/contracts/analytics';
import { ChartColumn, Download, PiggyBank, QrCode } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { analyticsCsvUrl, useAnalytics } from '@/features/analytics/api/get-analytics';
import { CategoriesCard, SeriesCard, TipsCard } from '@/features/analytics/components/figure-cards';
import { PeopleCard } from '@/features/analytics/components/people-card';
import { PeriodPicker } from '@/features/analytics/components/period-picker';
import { AnalyticsSkeleton, AnalyticsTotals } from '@/features/analytics/components/totals';
import {
  type AnalyticsSelection,
  deviceTimeZone,
  selectionFromSearchParams,
  selectionToSearchParams,
  todayIn,
} from '@/features/analytics/period';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useAuth } from '@/lib/auth/auth-context';

/**
 * `/analytics`: income against expenses over time, spending by category, tips received and the
 * people the person deals with most, for a period and currency kept in the address (so Back
 * undoes a change and a view can be bookmarked). Days are the device's time zone's.
 */
export function AnalyticsPage() {
  const { t } = useTranslation(['screens', 'analytics']);
  const { demo } = useAuth();
  const errorMessage = useErrorMessage();
  const [timeZone] = useState(deviceTimeZone);
  const [today] = useState(() => todayIn(timeZone));
  const [searchParams, setSearchParams] = useSearchParams();
  const selection = useMemo(() => selectionFromSearchParams(searchParams, today), [searchParams, today]);
  const request = useMemo(
    () => ({ from: selection.from, to: selection.to, timeZone, currency: selection.currency }),
    [selection, timeZone],
  );
  const query = useAnalytics(request);
  const select = useCallback(
    (next: AnalyticsSelection) => setSearchParams(selectionToSearchParams(next)),
    [setSearchParams],
  );
  // The CSV holds exactly what is on screen: the currency the answer settled on included.
  const shownRequest = query.data ? { ...request, currency: query.data.currency } : request;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={ChartColumn}
        title={t('screens:analytics.title')}
        description={t('screens:analytics.description')}
      >
        <div className="flex flex-wrap items-center gap-2">
          {demo ? (
            <>
              <Button variant="outline" disabled aria-describedby="analytics-export-demo">
                <Download aria-hidden="true" />
                {t('analytics:export.action')}
              </Button>
              <p id="analytics-export-demo" className="text-sm text-muted-foreground">
                {t('analytics:export.demoUnavailable')}
              </p>
            </>
          ) : (
            // A plain link: the browser downloads it with the session cookie.
            <a
              href={analyticsCsvUrl(shownRequest)}
              download
              title={t('analytics:export.hint')}
              className={buttonVariants({ variant: 'outline' })}
            >
              <Download aria-hidden="true" />
              {t('analytics:export.action')}
            </a>
          )}
        </div>
      </PageHeader>

      <Card>
        <CardContent className="flex flex-col gap-2 pt-5 sm:pt-6">
          <PeriodPicker
            selection={selection}
            today={today}
            currency={query.data?.currency ?? selection.currency ?? 'USD'}
            currencies={query.data?.currencies ?? []}
            onChange={select}
          />
          <p className="text-sm text-muted-foreground">{t('analytics:filters.timeZone', { timeZone })}</p>
        </CardContent>
      </Card>

      {query.isPending ? (
        <AnalyticsSkeleton />
      ) : query.isError && !query.data ? (
        <FormAlert>
          <div className="flex flex-col gap-2">
            <p>
              {t('analytics:loadError')} {errorMessage(query.error)}
            </p>
            <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
              {t('analytics:retry')}
            </Button>
          </div>
        </FormAlert>
      ) : query.data ? (
        <div
          aria-busy={query.isPlaceholderData}
          className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}
        >
          <p role="status" className="sr-only">
            {query.isPlaceholderData ? t('analytics:refreshing') : ''}
          </p>
          <Figures analytics={query.data} />
        </div>
      ) : null}
    </div>
  );
}

function isEmpty(analytics: Analytics): boolean {
  return (
    analytics.totals.incomeMinor === 0 &&
    analytics.totals.expenseMinor === 0 &&
    analytics.topCounterparties.length === 0
  );
}

function Figures({ analytics }: { analytics: Analytics }) {
  if (isEmpty(analytics)) return <EmptyAnalytics />;
  return (
    <div className="flex flex-col gap-6">
      <AnalyticsTotals analytics={analytics} />
      <SeriesCard analytics={analytics} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <CategoriesCard analytics={analytics} />
        <TipsCard analytics={analytics} />
      </div>
      <PeopleCard analytics={analytics} />
    </div>
  );
}

/** Nothing moved in the period: what fills the screen, and a nudge towards a longer period. */
function EmptyAnalytics() {
  const { t } = useTranslation('analytics');
  return (
    <div
      data-testid="analytics-empty"
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground">
        <ChartColumn aria-hidden="true" className="size-6" />
      </span>
      <h2 className="font-semibold">{t('empty.title')}</h2>
      <p className="max-w-md text-sm text-pretty text-muted-foreground">{t('empty.body')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/wallet?action=deposit" className={buttonVariants()}>
          <PiggyBank aria-hidden="true" />
          {t('empty.deposit')}
        </Link>
        <Link to="/qr-codes" className={buttonVariants({ variant: 'outline' })}>
          <QrCode aria-hidden="true" />
          {t('empty.receive')}
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">{t('empty.otherPeriod')}</p>
    </div>
  );
}
