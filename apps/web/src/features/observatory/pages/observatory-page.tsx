import type { ObservatorySnapshot, ServiceStatus } from '@ztart/shared/contracts/admin';
import { CircleCheck, CircleDashed, CircleX, Radio, Telescope, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import {
  type StreamState,
  useObservatorySnapshot,
  useObservatoryStream,
} from '@/features/observatory/api/observatory';
import { useErrorMessage } from '@/hooks/use-error-message';
import { cn } from '@/lib/cn';
import { dateTimeFormat } from '@/lib/date-format';

/**
 * `/observatory`: live platform health — services, request rate, errors and latency per route
 * group, money movements per minute, the last ledger invariant check — kept live over SSE.
 * System metrics appear only when the server sends them (roles with that capability).
 */
export function ObservatoryPage() {
  const { t } = useTranslation('observatory');
  const errorMessage = useErrorMessage();
  const query = useObservatorySnapshot();
  const stream = useObservatoryStream(query.isSuccess);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={Telescope} title={t('title')} description={t('description')}>
        {query.isSuccess ? <StreamBadge state={stream} generatedAt={query.data.generatedAt} /> : null}
      </PageHeader>
      {query.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <p className="sr-only" role="status">
            {t('loading')}
          </p>
          <Skeleton className="h-24 rounded-xl" />
          <Skeleton className="h-48 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
        </div>
      ) : query.isError ? (
        <FormAlert>
          <p>{errorMessage(query.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </FormAlert>
      ) : (
        <Snapshot snapshot={query.data} />
      )}
    </div>
  );
}

function useTime() {
  const { i18n } = useTranslation();
  return (iso: string) => dateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(new Date(iso));
}

function StreamBadge({ state, generatedAt }: { state: StreamState; generatedAt: string }) {
  const { t } = useTranslation('observatory');
  const time = useTime();
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <span
        role="status"
        data-testid="observatory-stream"
        data-state={state}
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium',
          state === 'live'
            ? 'bg-brand-soft text-brand-soft-foreground'
            : 'bg-secondary text-secondary-foreground',
        )}
      >
        <Radio aria-hidden="true" className="size-3.5" />
        {t(`stream.${state}`)}
      </span>
      <span>{t('updatedAt', { time: time(generatedAt) })}</span>
    </p>
  );
}

const STATUS_ICONS = { up: CircleCheck, down: CircleX, not_configured: CircleDashed } as const;

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section data-testid={testId} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Snapshot({ snapshot }: { snapshot: ObservatorySnapshot }) {
  const { t, i18n } = useTranslation('observatory');
  const time = useTime();
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const percent = (perMille: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(
      perMille / 1000,
    );
  const services = Object.entries(snapshot.services) as [
    keyof ObservatorySnapshot['services'],
    ServiceStatus,
  ][];
  return (
    <div className="flex flex-col gap-4">
      <Section title={t('services.title')} testId="observatory-services">
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {services.map(([service, status]) => {
            const Icon = STATUS_ICONS[status];
            return (
              <li
                key={service}
                data-testid={`service-${service}`}
                className="flex items-center gap-2 rounded-lg bg-muted/40 p-3"
              >
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'size-5 shrink-0',
                    status === 'up'
                      ? 'text-brand'
                      : status === 'down'
                        ? 'text-destructive'
                        : 'text-muted-foreground',
                  )}
                />
                <span className="flex flex-col">
                  <span className="font-medium">{t(`services.${service}`)}</span>
                  <span className="text-sm text-muted-foreground">{t(`status.${status}`)}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </Section>
      <Invariant snapshot={snapshot} />
      <Section title={t('routes.title')} testId="observatory-routes">
        {snapshot.routes.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('routes.empty')}</p>
        ) : (
          <div className="-mx-4 overflow-x-auto px-4">
            <table className="w-full min-w-[32rem] text-sm">
              <caption className="sr-only">{t('routes.caption')}</caption>
              <thead>
                <tr className="text-left text-muted-foreground">
                  <th scope="col" className="py-1 font-medium">
                    {t('routes.group')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('routes.perMinute')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('routes.errors')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    p50
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    p95
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    p99
                  </th>
                </tr>
              </thead>
              <tbody>
                {snapshot.routes.map((route) => (
                  <tr key={route.group} data-testid="route-row" className="border-t">
                    <th scope="row" className="py-2 text-left font-mono text-xs font-medium">
                      {route.group}
                    </th>
                    <td className="py-2 text-right tabular-nums">{number(route.requestsPerMinute)}</td>
                    <td className="py-2 text-right tabular-nums">{percent(route.errorRatePerMille)}</td>
                    <td className="py-2 text-right tabular-nums">
                      {t('ms', { value: number(route.p50Ms) })}
                    </td>
                    <td className="py-2 text-right tabular-nums">
                      {t('ms', { value: number(route.p95Ms) })}
                    </td>
                    <td className="py-2 text-right tabular-nums">
                      {t('ms', { value: number(route.p99Ms) })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <MoneyMovements snapshot={snapshot} />
      {snapshot.system ? (
        <Section title={t('system.title')} testId="observatory-system">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            <Metric
              label={t('system.cpu')}
              value={t('seconds', {
                value: number(
                  Math.round((snapshot.system.cpuUserMicros + snapshot.system.cpuSystemMicros) / 1_000_000),
                ),
              })}
            />
            <Metric
              label={t('system.memory')}
              value={t('megabytes', { value: number(Math.round(snapshot.system.rssBytes / 1_048_576)) })}
            />
            <Metric
              label={t('system.heap')}
              value={t('megabytes', { value: number(Math.round(snapshot.system.heapUsedBytes / 1_048_576)) })}
            />
            <Metric
              label={t('system.eventLoopLag')}
              value={t('ms', { value: number(snapshot.system.eventLoopLagP99Ms) })}
            />
            <Metric
              label={t('system.uptime')}
              value={t('minutes', { value: number(Math.floor(snapshot.system.uptimeSeconds / 60)) })}
            />
            <Metric
              label={t('system.dbPool')}
              value={
                snapshot.system.dbPool
                  ? t('system.dbPoolValue', {
                      total: snapshot.system.dbPool.total,
                      idle: snapshot.system.dbPool.idle,
                      waiting: snapshot.system.dbPool.waiting,
                    })
                  : t('system.embedded')
              }
            />
          </dl>
        </Section>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {t('generatedAt', { time: time(snapshot.generatedAt) })}
      </p>
    </div>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col rounded-lg bg-muted/40 p-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function Invariant({ snapshot }: { snapshot: ObservatorySnapshot }) {
  const { t } = useTranslation('observatory');
  const time = useTime();
  const check = snapshot.invariant;
  return (
    <Section title={t('invariant.title')} testId="observatory-invariant">
      {!check ? (
        <p className="text-sm text-muted-foreground">{t('invariant.notYet')}</p>
      ) : (
        <p className="flex items-start gap-2 text-sm" data-ok={check.ok}>
          {check.ok ? (
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
          ) : (
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          )}
          <span>
            <strong>
              {check.ok ? t('invariant.ok') : t('invariant.failed', { count: check.differences })}
            </strong>{' '}
            {t('invariant.checkedAt', { time: time(check.checkedAt) })}
          </span>
        </p>
      )}
    </Section>
  );
}

/** Bars of movements per minute, with the figures in words for screen readers. */
function MoneyMovements({ snapshot }: { snapshot: ObservatorySnapshot }) {
  const { t } = useTranslation('observatory');
  const minutes = snapshot.moneyMovements;
  const total = minutes.reduce((sum, minute) => sum + minute.count, 0);
  const peak = Math.max(1, ...minutes.map((minute) => minute.count));
  const last = minutes.at(-1)?.count ?? 0;
  return (
    <Section title={t('money.title')} testId="observatory-money">
      <p className="text-sm" data-testid="money-summary">
        {t('money.summary', { count: total, minutes: minutes.length, last })}
      </p>
      {minutes.length > 0 ? (
        <div aria-hidden="true" className="flex h-24 items-end gap-0.5">
          {minutes.map((minute) => (
            <div
              key={minute.minute}
              className="flex-1 rounded-t-sm bg-brand/70"
              style={{ height: `${Math.max(2, Math.round((minute.count * 100) / peak))}%` }}
            />
          ))}
        </div>
      ) : null}
    </Section>
  );
}
