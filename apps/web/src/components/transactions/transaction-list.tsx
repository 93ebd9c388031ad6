import { useQueryClient } from '@tanstack/react-query';
import type { Category } from '@ztart/shared/contracts/transactions';
import { FunnelX, ReceiptText } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { LoadMore } from '@/components/load-more';
import { useCategories } from '@/components/transactions/api/get-categories';
import { useTransactions } from '@/components/transactions/api/get-transactions';
import { transactionKeys } from '@/components/transactions/api/transaction-keys';
import {
  countActiveFilters,
  filtersToSearchParams,
  type TransactionFilters,
} from '@/components/transactions/filters';
import { groupByDay, localDay } from '@/components/transactions/group-by-day';
import { TransactionRow } from '@/components/transactions/transaction-row';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useFirstAnswerShown } from '@/hooks/use-first-answer-shown';
import { useAuth } from '@/lib/auth/auth-context';
import { cn } from '@/lib/cn';
import { dateTimeFormat } from '@/lib/date-format';

export interface TransactionListProps {
  /** Any fields of `GET /api/transactions`' query; none: every transaction. */
  filters?: TransactionFilters;
  /** Rows per page (and, in compact mode, the rows shown). */
  limit?: number;
  /** For other screens: a few rows without day headers, and a link to the full history instead of "Load more". */
  compact?: boolean;
  /** Replaces the default sentence shown when there are no transactions at all. */
  emptyText?: string;
  /** Shown as the action of "nothing matches these filters". */
  onClearFilters?: () => void;
  className?: string;
}

const COMPACT_LIMIT = 5;

/**
 * The person's transactions, newest first. The full list groups them by day and loads more on
 * request; the compact one is for embedding (the wallet's recent activity).
 */
export function TransactionList({
  filters = {},
  limit,
  compact = false,
  emptyText,
  onClearFilters,
  className,
}: TransactionListProps) {
  const { t } = useTranslation('transactions');
  const errorMessage = useErrorMessage();
  const query = useTransactions(filters, { limit: limit ?? (compact ? COMPACT_LIMIT : undefined) });
  const categories = useCategories();
  useDemoMoneyRefresh();

  const categoryById = useMemo(
    () => new Map<string, Category>((categories.data ?? []).map((category) => [category.id, category])),
    [categories.data],
  );
  const categoryOf = (id: string | null) => (id ? (categoryById.get(id) ?? null) : null);

  const answerShown = useFirstAnswerShown(query.isPending);
  if (!answerShown || query.isPending) return <ListSkeleton rows={compact ? 3 : 6} className={className} />;

  if (query.isError && query.transactions.length === 0) {
    return (
      <FormAlert className={className}>
        <p>
          {t('list.loadError')} {errorMessage(query.error)}
        </p>
        <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
          {t('list.retry')}
        </Button>
      </FormAlert>
    );
  }

  if (query.transactions.length === 0) {
    // "Nothing matches" only for filters the person set and can clear; a screen's own fixed
    // filter (the payments sent) has nothing to clear, so it gets the true empty state.
    const filtered = countActiveFilters(filters) > 0 && onClearFilters !== undefined;
    return filtered ? (
      <EmptyState
        className={className}
        icon={FunnelX}
        title={t('list.noMatchTitle')}
        body={t('list.noMatchBody')}
        action={
          <Button variant="outline" onClick={onClearFilters}>
            {t('filters.clear')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        className={className}
        icon={ReceiptText}
        title={t('list.emptyTitle')}
        body={emptyText ?? t('list.emptyBody')}
        action={
          compact ? null : (
            <Link to="/wallet" className={buttonVariants({ variant: 'outline' })}>
              {t('list.emptyAction')}
            </Link>
          )
        }
      />
    );
  }

  if (compact) {
    const search = filtersToSearchParams(filters).toString();
    return (
      <div className={cn('flex flex-col gap-2', className)}>
        <ul aria-label={t('list.label')} className="-mx-3 flex flex-col">
          {query.transactions.slice(0, limit ?? COMPACT_LIMIT).map((transaction) => (
            <TransactionRow
              key={transaction.id}
              transaction={transaction}
              category={categoryOf(transaction.categoryId)}
              showDate
            />
          ))}
        </ul>
        <Link
          to={`/transactions${search ? `?${search}` : ''}`}
          className={buttonVariants({ variant: 'ghost', className: 'self-start' })}
        >
          {t('list.viewAll')}
        </Link>
      </div>
    );
  }

  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <div aria-busy={query.isFetchingNextPage} className="flex flex-col gap-4">
        {groupByDay(query.transactions).map((group) => (
          <DaySection key={group.day} day={group.day} label={t('list.label')}>
            {group.transactions.map((transaction) => (
              <TransactionRow
                key={transaction.id}
                transaction={transaction}
                category={categoryOf(transaction.categoryId)}
              />
            ))}
          </DaySection>
        ))}
      </div>
      <LoadMore
        query={query}
        labels={{
          loadMore: t('list.loadMore'),
          loadingMore: t('list.loadingMore'),
          retry: t('list.retry'),
          end: query.transactions.length > 0 ? t('list.end') : null,
        }}
      />
    </div>
  );
}

/** One day's rows under its date ("Today", "Yesterday", "Monday 2 March"). */
function DaySection({ day, label, children }: { day: string; label: string; children: ReactNode }) {
  const headingId = useId();
  const dayLabel = useDayLabel();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <h2 id={headingId} className="px-1 text-sm font-semibold text-muted-foreground">
        {dayLabel(day)}
      </h2>
      <ul aria-label={`${label}, ${dayLabel(day)}`} className="-mx-3 flex flex-col sm:mx-0">
        {children}
      </ul>
    </section>
  );
}

export function useDayLabel(): (day: string) => string {
  const { t, i18n } = useTranslation('transactions');
  return (day: string) => {
    const now = new Date();
    const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
    if (day === localDay(now)) return t('list.today');
    if (day === localDay(yesterday)) return t('list.yesterday');
    const [year, month, date] = day.split('-').map((part) => Number.parseInt(part, 10));
    const value = new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
    return dateTimeFormat(i18n.language, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      ...(value.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    }).format(value);
  };
}

function EmptyState({
  icon: Icon,
  title,
  body,
  action,
  className,
}: {
  icon: typeof ReceiptText;
  title: string;
  body: string;
  action: ReactNode;
  className?: string;
}) {
  return (
    <div
      data-testid="transactions-empty"
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center',
        className,
      )}
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand-soft-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="font-semibold">{title}</p>
      <p className="max-w-sm text-sm text-pretty text-muted-foreground">{body}</p>
      {action}
    </div>
  );
}

function ListSkeleton({ rows, className }: { rows: number; className?: string }) {
  const { t } = useTranslation('transactions');
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <p role="status" className="sr-only">
        {t('list.loading')}
      </p>
      <Skeleton className="h-4 w-24" />
      {Array.from({ length: rows }, (_, index) => (
        // Placeholders have no identity; their position is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <ListRowSkeleton key={index} />
      ))}
    </div>
  );
}

/** In the demo, simulated payments (and their settling a moment later) show up in the lists at once. */
function useDemoMoneyRefresh(): void {
  const { demo } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!demo) return;
    // The demo's money loads only in the demo.
    let unsubscribe: (() => void) | undefined;
    let left = false;
    void import('@/lib/demo/demo-money').then(({ subscribeDemoMoney }) => {
      if (left) return;
      unsubscribe = subscribeDemoMoney(
        () => void queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      );
    });
    return () => {
      left = true;
      unsubscribe?.();
    };
  }, [demo, queryClient]);
}
