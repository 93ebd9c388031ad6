import type { Goal } from '@ztart/shared/contracts/goals';
import { CalendarClock, PartyPopper, PiggyBank } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/components/money/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCalendarDate } from '@/lib/calendar-date';

/**
 * One goal: its picture, what it holds of its target as a bar (a progressbar with its figures in
 * words), the date and what to put aside each month to reach it, and what can be done with it.
 */
export function GoalCard({
  goal,
  onAdd,
  onTakeOut,
  onEdit,
  onDelete,
}: {
  goal: Goal;
  onAdd: (goal: Goal) => void;
  onTakeOut: (goal: Goal) => void;
  onEdit: (goal: Goal) => void;
  onDelete: (goal: Goal) => void;
}) {
  const { t, i18n } = useTranslation('goals');
  const format = useFormatMoney();
  const titleId = useId();
  const saved = format(goal.savedMinor, goal.currency);
  const target = format(goal.targetMinor, goal.currency);
  const reached = goal.reachedAt !== null && goal.savedMinor >= goal.targetMinor;
  const leftMinor = Math.max(0, goal.targetMinor - goal.savedMinor);
  const today = new Date().toISOString().slice(0, 10);
  const overdue = goal.targetDate !== null && goal.targetDate < today && leftMinor > 0;

  return (
    <article
      aria-labelledby={titleId}
      data-testid="goal-card"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
    >
      <div className="flex items-start gap-3">
        {goal.pictureUrl ? (
          <img
            src={goal.pictureUrl}
            alt={t('card.pictureAlt', { name: goal.name })}
            className="size-14 shrink-0 rounded-lg bg-muted object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-14 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground"
          >
            <PiggyBank className="size-7" />
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="truncate text-lg font-semibold">
              {goal.name}
            </h2>
            {reached ? (
              <Badge variant="brand">
                <PartyPopper aria-hidden="true" className="size-3.5" />
                {t('card.reached')}
              </Badge>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground tabular-nums">{t('card.savedOf', { saved, target })}</p>
        </div>
        <p className="text-2xl font-semibold tabular-nums" aria-hidden="true">
          {t('card.progress', { percent: goal.progressPercent })}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={t('card.progressLabel', { name: goal.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={goal.progressPercent}
        aria-valuetext={t('card.progressText', { percent: goal.progressPercent, saved, target })}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-brand transition-[width] motion-reduce:transition-none"
          style={{ width: `${goal.progressPercent}%` }}
        />
      </div>
      <GoalPlan goal={goal} leftMinor={leftMinor} overdue={overdue} locale={i18n.language} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onAdd(goal)} aria-describedby={titleId}>
          {t('actions.add')}
        </Button>
        {goal.savedMinor > 0 ? (
          <Button variant="outline" onClick={() => onTakeOut(goal)} aria-describedby={titleId}>
            {t('actions.takeOut')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => onEdit(goal)} aria-describedby={titleId}>
          {t('actions.edit')}
        </Button>
        <Button variant="ghost" onClick={() => onDelete(goal)} aria-describedby={titleId}>
          {t('actions.delete')}
        </Button>
      </div>
    </article>
  );
}

/** The date and the monthly amount, or when the target was reached, or what is left. */
function GoalPlan({
  goal,
  leftMinor,
  overdue,
  locale,
}: {
  goal: Goal;
  leftMinor: number;
  overdue: boolean;
  locale: string;
}) {
  const { t } = useTranslation('goals');
  const format = useFormatMoney();
  if (goal.reachedAt !== null && leftMinor === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {t('card.reachedOn', { date: formatCalendarDate(goal.reachedAt.slice(0, 10), locale) })}
      </p>
    );
  }
  if (goal.targetDate === null) {
    return (
      <p className="text-sm text-muted-foreground">
        {t('card.left', { amount: format(leftMinor, goal.currency) })}
      </p>
    );
  }
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {t('card.byDate', { date: formatCalendarDate(goal.targetDate, locale) })}
        {' · '}
        {overdue
          ? t('card.overdue', { amount: format(leftMinor, goal.currency) })
          : goal.monthlyNeededMinor !== null
            ? t('card.monthly', { amount: format(goal.monthlyNeededMinor, goal.currency) })
            : null}
      </span>
    </p>
  );
}
