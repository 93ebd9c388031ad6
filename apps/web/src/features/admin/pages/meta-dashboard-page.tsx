import type { MetaOverview } from '@ztart/shared/contracts/admin';
import type { Currency } from '@ztart/shared/money';
import { Gauge } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '@/components/money/money';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { type MetaPeriod, useMetaOverview } from '@/features/admin/api/meta-overview';
import { AdminSection, QueryState } from '@/features/admin/components/query-states';
import { useMetaDashboardAccess } from '@/lib/auth/meta-dashboard-access';

type DayVolume = { date: string; currency: Currency; count: number; amountMinor: number };
type DayCount = { date: string; count: number };

/** Count and amount per currency over a period of daily rows. */
function totalsByCurrency(rows: readonly DayVolume[]) {
  const totals = new Map<Currency, { count: number; amountMinor: number }>();
  for (const row of rows) {
    const total = totals.get(row.currency) ?? { count: 0, amountMinor: 0 };
    totals.set(row.currency, {
      count: total.count + row.count,
      amountMinor: total.amountMinor + row.amountMinor,
    });
  }
  return [...totals.entries()].map(([currency, total]) => ({ currency, ...total }));
}

const sumOf = (rows: readonly DayCount[]) => rows.reduce((sum, row) => sum + row.count, 0);

/**
 * `/meta-dashboard`: what the server's access level allows (spec §7) — a business user their
 * own figures, pro and expert the product analytics, an admin everything.
 */
export function MetaDashboardPage() {
  const { t } = useTranslation('admin');
  const access = useMetaDashboardAccess();
  const [period, setPeriod] = useState<MetaPeriod | null>(null);
  const query = useMetaOverview(period);
  const level = access.data?.access_level ?? null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={Gauge} title={t('meta.title')} description={t('meta.description')}>
        {level ? (
          <p data-testid="meta-access-level" className="text-sm text-muted-foreground">
            {t('meta.level', { level: t(`meta.levels.${level}`) })}
          </p>
        ) : null}
      </PageHeader>
      <PeriodForm onApply={setPeriod} />
      <QueryState query={query} loadingLabel={t('meta.loading')}>
        {() => (query.data ? <Overview overview={query.data} /> : null)}
      </QueryState>
    </div>
  );
}

function PeriodForm({ onApply }: { onApply: (period: MetaPeriod | null) => void }) {
  const { t } = useTranslation('admin');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from && !to) {
      setProblem(undefined);
      onApply(null);
      return;
    }
    if (!from || !to) return setProblem(t('meta.periodIncomplete'));
    if (from > to) return setProblem(t('meta.periodOrder'));
    setProblem(undefined);
    onApply({ from, to });
  };
  return (
    <form onSubmit={submit} className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
      <TextField
        type="date"
        label={t('meta.from')}
        value={from}
        onChange={(event) => setFrom(event.target.value)}
      />
      <TextField
        type="date"
        label={t('meta.to')}
        value={to}
        error={problem}
        onChange={(event) => setTo(event.target.value)}
      />
      <Button type="submit" className="sm:mt-7">
        {t('meta.apply')}
      </Button>
    </form>
  );
}

function Overview({ overview }: { overview: MetaOverview }) {
  const { t, i18n } = useTranslation('admin');
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground" data-testid="meta-period">
        {t('meta.period', { from: overview.from, to: overview.to })}
      </p>
      {overview.platform ? (
        <AdminSection title={t('meta.platform')} testId="meta-platform">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <Figure label={t('meta.people')} value={number(overview.platform.people)} />
            <Figure label={t('meta.suspended')} value={number(overview.platform.suspended)} />
          </dl>
          <MoneyList
            rows={overview.platform.totals.map((total) => ({
              currency: total.currency,
              amountMinor: total.peopleMinor,
            }))}
          />
        </AdminSection>
      ) : null}
      {overview.product ? (
        <AdminSection title={t('meta.product')} testId="meta-product">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Figure label={t('meta.signUps')} value={number(sumOf(overview.product.signUps))} />
            <Figure
              label={t('meta.activePeople')}
              value={number(Math.max(0, ...overview.product.activePeople.map((day) => day.count)))}
              hint={t('meta.activePeopleHint')}
            />
            <Figure label={t('meta.quickTipViews')} value={number(overview.product.quickTip.pageViews)} />
            <Figure
              label={t('meta.conversion')}
              value={
                overview.product.quickTip.conversionBasisPoints === null
                  ? t('meta.noViews')
                  : new Intl.NumberFormat(i18n.language, {
                      style: 'percent',
                      maximumFractionDigits: 2,
                    }).format(overview.product.quickTip.conversionBasisPoints / 10_000)
              }
            />
          </dl>
          <h3 className="font-medium">{t('meta.tips')}</h3>
          <VolumeTable rows={overview.product.tips} />
          <h3 className="font-medium">{t('meta.volume')}</h3>
          <VolumeTable rows={overview.product.volume} />
          <h3 className="font-medium">{t('meta.actions')}</h3>
          {overview.product.actions.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('meta.noActions')}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm" data-testid="meta-actions">
              {overview.product.actions.map((action) => (
                <li key={action.actionType} className="flex justify-between gap-3">
                  <code className="font-mono text-xs">{action.actionType}</code>
                  <span className="tabular-nums">{number(action.count)}</span>
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
      ) : null}
      {overview.business ? (
        <AdminSection title={t('meta.business')} testId="meta-business">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <Figure label={t('meta.qrScans')} value={number(overview.business.qrScans)} />
            <Figure
              label={t('meta.tipsReceived')}
              value={number(overview.business.tipsReceived.reduce((sum, row) => sum + row.count, 0))}
            />
          </dl>
          <VolumeTable rows={overview.business.tipsReceived} />
        </AdminSection>
      ) : null}
    </div>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="flex flex-col rounded-lg bg-muted/40 p-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

function MoneyList({ rows }: { rows: readonly { currency: Currency; amountMinor: number }[] }) {
  const { t } = useTranslation('admin');
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('meta.noMoney')}</p>;
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-1">
      {rows.map((row) => (
        <li key={row.currency} className="text-lg font-semibold tabular-nums">
          <Money amountMinor={row.amountMinor} currency={row.currency} />
        </li>
      ))}
    </ul>
  );
}

/** Per currency over the period: how many and how much. */
function VolumeTable({ rows }: { rows: readonly DayVolume[] }) {
  const { t, i18n } = useTranslation('admin');
  const totals = totalsByCurrency(rows);
  if (totals.length === 0) return <p className="text-sm text-muted-foreground">{t('meta.noMoney')}</p>;
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-muted-foreground">
          <th scope="col" className="py-1 font-medium">
            {t('finances.currency')}
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            {t('meta.count')}
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            {t('meta.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {totals.map((total) => (
          <tr key={total.currency} className="border-t">
            <th scope="row" className="py-2 text-left font-medium">
              {total.currency}
            </th>
            <td className="py-2 text-right tabular-nums">
              {new Intl.NumberFormat(i18n.language).format(total.count)}
            </td>
            <td className="py-2 text-right tabular-nums">
              <Money amountMinor={total.amountMinor} currency={total.currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
