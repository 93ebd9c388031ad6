import {
  type Goal,
  type GoalMoveRequest,
  type GoalMoveResponse,
  goalProgressPercent,
} from '@ztart/shared/contracts/goals';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import { CircleCheck, PartyPopper } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { useFormatMoney } from '@/components/money/money';
import { checkAmount } from '@/components/money/parse-amount-input';
import { MoneySteps, useMoneyStepper } from '@/components/money-flow/money-stepper';
import { ConfirmActions, SummaryList } from '@/components/money-flow/movement-parts';
import { MoneyPinStep } from '@/components/money-flow/pin-step';
import { StepHeading } from '@/components/money-flow/step-heading';
import { Button } from '@/components/ui/button';
import { type GoalMoveDirection, useMoveGoalMoney } from '@/features/goals/api/goals';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import { useWallet } from '@/lib/wallet/get-wallet';
import { availableIn } from '@/lib/wallet/wallet-figures';

/**
 * Adding money to a goal or taking it out: the amount, a confirmation that shows where the money
 * goes and what the goal holds after, the PIN when the server asks for it (the same key is sent
 * again), and the outcome. Nothing moves before the confirmation.
 */
export function GoalMoveFlow({
  goal,
  direction,
  onFinished,
}: {
  goal: Goal;
  direction: GoalMoveDirection;
  onFinished: () => void;
}) {
  const move = useMoveGoalMoney();
  const stepper = useMoneyStepper<GoalMoveRequest, GoalMoveResponse, unknown>({
    submit: ({ request, idempotencyKey }) =>
      move.mutateAsync({ goalId: goal.id, direction, body: request, idempotencyKey }),
    refusalOf: (error) =>
      error instanceof ApiError && error.code === 'pin_required'
        ? { to: 'pin' }
        : { to: 'confirm', problem: error },
  });
  return (
    <MoneySteps
      stepper={stepper}
      form={() => (
        <AmountStep goal={goal} direction={direction} onContinue={stepper.confirm} onCancel={onFinished} />
      )}
      confirm={(step) => (
        <ConfirmStep
          goal={goal}
          direction={direction}
          request={step.attempt.request}
          pending={step.sending}
          error={step.problem}
          onSend={stepper.send}
          onBack={stepper.restart}
        />
      )}
      pin={(step) => (
        <GoalPinStep
          goal={goal}
          request={step.attempt.request}
          sending={step.sending}
          onVerified={stepper.send}
          onBack={stepper.backToConfirm}
        />
      )}
      done={(step) => (
        <DoneStep
          moved={step.result}
          direction={direction}
          request={step.attempt.request}
          onFinished={onFinished}
        />
      )}
    />
  );
}

function AmountStep({
  goal,
  direction,
  onContinue,
  onCancel,
}: {
  goal: Goal;
  direction: GoalMoveDirection;
  onContinue: (request: GoalMoveRequest) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('goals');
  const format = useFormatMoney();
  const problemMessage = useAmountProblemMessage();
  const errorMessage = useErrorMessage();
  const wallet = useWallet();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const into = direction === 'deposit';
  const available = into && wallet.data ? availableIn(wallet.data, goal.currency) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkAmount(amount, goal.currency, i18n.language, {
      maxMinor: into ? AMOUNT_LIMITS.transferMaxMinor : goal.savedMinor,
    });
    if (!check.ok) {
      setProblem(
        !into && check.problem.key === 'validation:amountMax'
          ? t('move.moreThanSaved', { saved: format(goal.savedMinor, goal.currency) })
          : problemMessage(check.problem, goal.currency),
      );
      return;
    }
    if (available !== null && check.amountMinor > available) {
      setProblem(errorMessage('insufficient_balance'));
      return;
    }
    onContinue({ amountMinor: check.amountMinor });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <AmountField
        label={t('move.amount')}
        currency={goal.currency}
        value={amount}
        onValueChange={(value) => {
          setAmount(value);
          setProblem(undefined);
        }}
        error={problem}
        hint={
          into
            ? available !== null
              ? t('move.addHint', { available: format(available, goal.currency) })
              : undefined
            : t('move.takeOutHint', { saved: format(goal.savedMinor, goal.currency) })
        }
      />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" size="lg" className="sm:flex-1">
          {t('actions.continue')}
        </Button>
        <Button variant="ghost" size="lg" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ConfirmStep({
  goal,
  direction,
  request,
  pending,
  error,
  onSend,
  onBack,
}: {
  goal: Goal;
  direction: GoalMoveDirection;
  request: GoalMoveRequest;
  pending: boolean;
  error: unknown;
  onSend: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('goals');
  const format = useFormatMoney();
  const into = direction === 'deposit';
  const amount = format(request.amountMinor, goal.currency);
  const wallet = t('move.wallet', { currency: goal.currency });
  const goalName = t('move.goal', { name: goal.name });
  const afterMinor = goal.savedMinor + (into ? request.amountMinor : -request.amountMinor);
  return (
    <div className="flex flex-col gap-4">
      <StepHeading>{into ? t('move.confirmAddTitle') : t('move.confirmTakeOutTitle')}</StepHeading>
      <p className="text-center text-3xl font-semibold tabular-nums">{amount}</p>
      <SummaryList
        rows={[
          { label: t('move.from'), value: into ? wallet : goalName },
          { label: t('move.to'), value: into ? goalName : wallet },
          {
            label: t('move.after'),
            value: t('move.afterProgress', {
              amount: format(afterMinor, goal.currency),
              percent: goalProgressPercent(afterMinor, goal.targetMinor),
            }),
          },
        ]}
      />
      <ConfirmActions
        error={error}
        currency={goal.currency}
        pending={pending}
        sendingLabel={t('move.sending')}
        confirmLabel={into ? t('move.confirmAdd', { amount }) : t('move.confirmTakeOut', { amount })}
        onConfirm={onSend}
        onBack={onBack}
      />
    </div>
  );
}

function GoalPinStep({
  goal,
  request,
  sending,
  onVerified,
  onBack,
}: {
  goal: Goal;
  request: GoalMoveRequest;
  sending: boolean;
  onVerified: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('goals');
  const format = useFormatMoney();
  const amount = format(request.amountMinor, goal.currency);
  return (
    <MoneyPinStep
      body={t('move.pinBody', { amount })}
      submitLabel={t('move.pinSubmit', { amount })}
      sendingLabel={t('move.sending')}
      sending={sending}
      onVerified={onVerified}
      onBack={onBack}
    />
  );
}

function DoneStep({
  moved,
  direction,
  request,
  onFinished,
}: {
  moved: GoalMoveResponse;
  direction: GoalMoveDirection;
  request: GoalMoveRequest;
  onFinished: () => void;
}) {
  const { t } = useTranslation('goals');
  const format = useFormatMoney();
  const amount = format(request.amountMinor, moved.currency);
  const reached = direction === 'deposit' && moved.savedMinor >= moved.targetMinor;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 text-center" role="status">
        {reached ? (
          <PartyPopper aria-hidden="true" className="size-10 text-brand" />
        ) : (
          <CircleCheck aria-hidden="true" className="size-10 text-brand" />
        )}
        <StepHeading>
          {direction === 'deposit'
            ? t('move.doneAdd', { amount, name: moved.name })
            : t('move.doneTakeOut', { amount })}
        </StepHeading>
        <p className="text-muted-foreground" data-testid="goal-move-progress">
          {t('move.doneProgress', {
            name: moved.name,
            percent: moved.progressPercent,
            saved: format(moved.savedMinor, moved.currency),
            target: format(moved.targetMinor, moved.currency),
          })}
        </p>
        {reached ? <p className="font-medium">{t('move.doneReached')}</p> : null}
      </div>
      <Button size="lg" onClick={onFinished}>
        {t('actions.done')}
      </Button>
    </div>
  );
}
