import {
  ArrowLeftRight,
  Bot,
  ChevronRight,
  CirclePlay,
  HandCoins,
  type LucideIcon,
  QrCode,
  Users,
  Wallet,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth/auth-context';

type QuickActionScreen =
  | 'wallet'
  | 'qrCodes'
  | 'quickTip'
  | 'contacts'
  | 'transactions'
  | 'conversationalAgent';

const QUICK_ACTIONS: ReadonlyArray<{
  screen: QuickActionScreen;
  path: string;
  icon: LucideIcon;
  /** The light quick-tip page is not part of the app's router: the browser loads it anew. */
  reloadDocument?: boolean;
}> = [
  { screen: 'wallet', path: '/wallet', icon: Wallet },
  { screen: 'qrCodes', path: '/qr-codes', icon: QrCode },
  { screen: 'quickTip', path: '/quick-tip', icon: HandCoins, reloadDocument: true },
  { screen: 'contacts', path: '/contacts', icon: Users },
  { screen: 'transactions', path: '/transactions', icon: ArrowLeftRight },
  { screen: 'conversationalAgent', path: '/conversational-agent', icon: Bot },
];

const CARD_LINK =
  'group flex h-full min-h-11 items-start gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:bg-accent/60 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

export function DashboardPage() {
  const { t } = useTranslation('screens');
  const auth = useAuth();
  const name = auth.status === 'signedIn' ? auth.profile?.fullName : null;

  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('dashboard.title')}>
        <div className="flex flex-col gap-1">
          <p className="text-lg font-medium">
            {name ? t('dashboard.welcomeNamed', { name }) : t('dashboard.welcome')}
          </p>
          <p className="text-pretty text-muted-foreground">{t('dashboard.description')}</p>
        </div>
      </PageHeader>

      <section aria-labelledby="quick-actions-title" className="flex flex-col gap-3">
        <h2 id="quick-actions-title" className="text-base font-semibold">
          {t('dashboard.quickActions')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {QUICK_ACTIONS.map(({ screen, path, icon: Icon, reloadDocument }) => (
            <li key={screen}>
              <Link to={path} reloadDocument={reloadDocument} className={CARD_LINK}>
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="font-medium">{t(`${screen}.title`)}</span>
                  <span className="text-sm text-muted-foreground">{t(`${screen}.description`)}</span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="mt-2.5 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {auth.status === 'signedOut' ? (
        <Link to="/auth?mode=demo" className={CARD_LINK}>
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary">
            <CirclePlay aria-hidden="true" className="size-5" />
          </span>
          <span className="flex-1 self-center text-sm">{t('dashboard.demoCta')}</span>
          <ChevronRight aria-hidden="true" className="mt-2.5 size-4 shrink-0 text-muted-foreground" />
        </Link>
      ) : null}
    </div>
  );
}
