import type { Category, Transaction } from '@ztart/shared/contracts/transactions';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { TransactionRow } from '@/components/transactions/transaction-row';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The newest transactions (from the dashboard's answer, no request of their own), each opening its detail. */
export function RecentActivity({ items, categories }: { items: Transaction[]; categories: Category[] }) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const categoryOf = (id: string | null) => categories.find((category) => category.id === id) ?? null;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-2 sm:pb-2">
        <CardTitle id={titleId}>{t('recent.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <ul aria-labelledby={titleId} className="-mx-3 flex flex-col">
          {items.map((transaction) => (
            <TransactionRow
              key={transaction.id}
              transaction={transaction}
              category={categoryOf(transaction.categoryId)}
              showDate
            />
          ))}
        </ul>
        <Link to="/transactions" className={buttonVariants({ variant: 'ghost', className: 'self-start' })}>
          {t('recent.viewAll')}
        </Link>
      </CardContent>
    </Card>
  );
}

export function RecentActivitySkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <Skeleton className="h-4 w-32" />
      {Array.from({ length: rows }, (_, index) => (
        // Placeholders have no identity; their position is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <ListRowSkeleton key={index} />
      ))}
    </Card>
  );
}
