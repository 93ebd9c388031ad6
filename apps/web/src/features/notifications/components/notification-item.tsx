import type { Notification, NotificationType } from '@ztart/shared/contracts/notifications';
import { AlarmClock, ArrowLeftRight, Check, HandCoins, Info, type LucideIcon, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { dateTimeFormat } from '@/lib/date-format';
import { notificationToast } from '@/lib/live-events';
import { notificationLink } from '@/lib/notifications/notification-links';

export const TYPE_ICONS: Record<NotificationType, LucideIcon> = {
  tip: HandCoins,
  transfer: ArrowLeftRight,
  system: Info,
  achievement: Trophy,
  reminder: AlarmClock,
};

/**
 * One notification: what happened (the same words as its live toast), when, and where it leads.
 * Following it marks it read; an unread one also has its own "mark read" button.
 */
export function NotificationItem({
  notification,
  onRead,
  reading,
}: {
  notification: Notification;
  onRead: (notification: Notification) => void;
  reading: boolean;
}) {
  const { t, i18n } = useTranslation('notifications');
  const Icon = TYPE_ICONS[notification.type];
  const unread = notification.readAt === null;
  const { title } = notificationToast(notification, i18n);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(notification.createdAt),
  );
  return (
    <li
      data-testid="notification"
      data-unread={unread || undefined}
      className={cn(
        'flex items-start gap-3 rounded-xl border p-3 sm:p-4',
        unread ? 'border-brand/40 bg-brand-soft/40' : 'bg-card',
      )}
    >
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-foreground"
      >
        <Icon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={notificationLink(notification)}
          onClick={() => {
            if (unread) onRead(notification);
          }}
          className="rounded-sm font-medium text-pretty underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {title}
        </Link>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <span>{t(`types.${notification.type}`)}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={notification.createdAt}>{when}</time>
          {unread ? (
            <>
              <span aria-hidden="true">·</span>
              <span className="inline-flex items-center gap-1 font-medium text-brand-soft-foreground">
                <span aria-hidden="true" className="size-2 rounded-full bg-brand" />
                {t('unread')}
              </span>
            </>
          ) : null}
        </p>
      </div>
      {unread ? (
        <Button
          variant="ghost"
          size="icon"
          disabled={reading}
          onClick={() => onRead(notification)}
          aria-label={t('actions.markReadOne', { title })}
          title={t('actions.markRead')}
        >
          <Check aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
