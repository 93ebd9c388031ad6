import type {
  Category,
  Transaction,
  TransactionKind,
  TransactionStatus,
} from '@ztart/shared/contracts/transactions';
import { formatMoney } from '@ztart/shared/money';
import {
  ArrowDownLeft,
  ArrowDownToLine,
  ArrowUpFromLine,
  ArrowUpRight,
  FileCheck,
  FileText,
  HandCoins,
  HandHeart,
  type LucideIcon,
  PiggyBank,
  TrendingDown,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusPill } from '@/components/status-pill';
import { useCategoryName } from '@/components/transactions/categories';
import { cn } from '@/lib/cn';

const KIND_ICONS: Record<TransactionKind, LucideIcon> = {
  deposit: ArrowDownToLine,
  withdrawal: ArrowUpFromLine,
  transfer_in: ArrowDownLeft,
  transfer_out: ArrowUpRight,
  tip_in: HandCoins,
  tip_out: HandHeart,
  goal_deposit: PiggyBank,
  goal_withdrawal: Wallet,
  investment_buy: TrendingUp,
  investment_sell: TrendingDown,
  invoice_in: FileCheck,
  invoice_out: FileText,
};

/** The kind's icon in a round tile; decorative, the description says what it is. */
export function KindIcon({ transaction, className }: { transaction: Transaction; className?: string }) {
  const Icon = KIND_ICONS[transaction.kind];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full',
        transaction.type === 'income'
          ? 'bg-brand-soft text-brand-soft-foreground'
          : 'bg-secondary text-secondary-foreground',
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}

/** A transaction's status (pending, completed, failed). */
export function StatusBadge({ status, className }: { status: TransactionStatus; className?: string }) {
  const { t } = useTranslation('transactions');
  return (
    <StatusPill
      status={status}
      label={t(`status.${status}`)}
      hint={t(`statusHint.${status}`)}
      className={className}
    />
  );
}

/**
 * The amount with its sign: income "+" in green, expense "−" in the normal text colour (a
 * payment is not an alarm, UX.md); a failed one struck through, as no money moved. The person's
 * own moves (into or out of a goal, an investment order) are neither: the sign says which way the
 * available wallet went, in the normal colour.
 */
export function SignedAmount({
  transaction,
  className,
}: {
  transaction: Pick<Transaction, 'type' | 'kind' | 'status' | 'amountMinor' | 'currency'>;
  className?: string;
}) {
  const { t, i18n } = useTranslation('transactions');
  const income = transaction.type === 'income';
  const intoWallet =
    income || transaction.kind === 'goal_withdrawal' || transaction.kind === 'investment_sell';
  const formatted = formatMoney(transaction.amountMinor, transaction.currency, i18n.language);
  return (
    <span
      className={cn(
        'font-semibold whitespace-nowrap tabular-nums',
        transaction.status === 'failed'
          ? 'text-muted-foreground line-through'
          : income
            ? 'text-emerald-700 dark:text-emerald-400'
            : 'text-foreground',
        className,
      )}
    >
      <span className="sr-only">{t(`type.${transaction.type}`)}: </span>
      {/* U+2212, the minus sign, reads and aligns better than a hyphen. */}
      <span aria-hidden="true">{intoWallet ? '+' : '\u2212'}</span>
      {formatted}
    </span>
  );
}

/** The category's name with its colour dot. */
export function CategoryChip({ category, className }: { category: Category | null; className?: string }) {
  const { t } = useTranslation('transactions');
  const nameOf = useCategoryName();
  return (
    <span
      className={cn(
        'inline-flex max-w-40 items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs text-muted-foreground',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="size-2 shrink-0 rounded-full bg-muted-foreground/40"
        style={category ? { backgroundColor: category.color } : undefined}
      />
      <span className="truncate">{category ? nameOf(category) : t('uncategorized')}</span>
    </span>
  );
}
