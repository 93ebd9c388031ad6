import type { XpEvent } from '@ztart/shared/contracts/gamification';
import { History, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GamificationLoadError } from '@/components/gamification/gamification-load-error';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { LoadMore } from '@/components/load-more';
import { useGamificationHistory } from '@/features/gamification/api/get-history';
import { cn } from '@/lib/cn';
import { dateTimeFormat } from '@/lib/date-format';

/** What earned XP, newest first, and what earned none under the anti-farming rules, with why. */
export function XpHistory() {
  const { t } = useTranslation('gamification');
  const titleId = useId();
  const query = useGamificationHistory();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('history.title')}
      </h2>
      {query.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-4">
          {Array.from({ length: 3 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, their position is their key
            <ListRowSkeleton key={index} />
          ))}
        </div>
      ) : query.isError && query.events.length === 0 ? (
        <GamificationLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.events.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-6 text-center">
          <History aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="max-w-sm text-sm text-pretty text-muted-foreground">{t('history.empty')}</p>
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-labelledby={titleId}>
            {query.events.map((event) => (
              <XpEventRow key={event.id} event={event} />
            ))}
          </ul>
          <LoadMore
            query={query}
            labels={{
              loadMore: t('history.loadMore'),
              loadingMore: t('history.loadingMore'),
              retry: t('retry'),
              end: query.events.length > 5 ? t('history.end') : null,
            }}
          />
        </>
      )}
    </section>
  );
}

function XpEventRow({ event }: { event: XpEvent }) {
  const { t, i18n } = useTranslation('gamification');
  const earned = event.xp > 0;
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(event.createdAt),
  );
  const detail = event.challengeId
    ? t('history.challenge', { challenge: t(`challenges.${event.challengeId}`) })
    : event.counterpartyZtartag
      ? t('history.withPerson', { ztartag: event.counterpartyZtartag })
      : null;
  return (
    <li data-testid="xp-event" className="flex items-start gap-3 rounded-xl border bg-card p-3">
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex size-10 shrink-0 items-center justify-center rounded-full',
          earned ? 'bg-brand-soft text-brand-soft-foreground' : 'bg-muted text-muted-foreground',
        )}
      >
        <Sparkles className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-sm font-medium">{t(`actions.${event.action}`)}</p>
        <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
          {detail ? <span>{detail}</span> : null}
          <time dateTime={event.createdAt}>{when}</time>
        </p>
        {event.withheld ? (
          <p className="text-sm text-muted-foreground">{t(`withheld.${event.withheld}`)}</p>
        ) : null}
      </div>
      <span className={cn('shrink-0 text-sm font-semibold tabular-nums', !earned && 'text-muted-foreground')}>
        {earned ? t('history.xp', { xp: event.xp }) : t('history.noXp')}
      </span>
    </li>
  );
}
