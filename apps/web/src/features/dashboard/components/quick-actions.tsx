import { ArrowDownToLine, HandCoins, type LucideIcon, QrCode, ScanLine, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth/auth-context';

type QuickAction = 'send' | 'tip' | 'deposit' | 'myQr' | 'scan';

/**
 * Where each quick action leads: the wallet opens its flow from the link, the QR screen its tab,
 * and a tip starts with the in-app quick tip's recipient picker.
 */
export const QUICK_ACTIONS: ReadonlyArray<{ action: QuickAction; path: string; icon: LucideIcon }> = [
  { action: 'send', path: '/wallet?action=send', icon: Send },
  { action: 'tip', path: '/quick-tip/send', icon: HandCoins },
  { action: 'deposit', path: '/wallet?action=deposit', icon: ArrowDownToLine },
  { action: 'myQr', path: '/qr-codes?tab=my', icon: QrCode },
  { action: 'scan', path: '/qr-codes?tab=scan', icon: ScanLine },
];

/** The demo has no real balance to tip from: its tip is the quick-tip page, as in the navigation. */
const DEMO_TIP = { path: '/quick-tip', reloadDocument: true } as const;

/** Five round buttons in one row, even on a 360 px phone: the things people come to do. */
export function QuickActions() {
  const { t } = useTranslation('dashboard');
  const { demo } = useAuth();
  return (
    <nav aria-label={t('actions.label')}>
      <ul className="grid grid-cols-5 gap-1 sm:max-w-xl sm:gap-3">
        {QUICK_ACTIONS.map(({ action, path, icon: Icon }) => (
          <li key={action}>
            <Link
              to={demo && action === 'tip' ? DEMO_TIP.path : path}
              reloadDocument={demo && action === 'tip' ? DEMO_TIP.reloadDocument : undefined}
              className="group flex min-h-11 flex-col items-center gap-1.5 rounded-xl px-1 py-2 text-center text-xs font-medium transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:text-sm"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand text-brand-foreground shadow-sm transition-transform group-hover:scale-105 motion-reduce:transition-none">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="leading-tight">{t(`actions.${action}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
