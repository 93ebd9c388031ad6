import type { Budget } from '@ztart/shared/contracts/budgets';
import type { Category } from '@ztart/shared/contracts/transactions';
import { AlertTriangle, CheckCircle2, CircleAlert, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/components/money/money';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** How a budget stands: under 80 %, from 80 % (the first alert), or spent in full or beyond. */
export type BudgetStanding = 'onTrack' | 'near' | 'over';

export function standingOf(budget: Pick<Budget, 'spentMinor' | 'amountMinor'>): BudgetStanding {
  if (budget.spentMinor >= budget.amountMinor) return 'over';
  if (budget.spentMinor * 100 >= budget.amountMinor * 80) return 'near';
  return 'onTrack';
}

const STANDING_ICON = { onTrack: CheckCircle2, near: AlertTriangle, over: CircleAlert } as const;
const STANDING_TEXT = {
  onTrack: 'text-emerald-700 dark:text-emerald-400',
  near: 'text-amber-700 dark:text-amber-400',
  over: 'text-destructive',
} as const;
const STANDING_BAR = {
  onTrack: 'bg-emerald-600 dark:bg-emerald-400',
  near: 'bg-amber-500 dark:bg-amber-400',
  over: 'bg-destructive',
} as const;

/**
 * One budget: its category, what was spent of the limit as a bar (a progressbar with its values
 * and a sentence, never colour alone), what is left or how much it went over, and its actions.
 */
export function BudgetCard({
  budget,
  category,
  categoryName,
  onEdit,
  onDelete,
}: {
  budget: Budget;
  category: Category | undefined;
  categoryName: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('budgets');
  const format = useFormatMoney();
  const titleId = useId();
  const standing = standingOf(budget);
  const Icon = STANDING_ICON[standing];
  const spent = format(budget.spentMinor, budget.currency);
  const limit = format(budget.amountMinor, budget.currency);
  const valueText = t('card.progress', { percent: budget.percentUsed, spent, limit });

  return (
    <article
      aria-labelledby={titleId}
      data-testid="budget-card"
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <span
            aria-hidden="true"
            className="size-3 shrink-0 rounded-full"
            style={{ backgroundColor: category?.color ?? '#64748b' }}
          />
          <h2 id={titleId} className="truncate font-semibold">
            {categoryName}
          </h2>
          <span className="text-xs text-muted-foreground">{budget.currency}</span>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            onClick={onEdit}
            aria-label={t('actions.editNamed', { name: categoryName })}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={onDelete}
            aria-label={t('actions.deleteNamed', { name: categoryName })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 tabular-nums">
        <span className="text-lg font-semibold">{t('card.spentOf', { spent, limit })}</span>
        <span className="text-sm text-muted-foreground">
          {t('card.percent', { percent: budget.percentUsed })}
        </span>
      </p>
      <div
        role="progressbar"
        aria-labelledby={titleId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(budget.percentUsed, 100)}
        aria-valuetext={valueText}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full transition-[width]', STANDING_BAR[standing])}
          style={{ width: `${Math.min(budget.percentUsed, 100)}%` }}
        />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">{t('card.remaining')}</dt>
          <dd className="font-medium tabular-nums">{format(budget.remainingMinor, budget.currency)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('card.variance')}</dt>
          <dd className={cn('font-medium tabular-nums', budget.varianceMinor < 0 && 'text-destructive')}>
            {budget.varianceMinor < 0
              ? t('card.over', { amount: format(-budget.varianceMinor, budget.currency) })
              : t('card.under', { amount: format(budget.varianceMinor, budget.currency) })}
          </dd>
        </div>
      </dl>
      <p className={cn('flex items-center gap-1.5 text-sm font-medium', STANDING_TEXT[standing])}>
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {t(`standing.${standing}`)}
      </p>
    </article>
  );
}
