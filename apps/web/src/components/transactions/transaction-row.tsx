import type { Category, Transaction } from '@ztart/shared/contracts/transactions';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDescribeTransaction } from '@/components/transactions/describe';
import {
  CategoryChip,
  KindIcon,
  SignedAmount,
  StatusBadge,
} from '@/components/transactions/transaction-parts';

/** Where the detail's back link returns: the list as it was, filters included. */
export interface TransactionLinkState {
  from?: string;
}

export function TransactionRow({
  transaction,
  category,
  showDate = false,
}: {
  transaction: Transaction;
  category: Category | null;
  /** Rows under a day header show the time only; a compact list has no headers. */
  showDate?: boolean;
}) {
  const { i18n } = useTranslation('transactions');
  const describe = useDescribeTransaction();
  const location = useLocation();
  const createdAt = new Date(transaction.createdAt);
  const when = new Intl.DateTimeFormat(
    i18n.language,
    showDate ? { dateStyle: 'medium', timeStyle: 'short' } : { timeStyle: 'short' },
  ).format(createdAt);
  const state: TransactionLinkState = { from: `${location.pathname}${location.search}` };

  return (
    <li>
      <Link
        to={`/transactions/${transaction.id}`}
        state={state}
        data-testid="transaction-row"
        className="flex min-h-16 items-center gap-3 rounded-lg px-3 py-2.5 transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <KindIcon transaction={transaction} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="truncate text-sm font-medium">{describe(transaction)}</span>
          {/* On a narrow phone the category gives way first: clipped inside its column, never under the status. */}
          <span className="flex min-w-0 items-center gap-1.5 overflow-hidden text-xs text-muted-foreground">
            <time dateTime={transaction.createdAt} className="shrink-0">
              {when}
            </time>
            <CategoryChip category={category} className="min-w-0" />
          </span>
        </div>
        {/* Amount and status side by side with the description: a phone row stays two lines tall. */}
        <div className="flex shrink-0 flex-col items-end gap-1">
          <SignedAmount transaction={transaction} className="text-sm sm:text-base" />
          <StatusBadge status={transaction.status} />
        </div>
      </Link>
    </li>
  );
}
