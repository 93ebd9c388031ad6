import type { UseQueryResult } from '@tanstack/react-query';
import type { AssistantUsage } from '@ztart/shared/contracts/assistant';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useGuestUsage, useUsage } from '@/features/assistant/api/assistant';

function Meter({ label, used, limit }: { label: string; used: number; limit: number }) {
  const id = useId();
  const percent = limit > 0 ? Math.min(100, Math.floor((used * 100) / limit)) : 100;
  return (
    <div className="flex flex-col gap-1">
      <meter
        id={id}
        min={0}
        max={Math.max(1, limit)}
        high={Math.floor(limit * 0.9)}
        value={Math.min(used, limit)}
        className="h-2 w-full"
      >
        {percent}%
      </meter>
      <label htmlFor={id} className="text-xs text-muted-foreground tabular-nums">
        {label}
      </label>
    </div>
  );
}

/** Tokens and cost used today and this month against the person's role quotas. */
export function UsageMeter() {
  return <UsageMeterOf usage={useUsage()} />;
}

/** A signed-out visitor's use of the help assistant against the guest quota. */
export function GuestUsageMeter() {
  return <UsageMeterOf usage={useGuestUsage()} />;
}

function UsageMeterOf({ usage }: { usage: UseQueryResult<AssistantUsage> }) {
  const { t, i18n } = useTranslation('assistant');
  const titleId = useId();
  if (usage.isPending) return <Skeleton className="h-24 rounded-xl" />;
  if (usage.isError) return null;
  const data: AssistantUsage = usage.data;
  const number = (value: number) => value.toLocaleString(i18n.language);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(data.resetsAt),
  );
  return (
    <section
      aria-labelledby={titleId}
      data-testid="assistant-usage"
      className="flex flex-col gap-2 rounded-xl border p-3"
    >
      <h2 id={titleId} className="text-sm font-medium">
        {t('usage.title')}
      </h2>
      <Meter
        label={t('usage.daily', {
          used: number(data.daily.usedTokens),
          limit: number(data.daily.limitTokens),
        })}
        used={data.daily.usedTokens}
        limit={data.daily.limitTokens}
      />
      <Meter
        label={t('usage.monthly', {
          used: number(data.monthly.usedTokens),
          limit: number(data.monthly.limitTokens),
        })}
        used={data.monthly.usedTokens}
        limit={data.monthly.limitTokens}
      />
      <Meter
        label={t('usage.cost', { used: number(data.costTodayCents), limit: number(data.costLimitCents) })}
        used={data.costTodayCents}
        limit={data.costLimitCents}
      />
      <p className="text-xs text-muted-foreground">{t('usage.resets', { time })}</p>
      {data.streaming ? <p className="text-xs text-muted-foreground">{t('usage.streaming')}</p> : null}
    </section>
  );
}
