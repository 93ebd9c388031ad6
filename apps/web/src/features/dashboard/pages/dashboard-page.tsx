import { ChevronRight, CirclePlay, HandCoins, LogIn, type LucideIcon, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { BalancesSkeleton, DashboardBalances } from '@/features/dashboard/components/balances';
import { FirstSteps } from '@/features/dashboard/components/first-steps';
import { GamificationSlot } from '@/features/dashboard/components/gamification-slot';
import {
  MonthCard,
  PeriodFiguresSkeleton,
  TipsWeekCard,
} from '@/features/dashboard/components/period-figures';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { RecentActivity, RecentActivitySkeleton } from '@/features/dashboard/components/recent-activity';
import { balanceOf, isNewPerson, shownCurrencies, stepsTaken } from '@/features/dashboard/figures';
import { useErrorMessage } from '@/hooks/use-error-message';
import { type SignedInAuth, useAuth } from '@/lib/auth/auth-context';
import { cn } from '@/lib/cn';

/** `/`: the signed-in person's home; a visitor's way in (sign in, the demo, a tip without an account). */
export function DashboardPage() {
  const auth = useAuth();
  if (auth.status === 'signedIn') return <SignedInHome auth={auth} />;
  if (auth.status === 'signedOut') return <SignedOutHome />;
  return <HomeSkeleton />;
}

function SignedInHome({ auth }: { auth: SignedInAuth }) {
  const { t } = useTranslation(['dashboard', 'screens']);
  const errorMessage = useErrorMessage();
  const dashboard = useDashboard(true);
  const [announcement, setAnnouncement] = useState('');
  const name = auth.profile?.fullName?.trim() || (auth.profile?.ztartag ? `@${auth.profile.ztartag}` : null);

  const refresh = async () => {
    setAnnouncement(t('dashboard:refreshing'));
    const result = await dashboard.refetch();
    setAnnouncement(result.isError ? '' : t('dashboard:refreshed'));
  };
  const { data } = dashboard;
  const refreshing = dashboard.isFetching && !dashboard.isPending;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('screens:dashboard.title')}>
        <div className="flex items-center justify-between gap-3">
          <p data-testid="welcome" className="min-w-0 text-lg font-medium text-pretty">
            {name ? t('dashboard:welcomeBack', { name }) : t('dashboard:welcomeBackAnonymous')}
          </p>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('dashboard:refresh')}
            title={t('dashboard:refresh')}
            onClick={() => void refresh()}
          >
            <RefreshCw aria-hidden="true" className={cn(refreshing && 'motion-safe:animate-spin')} />
          </Button>
        </div>
      </PageHeader>
      <p role="status" className="sr-only">
        {dashboard.isPending ? t('dashboard:loading') : announcement}
      </p>
      <PullToRefresh
        onRefresh={refresh}
        labels={{
          pull: t('dashboard:pull'),
          release: t('dashboard:release'),
          refreshing: t('dashboard:refreshing'),
        }}
      >
        <div className="flex flex-col gap-6">
          {data ? (
            <DashboardBalances
              balances={shownCurrencies(data).map((currency) => balanceOf(data, currency))}
            />
          ) : dashboard.isError ? (
            <FormAlert>
              <div className="flex flex-col gap-2">
                <p>
                  {t('dashboard:loadError')} {errorMessage(dashboard.error)}
                </p>
                <Button variant="outline" className="self-start" onClick={() => void dashboard.refetch()}>
                  {t('dashboard:retry')}
                </Button>
              </div>
            </FormAlert>
          ) : (
            <BalancesSkeleton />
          )}
          <QuickActions />
          {data ? (
            <>
              {stepsTaken(data) < 3 ? <FirstSteps steps={data.firstSteps} /> : null}
              {isNewPerson(data) ? null : (
                <div className="grid gap-4 md:grid-cols-2">
                  <MonthCard dashboard={data} currencies={shownCurrencies(data)} />
                  <TipsWeekCard dashboard={data} />
                </div>
              )}
              <GamificationSlot />
              {isNewPerson(data) ? null : (
                <RecentActivity items={data.recent.items} categories={data.recent.categories} />
              )}
            </>
          ) : dashboard.isPending ? (
            <>
              <PeriodFiguresSkeleton />
              <RecentActivitySkeleton />
            </>
          ) : null}
        </div>
      </PullToRefresh>
    </div>
  );
}

const WAYS_IN: ReadonlyArray<{
  key: 'signIn' | 'demo' | 'quickTip';
  path: string;
  icon: LucideIcon;
  /** The light quick-tip page is not part of the app's router: the browser loads it anew. */
  reloadDocument?: boolean;
}> = [
  { key: 'signIn', path: '/auth', icon: LogIn },
  { key: 'demo', path: '/auth?mode=demo', icon: CirclePlay },
  { key: 'quickTip', path: '/quick-tip', icon: HandCoins, reloadDocument: true },
];

const WAY_IN_LINK =
  'group flex h-full min-h-11 items-start gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:bg-accent/60 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function SignedOutHome() {
  const { t } = useTranslation(['dashboard', 'screens']);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('screens:dashboard.title')}>
        <div className="flex flex-col gap-1">
          <p className="text-lg font-medium">{t('screens:dashboard.welcome')}</p>
          <p className="text-pretty text-muted-foreground">{t('screens:dashboard.description')}</p>
        </div>
      </PageHeader>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {WAYS_IN.map(({ key, path, icon: Icon, reloadDocument }) => (
          <li key={key}>
            <Link to={path} reloadDocument={reloadDocument} className={WAY_IN_LINK}>
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="font-medium">{t(`dashboard:signedOut.${key}`)}</span>
                <span className="text-sm text-muted-foreground">{t(`dashboard:signedOut.${key}Body`)}</span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="mt-2.5 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** While the session loads: the title, and the signed-in home's shapes (most visits are signed in). */
function HomeSkeleton() {
  const { t } = useTranslation(['screens']);
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <PageHeader title={t('screens:dashboard.title')}>
        <div className="h-11" />
      </PageHeader>
      <BalancesSkeleton />
      <QuickActions />
      <PeriodFiguresSkeleton />
      <RecentActivitySkeleton />
    </div>
  );
}
