import type { AnalyticsBucket } from '@ztart/shared/contracts/analytics';
import { presetPeriod } from '@ztart/shared/contracts/analytics';
import type { BusinessInsights } from '@ztart/shared/contracts/business-insights';
import type { Business } from '@ztart/shared/contracts/businesses';
import { ChartNoAxesColumn, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart, LegendSwatch } from '@/components/charts/bar-chart';
import { ChartCard, FiguresTable } from '@/components/charts/chart-card';
import { axisLabel, compactMoney, periodName, stepName } from '@/components/charts/format';
import { useFormatMoney } from '@/components/money/money';
import { Button, buttonVariants } from '@/components/ui/button';
import { Field, INPUT_CLASS } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import {
  type BusinessPeriodRequest,
  financialsUrl,
  useBusinessInsights,
} from '@/features/business/api/insights';
import { ForbiddenState, isForbidden } from '@/features/business/components/forbidden-state';
import { useErrorMessage } from '@/hooks/use-error-message';

const PRESETS = ['thisMonth', 'lastMonth', 'last3Months', 'thisYear'] as const;
type Preset = (typeof PRESETS)[number];
const BUCKETS = ['auto', 'day', 'week', 'month'] as const;
type BucketChoice = (typeof BUCKETS)[number];

const TIPS = { key: 'tips', color: 'var(--chart-tips)' };
const SHARED = { key: 'distributed', color: 'var(--chart-expense)', striped: true };

/** The request of a preset: this month is the server's default (up to today on the person's clock). */
function requestOf(preset: Preset, bucket: BucketChoice, today: string | null): BusinessPeriodRequest {
  const grouped = bucket === 'auto' ? {} : { bucket: bucket as AnalyticsBucket };
  if (preset === 'thisMonth' || !today) return grouped;
  return { ...presetPeriod(preset, today), ...grouped };
}

/**
 * The business's figures (`viewRevenue`): revenue and tips over the chosen period by day, week or
 * month, what each member received (`viewTeamAnalytics`) and each QR code brought; and its
 * financial statement as CSV or PDF (`exportFinancials`) for the same period.
 */
export function BusinessInsightsSection({ business }: { business: Business }) {
  const { t } = useTranslation('business');
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const canView = business.myPermissions.includes('viewRevenue');
  const canExport = business.myPermissions.includes('exportFinancials');
  const [preset, setPreset] = useState<Preset>('thisMonth');
  const [bucket, setBucket] = useState<BucketChoice>('auto');
  // "Today" on the person's clock, as the server answered this month's figures (its last day).
  const [today, setToday] = useState<string | null>(null);
  const request = requestOf(preset, bucket, today);
  const insights = useBusinessInsights(business.id, request, canView);
  if (insights.data && preset === 'thisMonth' && today !== insights.data.period.to) {
    setToday(insights.data.period.to);
  }
  if (!canView && !canExport) return null;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4" data-testid="business-insights">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <ChartNoAxesColumn aria-hidden="true" className="size-5" />
        {t('insights.title')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('insights.period')} className="min-w-44">
          {(control) => (
            <select
              {...control}
              data-testid="insights-period"
              className={INPUT_CLASS}
              value={preset}
              onChange={(event) => setPreset(event.target.value as Preset)}
            >
              {PRESETS.map((item) => (
                <option key={item} value={item} disabled={item !== 'thisMonth' && !today}>
                  {t(`insights.presets.${item}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {canView ? (
          <Field label={t('insights.groupBy')} className="min-w-36">
            {(control) => (
              <select
                {...control}
                data-testid="insights-bucket"
                className={INPUT_CLASS}
                value={bucket}
                onChange={(event) => setBucket(event.target.value as BucketChoice)}
              >
                {BUCKETS.map((item) => (
                  <option key={item} value={item}>
                    {t(`insights.buckets.${item}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {canExport ? (
          <div className="flex flex-wrap gap-2" data-testid="financials-export">
            {(['csv', 'pdf'] as const).map((format) => (
              <a
                key={format}
                // A plain link: the browser downloads it with the session cookie.
                href={financialsUrl(business.id, format, request)}
                download
                data-testid={`financials-${format}`}
                className={buttonVariants({ variant: 'outline' })}
              >
                <Download aria-hidden="true" />
                {t('insights.export', { format: format.toUpperCase() })}
              </a>
            ))}
          </div>
        ) : null}
      </div>
      {canExport ? <p className="text-sm text-muted-foreground">{t('insights.exportHint')}</p> : null}
      {!canView ? null : insights.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" data-testid="insights-loading">
          <span className="sr-only">{t('insights.loading')}</span>
          <Skeleton className="h-20 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
      ) : insights.isError ? (
        isForbidden(insights.error) ? (
          <ForbiddenState error={insights.error} testId="insights-forbidden" />
        ) : (
          <FormAlert>
            <p>{errorMessage(insights.error)}</p>
            <Button variant="outline" className="self-start" onClick={() => void insights.refetch()}>
              {t('actions.retry')}
            </Button>
          </FormAlert>
        )
      ) : (
        <InsightsFigures insights={insights.data} />
      )}
    </section>
  );
}

function InsightsFigures({ insights }: { insights: BusinessInsights }) {
  const { t, i18n } = useTranslation('business');
  const format = useFormatMoney();
  const { currency, period, totals } = insights;
  const money = (minor: number) => format(minor, currency);
  const empty = totals.revenueMinor === 0 && totals.distributedMinor === 0;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="insights-totals">
        {[
          { key: 'revenue', label: t('insights.revenue'), value: money(totals.revenueMinor) },
          {
            key: 'tips',
            label: t('insights.tips'),
            value: `${money(totals.tipsMinor)} · ${t('insights.tipsCount', { count: totals.tipsCount })}`,
          },
          { key: 'distributed', label: t('insights.distributed'), value: money(totals.distributedMinor) },
        ].map((item) => (
          <div
            key={item.key}
            className="rounded-xl border bg-card p-4"
            data-testid={`insights-total-${item.key}`}
          >
            <dt className="text-sm text-muted-foreground">{item.label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{item.value}</dd>
          </div>
        ))}
      </dl>
      {empty ? (
        <p
          className="rounded-xl border border-dashed p-6 text-center text-muted-foreground"
          data-testid="insights-empty"
        >
          {t('insights.empty')}
        </p>
      ) : (
        <ChartCard
          testId="insights-series"
          title={t('insights.seriesTitle')}
          summary={t('insights.summary', {
            from: periodName(period.from, period.from, i18n.language),
            to: periodName(period.to, period.to, i18n.language),
            revenue: money(totals.revenueMinor),
            tips: money(totals.tipsMinor),
            distributed: money(totals.distributedMinor),
          })}
          chart={(summaryId) => (
            <div className="flex flex-col gap-3">
              <BarChart
                testId="insights-chart"
                title={t('insights.seriesTitle')}
                labelledBy={summaryId}
                series={[TIPS, SHARED]}
                steps={insights.series.map((step) => ({
                  key: step.start,
                  axisLabel: axisLabel(step, period.bucket, i18n.language),
                  values: [step.tipsMinor, step.distributedMinor],
                }))}
                formatTick={(minor) => compactMoney(minor, currency, i18n.language)}
              />
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                <li className="flex items-center gap-1.5">
                  <LegendSwatch color={TIPS.color} />
                  {t('insights.tips')}
                </li>
                <li className="flex items-center gap-1.5">
                  <LegendSwatch color={SHARED.color} striped />
                  {t('insights.distributed')}
                  <span className="sr-only">{t('insights.legend')}</span>
                </li>
              </ul>
            </div>
          )}
          table={
            <FiguresTable
              caption={t('insights.seriesTitle')}
              columns={[
                { label: t('insights.step') },
                { label: t('insights.revenue'), numeric: true },
                { label: t('insights.tips'), numeric: true },
                { label: t('insights.count'), numeric: true },
                { label: t('insights.distributed'), numeric: true },
              ]}
              rows={insights.series.map((step) => ({
                key: step.start,
                cells: [
                  stepName(step, period.bucket, i18n.language),
                  money(step.revenueMinor),
                  money(step.tipsMinor),
                  step.tipsCount,
                  money(step.distributedMinor),
                ],
              }))}
            />
          }
        />
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {insights.byMember ? (
          <ChartCard
            testId="insights-members"
            title={t('insights.membersTitle')}
            summary={t('insights.membersSummary')}
            chart={null}
            table={
              insights.byMember.length === 0 ? (
                <p className="text-muted-foreground">{t('insights.noMembers')}</p>
              ) : (
                <FiguresTable
                  caption={t('insights.membersTitle')}
                  columns={[
                    { label: t('insights.member') },
                    { label: t('insights.received'), numeric: true },
                    { label: t('insights.shares'), numeric: true },
                  ]}
                  rows={insights.byMember.map((member) => ({
                    key: member.userId,
                    cells: [
                      member.fullName ?? (member.ztartag ? `@${member.ztartag}` : ''),
                      money(member.receivedMinor),
                      member.shares,
                    ],
                  }))}
                />
              )
            }
          />
        ) : null}
        <ChartCard
          testId="insights-qr-codes"
          title={t('insights.qrTitle')}
          summary={t('insights.qrSummary')}
          chart={null}
          table={
            insights.byQrCode.length === 0 ? (
              <p className="text-muted-foreground">{t('insights.noQrCodes')}</p>
            ) : (
              <FiguresTable
                caption={t('insights.qrTitle')}
                columns={[
                  { label: t('insights.qrCode') },
                  { label: t('insights.tips'), numeric: true },
                  { label: t('insights.count'), numeric: true },
                  { label: t('insights.scans'), numeric: true },
                ]}
                rows={insights.byQrCode.map((qr) => ({
                  key: qr.qrCodeId,
                  cells: [qr.title, money(qr.tipsMinor), qr.tipsCount, qr.scans],
                }))}
              />
            )
          }
        />
      </div>
    </div>
  );
}
