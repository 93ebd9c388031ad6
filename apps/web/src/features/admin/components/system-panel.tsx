import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import {
  type AuditFilters,
  useAdminSystem,
  useAuditLog,
  useOutbox,
} from '@/features/admin/api/admin-platform';
import {
  AdminSection,
  LoadingRows,
  QueryFailed,
  QueryState,
  useDateTime,
} from '@/features/admin/components/query-states';
import { AuditEntries } from '@/features/admin/components/user-detail';
import { ApiError } from '@/lib/api-client';

/** A person's id, as the audit log's actor filter takes it. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A configuration value as text: numbers and words as they are, anything else as JSON. */
function configValue(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

/** Nested settings as one row each, named by their path: `signInPerAccount.max`. */
function configRows(settings: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(settings).flatMap(([name, value]): [string, string][] =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? configRows(value as Record<string, unknown>, `${prefix}${name}.`)
      : [[`${prefix}${name}`, configValue(value)]],
  );
}

/** System tab: the live configuration (read-only), the outbox and the audit log with filters. */
export function SystemPanel({
  filters,
  onFiltersChange,
}: {
  filters: AuditFilters;
  onFiltersChange: (f: AuditFilters) => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <Configuration />
      <AuditLog filters={filters} onFiltersChange={onFiltersChange} />
      <Outbox />
    </div>
  );
}

function Configuration() {
  const { t } = useTranslation('admin');
  const query = useAdminSystem();
  return (
    <AdminSection title={t('system.configuration')} testId="system-configuration">
      <QueryState query={query} loadingLabel={t('system.loading')}>
        {() =>
          query.data ? (
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              <div className="flex flex-col">
                <dt className="text-muted-foreground">{t('system.settlementDelay')}</dt>
                <dd className="font-medium">
                  {t('system.seconds', { count: query.data.settlementDelaySeconds })}
                </dd>
              </div>
              <div className="flex flex-col">
                <dt className="text-muted-foreground">{t('system.mail')}</dt>
                <dd className="font-medium">{t(`system.mailModes.${query.data.mail}`)}</dd>
              </div>
              <div className="flex flex-col">
                <dt className="text-muted-foreground">{t('system.redis')}</dt>
                <dd className="font-medium">{t(query.data.redis ? 'system.redisOn' : 'system.redisOff')}</dd>
              </div>
              {configRows(query.data.limits).map(([name, value]) => (
                <div key={name} className="flex min-w-0 flex-col">
                  <dt className="truncate font-mono text-xs text-muted-foreground">{name}</dt>
                  <dd className="font-medium break-words">{value}</dd>
                </div>
              ))}
            </dl>
          ) : null
        }
      </QueryState>
      <p className="text-sm text-muted-foreground">{t('system.readOnly')}</p>
    </AdminSection>
  );
}

function AuditLog({
  filters,
  onFiltersChange,
}: {
  filters: AuditFilters;
  onFiltersChange: (f: AuditFilters) => void;
}) {
  const { t } = useTranslation('admin');
  const [actor, setActor] = useState(filters.actor);
  const [action, setAction] = useState(filters.action);
  const query = useAuditLog(filters);
  const formId = useId();
  const [actorInvalid, setActorInvalid] = useState(false);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const actorId = actor.trim();
    const invalid = actorId !== '' && !UUID_PATTERN.test(actorId);
    setActorInvalid(invalid);
    if (!invalid) onFiltersChange({ actor: actorId, action: action.trim() });
  };
  return (
    <AdminSection title={t('audit.title')} testId="audit-log">
      <form
        id={formId}
        onSubmit={apply}
        className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
      >
        <TextField
          label={t('audit.actor')}
          hint={t('audit.actorHint')}
          value={actor}
          maxLength={36}
          autoComplete="off"
          error={actorInvalid ? t('audit.actorInvalid') : undefined}
          onChange={(event) => setActor(event.target.value)}
        />
        <TextField
          label={t('audit.action')}
          hint={t('audit.actionHint')}
          value={action}
          maxLength={64}
          autoComplete="off"
          onChange={(event) => setAction(event.target.value)}
        />
        <Button type="submit">
          <Search aria-hidden="true" />
          {t('audit.filter')}
        </Button>
      </form>
      {query.isPending ? (
        <LoadingRows label={t('audit.loading')} />
      ) : query.isError ? (
        <QueryFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <AuditEntries entries={query.data.pages.flatMap((page) => page.items)} />
          <LoadMore
            query={query}
            labels={{
              loadMore: t('actions.loadMore'),
              loadingMore: t('audit.loading'),
              retry: t('actions.retry'),
              end: null,
            }}
          />
        </>
      )}
    </AdminSection>
  );
}

function Outbox() {
  const { t } = useTranslation('admin');
  const query = useOutbox();
  const formatDate = useDateTime();
  const notKept = query.error instanceof ApiError && query.error.status === 404;
  return (
    <AdminSection title={t('system.outbox')} testId="outbox">
      {notKept ? (
        <p className="text-sm text-muted-foreground">{t('system.outboxNotKept')}</p>
      ) : (
        <QueryState query={query} loadingLabel={t('system.loading')}>
          {() =>
            query.data && query.data.length > 0 ? (
              <ul className="flex flex-col divide-y text-sm">
                {query.data.map((message) => (
                  <li
                    key={`${message.createdAt}-${message.to}-${message.subject}`}
                    className="flex flex-col py-2"
                  >
                    <span className="font-medium">{message.subject}</span>
                    <span className="text-muted-foreground">
                      {t(`system.channels.${message.channel}`)} · {message.to} ·{' '}
                      {formatDate(message.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{t('system.outboxEmpty')}</p>
            )
          }
        </QueryState>
      )}
    </AdminSection>
  );
}
