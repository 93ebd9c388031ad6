import { ACTIVITY_TYPES, type ActivityItem, type ActivityType } from '@ztart/shared/contracts/activity';
import type { Category } from '@ztart/shared/contracts/transactions';
import { Activity, History, LogIn, type LucideIcon, QrCode, ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { LoadMore } from '@/components/load-more';
import { PageHeader } from '@/components/page-header';
import { useCategories } from '@/components/transactions/api/get-categories';
import { TransactionRow } from '@/components/transactions/transaction-row';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { useActivity } from '@/features/activity/api/get-activity';
import { useErrorMessage } from '@/hooks/use-error-message';
import { dateTimeFormat } from '@/lib/date-format';
import { describeDevice } from '@/lib/device';

const TYPE_ICONS: Record<Exclude<ActivityType, 'money'>, LucideIcon> = {
  sign_in: LogIn,
  security: ShieldCheck,
  qr_scan: QrCode,
};

function typeOf(params: URLSearchParams): ActivityType | null {
  const type = params.get('type');
  return (ACTIVITY_TYPES as readonly string[]).includes(type ?? '') ? (type as ActivityType) : null;
}

/** `/activity`: the person's own record of sign-ins, security changes, money and QR scans. */
export function ActivityPage() {
  const { t } = useTranslation(['activity', 'screens', 'transactions']);
  const errorMessage = useErrorMessage();
  const [params, setParams] = useSearchParams();
  const type = typeOf(params);
  const query = useActivity(type);
  const categories = useCategories();
  const categoryById = useMemo(
    () => new Map<string, Category>((categories.data ?? []).map((category) => [category.id, category])),
    [categories.data],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Activity}
        title={t('screens:activity.title')}
        description={t('screens:activity.description')}
      />
      <div className="sm:max-w-xs">
        <Select
          label={t('filter')}
          value={type ?? 'all'}
          onChange={(event) =>
            setParams(event.target.value === 'all' ? new URLSearchParams() : { type: event.target.value })
          }
        >
          <option value="all">{t('types.all')}</option>
          {ACTIVITY_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(`types.${option}`)}
            </option>
          ))}
        </Select>
      </div>

      {query.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-4" data-testid="activity-loading">
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, their position is their key
            <ListRowSkeleton key={index} />
          ))}
        </div>
      ) : query.isError && query.items.length === 0 ? (
        <FormAlert>
          <p>
            {t('loadError')} {errorMessage(query.error)}
          </p>
          <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </FormAlert>
      ) : query.items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center">
          <History aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">{t('empty.title')}</p>
          <p className="max-w-sm text-sm text-pretty text-muted-foreground">{t('empty.text')}</p>
          {type !== null ? (
            <Button variant="outline" onClick={() => setParams(new URLSearchParams())}>
              {t('empty.showAll')}
            </Button>
          ) : null}
        </div>
      ) : (
        <section aria-label={t('listLabel')} className="flex flex-col gap-4">
          <ul className="flex flex-col gap-1">
            {query.items.map((item) =>
              item.transaction ? (
                <TransactionRow
                  key={item.id}
                  transaction={item.transaction}
                  category={
                    item.transaction.categoryId
                      ? (categoryById.get(item.transaction.categoryId) ?? null)
                      : null
                  }
                  showDate
                />
              ) : (
                <AuditRow key={item.id} item={item} />
              ),
            )}
          </ul>
          <LoadMore
            query={query}
            labels={{
              loadMore: t('loadMore'),
              loadingMore: t('loadingMore'),
              retry: t('retry'),
              end: query.items.length > 5 ? t('end') : null,
            }}
          />
        </section>
      )}
    </div>
  );
}

/** A sign-in, a security change or a QR scan: what, when, and from which browser. */
function AuditRow({ item }: { item: ActivityItem }) {
  const { t, i18n } = useTranslation('activity');
  const type = item.type === 'money' ? 'security' : item.type;
  const Icon = TYPE_ICONS[type];
  const device = describeDevice(item.userAgent).name;
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(item.createdAt),
  );
  const warning = item.action === 'sign_in_failed' || item.action === 'pin_locked';
  return (
    <li data-testid="activity-item" className="flex min-h-16 items-center gap-3 rounded-lg px-3 py-2.5">
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-foreground"
      >
        <Icon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-sm font-medium">
          {item.action === 'qr_scanned' && item.ztartag
            ? t('actions.qr_scanned_of', { ztartag: item.ztartag })
            : t(`actions.${item.action ?? 'sign_in'}`)}
        </span>
        <span className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
          <time dateTime={item.createdAt}>{when}</time>
          {device ? (
            <>
              <span aria-hidden="true">·</span>
              <span>{device}</span>
            </>
          ) : null}
          {warning ? (
            <>
              <span aria-hidden="true">·</span>
              <span className="font-medium text-foreground">{t('checkIfNotYou')}</span>
            </>
          ) : null}
        </span>
      </div>
    </li>
  );
}
