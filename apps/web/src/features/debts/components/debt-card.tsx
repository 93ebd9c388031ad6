import type { Debt } from '@ztart/shared/contracts/debts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Money, useFormatMoney } from '@/components/money/money';
import { type MoneyStatus, StatusPill } from '@/components/status-pill';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { useUpdateDebt } from '@/features/debts/api/debts';
import { awaitsMyAnswer, counterpartyName, settleWays } from '@/features/debts/debt-sides';
import { useErrorMessage } from '@/hooks/use-error-message';

type DebtState = 'open' | 'settled' | 'pending' | 'declined';

const STATE_LOOK: Record<DebtState, MoneyStatus> = {
  open: 'pending',
  settled: 'completed',
  pending: 'pending',
  declined: 'cancelled',
};

function stateOf(debt: Debt): DebtState {
  if (debt.confirmation === 'pending' || debt.confirmation === 'declined') return debt.confirmation;
  return debt.status;
}

/** A calendar date (YYYY-MM-DD) in the person's language, read as that day wherever they are. */
function useFormatDate(): (date: string) => string {
  const { i18n } = useTranslation();
  return (date) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
}

/** One debt: who, how much is left, its state, the answer it waits for, settling and its history. */
export function DebtCard({ debt, onSettle }: { debt: Debt; onSettle: (debt: Debt) => void }) {
  const { t, i18n } = useTranslation('debts');
  const format = useFormatMoney();
  const formatDate = useFormatDate();
  const errorMessage = useErrorMessage();
  const update = useUpdateDebt();
  const [showHistory, setShowHistory] = useState(false);
  const name = counterpartyName(debt);
  const state = stateOf(debt);
  const ways = settleWays(debt);
  const historyId = `debt-history-${debt.id}`;

  return (
    <Card data-testid="debt-item" className="flex flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="truncate font-semibold">
            {debt.direction === 'i_owe' ? t('item.iOwe', { name }) : t('item.owedToMe', { name })}
          </p>
          {debt.counterparty.isUser && debt.counterparty.ztartag ? (
            <p className="truncate text-sm text-muted-foreground">{debt.counterparty.displayName}</p>
          ) : !debt.counterparty.isUser ? (
            <p className="text-sm text-muted-foreground">{t('item.notAUser')}</p>
          ) : null}
        </div>
        <StatusPill
          status={STATE_LOOK[state]}
          label={t(`item.status.${state}`)}
          hint={t(`item.statusHint.${state}`)}
        />
      </div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-2xl font-semibold tabular-nums" data-testid="debt-remaining">
          <Money amountMinor={debt.remainingMinor} currency={debt.currency} />
        </p>
        <p className="text-sm text-muted-foreground">
          {t('item.ofTotal', { total: format(debt.amountMinor, debt.currency) })}
        </p>
      </div>
      {debt.note ? <p className="break-words text-sm">{debt.note}</p> : null}
      {debt.dueDate ? (
        <p className="text-sm text-muted-foreground">{t('item.due', { date: formatDate(debt.dueDate) })}</p>
      ) : null}
      {awaitsMyAnswer(debt) ? (
        <div className="flex flex-col gap-2 rounded-lg bg-muted/40 p-3">
          <p className="text-sm">{t('item.askConfirm', { name })}</p>
          {update.isError ? (
            <FormAlert>
              <p>{errorMessage(update.error)}</p>
            </FormAlert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={update.isPending}
              onClick={() => update.mutate({ id: debt.id, changes: { confirmation: 'confirmed' } })}
            >
              {t('actions.confirm')}
            </Button>
            <Button
              variant="outline"
              disabled={update.isPending}
              onClick={() => update.mutate({ id: debt.id, changes: { confirmation: 'declined' } })}
            >
              {t('actions.decline')}
            </Button>
          </div>
        </div>
      ) : debt.recordedByMe && debt.confirmation === 'pending' ? (
        <p className="text-sm text-muted-foreground">{t('item.waitingFor', { name })}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {ways.length > 0 ? <Button onClick={() => onSettle(debt)}>{t('actions.settle')}</Button> : null}
        {debt.settlements.length > 0 ? (
          <Button
            variant="ghost"
            aria-expanded={showHistory}
            aria-controls={historyId}
            onClick={() => setShowHistory((shown) => !shown)}
          >
            {showHistory
              ? t('actions.hideHistory')
              : t('actions.history', { count: debt.settlements.length })}
          </Button>
        ) : null}
      </div>
      {showHistory ? (
        <ul
          id={historyId}
          className="flex flex-col divide-y rounded-lg border"
          aria-label={t('item.historyLabel')}
        >
          {debt.settlements.map((settlement) => (
            <li key={settlement.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="flex flex-col">
                <span>{t(`item.via.${settlement.via}`)}</span>
                <span className="text-muted-foreground">
                  {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                    new Date(settlement.createdAt),
                  )}
                </span>
              </span>
              <Money amountMinor={settlement.amountMinor} currency={debt.currency} className="font-medium" />
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
