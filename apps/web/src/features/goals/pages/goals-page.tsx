import type { Goal } from '@ztart/shared/contracts/goals';
import { PiggyBank, Plus, Target } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDestructive } from '@/components/confirm-destructive';
import { Money, useFormatMoney } from '@/components/money/money';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast/toast-store';
import { type GoalMoveDirection, useDeleteGoal, useGoals } from '@/features/goals/api/goals';
import { GoalCard } from '@/features/goals/components/goal-card';
import { GoalForm } from '@/features/goals/components/goal-form';
import { GoalMoveFlow } from '@/features/goals/components/goal-move-flow';
import { useErrorMessage } from '@/hooks/use-error-message';

type Editing = { goal: Goal | null } | null;
type Moving = { goal: Goal; direction: GoalMoveDirection } | null;

/**
 * `/goals`: what the person holds in goals, each goal with its progress, and creating, editing,
 * deleting and moving money in and out of them (decision 0032).
 */
export function GoalsPage() {
  const { t } = useTranslation('goals');
  const [editing, setEditing] = useState<Editing>(null);
  const [moving, setMoving] = useState<Moving>(null);
  const [deleting, setDeleting] = useState<Goal | null>(null);
  const moveTitle = moving
    ? moving.direction === 'deposit'
      ? t('move.addTitle', { name: moving.goal.name })
      : t('move.takeOutTitle', { name: moving.goal.name })
    : '';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={Target} title={t('title')} description={t('description')}>
        <Button onClick={() => setEditing({ goal: null })}>
          <Plus aria-hidden="true" />
          {t('actions.create')}
        </Button>
      </PageHeader>
      <GoalList
        onCreate={() => setEditing({ goal: null })}
        onAdd={(goal) => setMoving({ goal, direction: 'deposit' })}
        onTakeOut={(goal) => setMoving({ goal, direction: 'withdrawal' })}
        onEdit={(goal) => setEditing({ goal })}
        onDelete={setDeleting}
      />
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing?.goal ? t('form.editTitle') : t('form.createTitle')}
        closeLabel={t('actions.close')}
        className="max-w-lg"
      >
        {editing ? <GoalForm goal={editing.goal} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <Dialog
        open={moving !== null}
        onOpenChange={(open) => {
          if (!open) setMoving(null);
        }}
        title={moveTitle}
        closeLabel={t('actions.close')}
        className="max-w-lg"
      >
        {moving ? (
          <GoalMoveFlow goal={moving.goal} direction={moving.direction} onFinished={() => setMoving(null)} />
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={deleting ? t('delete.title', { name: deleting.name }) : ''}
        closeLabel={t('actions.close')}
        className="max-w-md"
      >
        {deleting ? <DeleteGoal goal={deleting} onDone={() => setDeleting(null)} /> : null}
      </Dialog>
    </div>
  );
}

function GoalList({
  onCreate,
  ...actions
}: {
  onCreate: () => void;
  onAdd: (goal: Goal) => void;
  onTakeOut: (goal: Goal) => void;
  onEdit: (goal: Goal) => void;
  onDelete: (goal: Goal) => void;
}) {
  const { t } = useTranslation('goals');
  const errorMessage = useErrorMessage();
  const query = useGoals();
  const totalsId = useId();

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <p className="sr-only" role="status">
          {t('list.loading')}
        </p>
        <Skeleton className="h-20 rounded-xl" />
        {[0, 1].map((n) => (
          <div key={n} className="flex flex-col gap-4 rounded-xl border p-4">
            <div className="flex items-center gap-3">
              <Skeleton className="size-14 rounded-lg" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-4 w-1/3" />
              </div>
            </div>
            <Skeleton className="h-3 w-full rounded-full" />
            <Skeleton className="h-10 w-40" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <FormAlert>
        <p>{errorMessage(query.error)}</p>
        <Button variant="outline" className="self-start" onClick={() => void query.refetch()}>
          {t('actions.retry')}
        </Button>
      </FormAlert>
    );
  }
  const { items, totals } = query.data;
  if (items.length === 0) {
    return (
      <div
        data-testid="goals-empty"
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
      >
        <PiggyBank aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{t('list.emptyTitle')}</h2>
        <p className="max-w-md text-muted-foreground">{t('list.emptyBody')}</p>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          {t('list.emptyAction')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby={totalsId}
        data-testid="goal-totals"
        className="rounded-xl border bg-muted/30 p-4"
      >
        <h2 id={totalsId} className="text-sm font-medium text-muted-foreground">
          {t('list.inGoals')}
        </h2>
        {totals.length === 0 ? (
          <p className="text-lg font-semibold">{t('list.nothingSaved')}</p>
        ) : (
          <ul className="flex flex-wrap gap-x-6 gap-y-1">
            {totals.map((total) => (
              <li key={total.currency} className="text-2xl font-semibold tabular-nums">
                <Money amountMinor={total.savedMinor} currency={total.currency} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {items.map((goal) => (
          <li key={goal.id}>
            <GoalCard goal={goal} {...actions} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Deleting: only an empty goal; one that holds money says to take it out first. */
function DeleteGoal({ goal, onDone }: { goal: Goal; onDone: () => void }) {
  const { t } = useTranslation('goals');
  const format = useFormatMoney();
  const errorMessage = useErrorMessage();
  const remove = useDeleteGoal();
  if (goal.savedMinor > 0) {
    return (
      <div className="flex flex-col gap-4">
        <p>{t('delete.notEmpty', { saved: format(goal.savedMinor, goal.currency) })}</p>
        <Button size="lg" onClick={onDone}>
          {t('actions.close')}
        </Button>
      </div>
    );
  }
  return (
    <ConfirmDestructive
      problem={
        remove.isError ? (
          <FormAlert>
            <p>{errorMessage(remove.error)}</p>
          </FormAlert>
        ) : null
      }
      confirmLabel={remove.isPending ? t('delete.deleting') : t('delete.confirm')}
      cancelLabel={t('actions.cancel')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(goal.id, {
          onSuccess: () => {
            toast({ title: t('delete.deleted'), variant: 'success' });
            onDone();
          },
        })
      }
      onCancel={onDone}
    >
      {t('delete.body')}
    </ConfirmDestructive>
  );
}
