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
import { dateTimeFormat } from '@/lib/date-format';

const WITH_DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const TIME_ONLY: Intl.DateTimeFormatOptions = { timeStyle: 'short' };

/** "•••• 4242" never breaks between the dots and the digits. */
export function keepCardEndingTogether(text: string): string {
  return text.replace(/(•+) (\d+)/g, '$1\u00a0$2');
}

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
  const when = dateTimeFormat(i18n.language, showDate ? WITH_DATE : TIME_ONLY).format(createdAt);
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
          {/* Up to two lines, so a phone shows "Visa •••• 4242" whole rather than cut in the middle. */}
          <span className="line-clamp-2 break-words text-sm font-medium">
            {keepCardEndingTogether(describe(transaction))}
          </span>
          {/* Without room beside the time, the category moves under it: never squeezed to an empty pill. */}
          <span className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-muted-foreground">
            <time dateTime={transaction.createdAt} className="shrink-0">
              {when}
            </time>
            <CategoryChip category={category} className="max-w-full" />
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
