import {
  BUDGET_MONTH_PATTERN,
  type Budget,
  type BudgetTotal,
  budgetMonthWindow,
  shiftMonth,
} from '@ztart/shared/contracts/budgets';
import { ChevronLeft, ChevronRight, Copy, PiggyBank, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { useFormatMoney } from '@/components/money/money';
import { PageHeader } from '@/components/page-header';
import { useCategories } from '@/components/transactions';
import { useCategoryName } from '@/components/transactions/categories';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { useBudgets, useCopyBudgets, useDeleteBudget } from '@/features/budgets/api/budgets';
import { BudgetCard } from '@/features/budgets/components/budget-card';
import { BudgetForm } from '@/features/budgets/components/budget-form';
import { useErrorMessage } from '@/hooks/use-error-message';

/** "May 2026" in the person's language: a calendar month, not an instant, so read in UTC. */
export function formatMonth(month: string, locale: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, monthNumber - 1, 1)),
  );
}

/**
 * `/budget`: a month's spending limits per category and currency (`?month=YYYY-MM`, the person's
 * current month without it), each with what was spent, what is left and the variance; setting,
 * changing and deleting them, and copying the month before's.
 */
export function BudgetPage() {
  const { t, i18n } = useTranslation('budgets');
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get('month');
  const requested = param && BUDGET_MONTH_PATTERN.test(param) ? param : null;
  const query = useBudgets(requested);
  const categories = useCategories();
  const categoryName = useCategoryName();
  const errorMessage = useErrorMessage();
  const copy = useCopyBudgets();
  const [editing, setEditing] = useState<Budget | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Budget | null>(null);

  const month = query.data?.month ?? requested;
  const monthLabel = month ? formatMonth(month, i18n.language) : '';
  // The switcher stays inside the months the server keeps budgets for.
  const monthWindow = query.data ? budgetMonthWindow(query.data.currentMonth) : null;
  const previous = month && (!monthWindow || month > monthWindow.first) ? shiftMonth(month, -1) : null;
  const next = month && (!monthWindow || month < monthWindow.last) ? shiftMonth(month, 1) : null;
  const goTo = (next: string | null) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next) params.set('month', next);
      else params.delete('month');
      return params;
    });
  const copyPrevious = () => {
    if (!month || !previous) return;
    copy.mutate(
      { fromMonth: previous, toMonth: month },
      {
        onSuccess: (answer) =>
          toast({
            title:
              answer.copied === 0
                ? t('copy.none', { month: formatMonth(previous, i18n.language) })
                : t('copy.done', { count: answer.copied }),
            variant: answer.copied === 0 ? 'default' : 'success',
          }),
      },
    );
  };
  const ready = query.isSuccess && categories.isSuccess;
  const categoryOf = (id: string) => categories.data?.find((category) => category.id === id);
  const nameOf = (id: string) => {
    const category = categoryOf(id);
    return category ? categoryName(category) : t('card.unknownCategory');
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={PiggyBank} title={t('title')} description={t('description')}>
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => setEditing('new')} disabled={!ready}>
            <Plus aria-hidden="true" />
            {t('actions.add')}
          </Button>
          <Button variant="outline" onClick={copyPrevious} disabled={!ready || copy.isPending}>
            <Copy aria-hidden="true" />
            {previous
              ? t('actions.copyFrom', { month: formatMonth(previous, i18n.language) })
              : t('actions.copy')}
          </Button>
        </div>
      </PageHeader>

      <nav
        aria-label={t('month.label')}
        className="flex items-center justify-between gap-2 rounded-xl border bg-card p-2"
      >
        <Button
          variant="ghost"
          size="icon"
          disabled={!previous}
          onClick={() => goTo(previous)}
          aria-label={
            previous
              ? t('month.previousNamed', { month: formatMonth(previous, i18n.language) })
              : t('month.previous')
          }
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <div className="flex flex-col items-center text-center">
          <div data-testid="budget-month" aria-live="polite" className="text-lg font-semibold capitalize">
            {month ? monthLabel : <Skeleton className="h-6 w-32" />}
          </div>
          {query.data && query.data.month !== query.data.currentMonth ? (
            <Button variant="ghost" className="min-h-8 py-0 text-brand" onClick={() => goTo(null)}>
              {t('month.current')}
            </Button>
          ) : query.data ? (
            <p className="text-xs text-muted-foreground">
              {t('month.timeZone', { zone: query.data.timeZone.replaceAll('_', ' ') })}
            </p>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="icon"
          disabled={!next}
          onClick={() => goTo(next)}
          aria-label={
            next ? t('month.nextNamed', { month: formatMonth(next, i18n.language) }) : t('month.next')
          }
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>

      {copy.isError ? (
        <FormAlert>
          <p>{errorMessage(copy.error)}</p>
        </FormAlert>
      ) : null}

      {query.isPending || categories.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <p className="sr-only" role="status">
            {t('list.loading')}
          </p>
          {[0, 1, 2].map((index) => (
            <div key={index} className="flex flex-col gap-3 rounded-xl border p-4">
              <ListRowSkeleton />
              <Skeleton className="h-3 w-full rounded-full" />
            </div>
          ))}
        </div>
      ) : query.isError || categories.isError ? (
        <FormAlert>
          <p>{errorMessage(query.error ?? categories.error)}</p>
          <Button
            variant="outline"
            className="self-start"
            onClick={() => {
              if (query.isError) void query.refetch();
              if (categories.isError) void categories.refetch();
            }}
          >
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : query.data.items.length === 0 ? (
        <div
          data-testid="budgets-empty"
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
        >
          <PiggyBank aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="font-medium">{t('list.empty', { month: monthLabel })}</p>
          <p className="max-w-md text-sm text-muted-foreground">{t('list.emptyHint')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              {t('actions.add')}
            </Button>
            <Button variant="outline" onClick={copyPrevious} disabled={copy.isPending}>
              <Copy aria-hidden="true" />
              {previous
                ? t('actions.copyFrom', { month: formatMonth(previous, i18n.language) })
                : t('actions.copy')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <Totals totals={query.data.totals} />
          <ul className="grid gap-3 md:grid-cols-2">
            {query.data.items.map((budget) => (
              <li key={budget.id}>
                <BudgetCard
                  budget={budget}
                  category={categoryOf(budget.categoryId)}
                  categoryName={nameOf(budget.categoryId)}
                  onEdit={() => setEditing(budget)}
                  onDelete={() => setDeleting(budget)}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing === 'new' ? t('form.titleNew') : t('form.titleEdit')}
        closeLabel={t('actions.close')}
        className="max-w-lg"
      >
        {editing !== null && month && query.data && categories.data ? (
          <BudgetForm
            month={month}
            monthLabel={monthLabel}
            budget={editing === 'new' ? null : editing}
            budgets={query.data.items}
            categories={categories.data}
            categoryName={categoryName}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('delete.title')}
        closeLabel={t('actions.close')}
        className="max-w-md"
      >
        {deleting ? (
          <DeleteBudget
            budget={deleting}
            name={nameOf(deleting.categoryId)}
            monthLabel={monthLabel}
            onDone={() => setDeleting(null)}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

/** What the month's budgets add up to in each currency. */
function Totals({ totals }: { totals: readonly BudgetTotal[] }) {
  const { t } = useTranslation('budgets');
  const format = useFormatMoney();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid="budget-totals"
      className="rounded-xl border bg-muted/30 p-4"
    >
      <h2 id={headingId} className="text-sm font-medium text-muted-foreground">
        {t('totals.title')}
      </h2>
      <ul className="mt-1 flex flex-col gap-1">
        {totals.map((total) => (
          <li key={total.currency} className="flex flex-wrap items-baseline gap-x-3 tabular-nums">
            <span className="text-xl font-semibold">
              {t('totals.spentOf', {
                spent: format(total.spentMinor, total.currency),
                limit: format(total.amountMinor, total.currency),
              })}
            </span>
            <span
              className={
                total.varianceMinor < 0 ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'
              }
            >
              {total.varianceMinor < 0
                ? t('totals.over', { amount: format(-total.varianceMinor, total.currency) })
                : t('totals.left', { amount: format(total.remainingMinor, total.currency) })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeleteBudget({
  budget,
  name,
  monthLabel,
  onDone,
}: {
  budget: Budget;
  name: string;
  monthLabel: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('budgets');
  const remove = useDeleteBudget();
  const errorMessage = useErrorMessage();
  return (
    <div className="flex flex-col gap-4">
      <p>{t('delete.question', { name, month: monthLabel, currency: budget.currency })}</p>
      <p className="text-sm text-muted-foreground">{t('delete.hint')}</p>
      {remove.isError ? (
        <FormAlert>
          <p>{errorMessage(remove.error)}</p>
        </FormAlert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(budget.id, {
              onSuccess: () => {
                toast({ title: t('delete.done'), variant: 'success' });
                onDone();
              },
            })
          }
        >
          {t('actions.delete')}
        </Button>
      </div>
    </div>
  );
}
