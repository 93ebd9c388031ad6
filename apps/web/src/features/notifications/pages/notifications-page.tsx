import {
  NOTIFICATION_TYPES,
  type Notification,
  type NotificationType,
} from '@ztart/shared/contracts/notifications';
import { Bell, BellOff, CheckCheck, Settings2 } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { useMarkRead } from '@/features/notifications/api/mark-read';
import { NotificationItem } from '@/features/notifications/components/notification-item';
import { useErrorMessage } from '@/hooks/use-error-message';
import type { NotificationFilters } from '@/lib/notifications/notification-keys';
import { useUnreadCount } from '@/lib/notifications/unread-count';

type ReadState = 'all' | 'unread' | 'read';
const READ_STATES: readonly ReadState[] = ['all', 'unread', 'read'];

/** The filters live in the URL (`?type=tip&state=unread`): Back undoes one, and a filtered list can be shared. */
function filtersOf(params: URLSearchParams): NotificationFilters {
  const type = params.get('type');
  const state = params.get('state');
  return {
    type: (NOTIFICATION_TYPES as readonly string[]).includes(type ?? '') ? (type as NotificationType) : null,
    unread: state === 'unread' ? true : state === 'read' ? false : null,
  };
}

function readStateOf(filters: NotificationFilters): ReadState {
  return filters.unread === null ? 'all' : filters.unread ? 'unread' : 'read';
}

/** `/notifications`: the notification centre. */
export function NotificationsPage() {
  const { t } = useTranslation(['notifications', 'screens', 'wallet', 'transactions', 'gamification']);
  const errorMessage = useErrorMessage();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const query = useNotifications(filters);
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const unreadCount = unread.data ?? query.data?.pages[0]?.unreadCount ?? 0;

  const setFilter = (name: 'type' | 'state', value: string) =>
    setParams((next) => {
      if (value === 'all') next.delete(name);
      else next.set(name, value);
      return next;
    });
  const read = (notification: Notification | null) => markRead.mutate(notification);
  const filtered = filters.type !== null || filters.unread !== null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Bell}
        title={t('screens:notifications.title')}
        description={t('screens:notifications.description')}
      >
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            onClick={() => read(null)}
            disabled={unreadCount === 0 || markRead.isPending}
          >
            <CheckCheck aria-hidden="true" />
            {t('actions.markAllRead')}
          </Button>
          <Link to="/account?tab=notifications" className={buttonVariants({ variant: 'ghost' })}>
            <Settings2 aria-hidden="true" />
            {t('actions.preferences')}
          </Link>
        </div>
        <p role="status" className="text-sm text-muted-foreground">
          {unreadCount > 0 ? t('unreadSummary', { count: unreadCount }) : t('allRead')}
        </p>
      </PageHeader>

      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <Select
          label={t('filters.type')}
          value={filters.type ?? 'all'}
          onChange={(event) => setFilter('type', event.target.value)}
        >
          <option value="all">{t('filters.allTypes')}</option>
          {NOTIFICATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </Select>
        <Select
          label={t('filters.state')}
          value={readStateOf(filters)}
          onChange={(event) => setFilter('state', event.target.value)}
        >
          {READ_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`filters.states.${state}`)}
            </option>
          ))}
        </Select>
      </div>

      {markRead.isError ? <FormAlert>{errorMessage(markRead.error)}</FormAlert> : null}

      {query.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-4" data-testid="notifications-loading">
          {Array.from({ length: 5 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, their position is their key
            <ListRowSkeleton key={index} />
          ))}
        </div>
      ) : query.isError && query.notifications.length === 0 ? (
        <FormAlert>
          <p>
            {t('loadError')} {errorMessage(query.error)}
          </p>
          <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </FormAlert>
      ) : query.notifications.length === 0 ? (
        <EmptyState filtered={filtered} onClear={() => setParams(new URLSearchParams())} />
      ) : (
        <section aria-label={t('listLabel')} className="flex flex-col gap-4">
          <ul className="flex flex-col gap-2">
            {query.notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onRead={read}
                reading={markRead.isPending && markRead.variables?.id === notification.id}
              />
            ))}
          </ul>
          <LoadMore
            query={query}
            labels={{
              loadMore: t('loadMore'),
              loadingMore: t('loadingMore'),
              retry: t('retry'),
              end: query.notifications.length > 5 ? t('end') : null,
            }}
          />
        </section>
      )}
    </div>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation('notifications');
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
      <BellOff aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="font-medium">{filtered ? t('empty.filteredTitle') : t('empty.title')}</p>
      <p className="max-w-sm text-sm text-pretty text-muted-foreground">
        {filtered ? t('empty.filteredText') : t('empty.text')}
      </p>
      {filtered ? (
        <Button variant="outline" onClick={onClear}>
          {t('empty.clearFilters')}
        </Button>
      ) : (
        <Link to="/qr-codes" className={buttonVariants({ variant: 'brand' })}>
          {t('empty.action')}
        </Link>
      )}
    </div>
  );
}
