import type { TipTotalPeriod } from '@ztart/shared/contracts/qr-codes';
import { HandHeart, QrCode } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { LoadMore } from '@/components/load-more';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useTips } from '@/features/tips/api/get-tips';
import type { TipDirection } from '@/features/tips/api/tip-keys';
import { TipRow } from '@/features/tips/components/tip-row';
import { TipTotals } from '@/features/tips/components/tip-totals';
import { useErrorMessage } from '@/hooks/use-error-message';

/** The totals and the list of one direction, with loading, error, empty and "Load more". */
export function TipList({ direction }: { direction: TipDirection }) {
  const { t } = useTranslation('tips');
  const errorMessage = useErrorMessage();
  const query = useTips(direction);
  const [period, setPeriod] = useState<TipTotalPeriod>('last30d');

  if (query.isPending) return <TipListSkeleton />;

  if (query.isError && query.tips.length === 0) {
    return (
      <FormAlert>
        <p>
          {t('list.loadError')} {errorMessage(query.error)}
        </p>
        <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
          {t('list.retry')}
        </Button>
      </FormAlert>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <TipTotals totals={query.totals} direction={direction} period={period} onPeriod={setPeriod} />
      {query.tips.length === 0 ? (
        <EmptyTips direction={direction} />
      ) : (
        <div className="flex flex-col gap-3">
          <ul
            aria-label={direction === 'received' ? t('list.receivedLabel') : t('list.sentLabel')}
            aria-busy={query.isFetchingNextPage}
            className="-mx-3 flex flex-col"
          >
            {query.tips.map((tip) => (
              <TipRow key={tip.id} tip={tip} direction={direction} />
            ))}
          </ul>
          <LoadMore
            query={query}
            labels={{
              loadMore: t('list.loadMore'),
              loadingMore: t('list.loadingMore'),
              retry: t('list.retry'),
              end: t('list.end'),
            }}
          />
        </div>
      )}
    </div>
  );
}

function EmptyTips({ direction }: { direction: TipDirection }) {
  const { t } = useTranslation('tips');
  const received = direction === 'received';
  return (
    <div
      data-testid="tips-empty"
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground">
        <HandHeart aria-hidden="true" className="size-6" />
      </span>
      <p className="font-semibold">{received ? t('list.emptyReceivedTitle') : t('list.emptySentTitle')}</p>
      <p className="max-w-sm text-sm text-pretty text-muted-foreground">
        {received ? t('list.emptyReceivedBody') : t('list.emptySentBody')}
      </p>
      {received ? (
        <Link to="/qr-codes" className={buttonVariants({ variant: 'outline' })}>
          <QrCode aria-hidden="true" />
          {t('list.emptyReceivedAction')}
        </Link>
      ) : null}
    </div>
  );
}

function TipListSkeleton() {
  const { t } = useTranslation('tips');
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="sr-only">
        {t('list.loading')}
      </p>
      <Skeleton className="h-5 w-24" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      {['a', 'b', 'c', 'd'].map((key) => (
        <ListRowSkeleton key={key} />
      ))}
    </div>
  );
}
