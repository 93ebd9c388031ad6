import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/auth-context';
import { cn } from '@/lib/cn';
import { useUnreadCount } from '@/lib/notifications/unread-count';

/** Above this the badge says "99+": the exact number is in its accessible name and on the page. */
const BADGE_MAX = 99;

/**
 * The header's bell: how many notifications are unread, kept current by the live events, and the
 * way to the notification centre. Its accessible name says the count.
 */
export function NotificationBell() {
  const { t } = useTranslation('nav');
  const auth = useAuth();
  const { pathname } = useLocation();
  const { data: count } = useUnreadCount();
  if (auth.status !== 'signedIn') return null;
  const unread = count ?? 0;
  return (
    <Link
      to="/notifications"
      aria-current={pathname === '/notifications' ? 'page' : undefined}
      aria-label={unread > 0 ? t('bell.unread', { count: unread }) : t('bell.none')}
      data-testid="notification-bell"
      data-count={unread}
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative rounded-full')}
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-5 font-semibold text-destructive-foreground tabular-nums"
        >
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      ) : null}
    </Link>
  );
}
