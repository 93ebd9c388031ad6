import type { Debt, SettleDebtRequest, SettlementVia } from '@ztart/shared/contracts/debts';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { formatAmountForInput } from '@/components/money/amount-input';
import { Money, useFormatMoney } from '@/components/money/money';
import { checkAmount } from '@/components/money/parse-amount-input';
import { MoneySteps, useMoneyStepper } from '@/components/money-flow/money-stepper';
import { ConfirmActions, SummaryList } from '@/components/money-flow/movement-parts';
import { MoneyPinStep } from '@/components/money-flow/pin-step';
import { StepHeading } from '@/components/money-flow/step-heading';
import { Button } from '@/components/ui/button';
import { useSettleDebt } from '@/features/debts/api/debts';
import { ChoiceGroup } from '@/features/debts/components/choice-group';
import { counterpartyName, settleWays } from '@/features/debts/debt-sides';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import { useWallet } from '@/lib/wallet/get-wallet';
import { availableIn } from '@/lib/wallet/wallet-figures';

/**
 * Settling a debt: the amount starts at what is left, and the way (paying from the wallet, for the
 * debtor; recording a payment made outside the app, for the creditor). Nothing happens before the
 * confirmation step; a PIN the server asks for is entered there, and the same settlement is sent
 * again with the same key (the money-flow stepper of every payment).
 */
export function SettleDebtFlow({ debt, onFinished }: { debt: Debt; onFinished: () => void }) {
  const settle = useSettleDebt();
  const stepper = useMoneyStepper<SettleDebtRequest, Debt, unknown>({
    submit: ({ request, idempotencyKey }) =>
      settle.mutateAsync({ debtId: debt.id, body: request, idempotencyKey }),
    refusalOf: (error) =>
      error instanceof ApiError && error.code === 'pin_required'
        ? { to: 'pin' }
        : { to: 'confirm', problem: error },
  });
  return (
    <MoneySteps
      stepper={stepper}
      form={() => <DetailsStep debt={debt} onContinue={stepper.confirm} onCancel={onFinished} />}
      confirm={(step) => (
        <ConfirmStep
          debt={debt}
          request={step.attempt.request}
          pending={step.sending}
          error={step.problem}
          onSend={stepper.send}
          onBack={stepper.restart}
        />
      )}
      pin={(step) => (
        <PinStep
          debt={debt}
          request={step.attempt.request}
          sending={step.sending}
          onVerified={stepper.send}
          onBack={stepper.backToConfirm}
        />
      )}
      done={(step) => (
        <DoneStep settled={step.result} request={step.attempt.request} onFinished={onFinished} />
      )}
    />
  );
}

function DetailsStep({
  debt,
  onContinue,
  onCancel,
}: {
  debt: Debt;
  onContinue: (request: SettleDebtRequest) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(['debts', 'wallet']);
  const format = useFormatMoney();
  const problemMessage = useAmountProblemMessage();
  const errorMessage = useErrorMessage();
  const ways = settleWays(debt);
  const [via, setVia] = useState<SettlementVia>(ways[0] ?? 'manual');
  const [amount, setAmount] = useState(() =>
    formatAmountForInput(debt.remainingMinor, debt.currency, i18n.language),
  );
  const [problem, setProblem] = useState<string | undefined>();
  const wallet = useWallet();
  const name = counterpartyName(debt);
  const available = via === 'transfer' && wallet.data ? availableIn(wallet.data, debt.currency) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkAmount(amount, debt.currency, i18n.language, { maxMinor: debt.remainingMinor });
    if (!check.ok) {
      setProblem(
        check.problem.key === 'validation:amountMax'
          ? t('debts:settle.aboveRemaining', { amount: format(debt.remainingMinor, debt.currency) })
          : problemMessage(check.problem, debt.currency),
      );
      return;
    }
    if (available !== null && check.amountMinor > available) {
      setProblem(errorMessage('insufficient_balance'));
      return;
    }
    onContinue({ amountMinor: check.amountMinor, via });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {ways.length > 1 ? (
        <ChoiceGroup
          legend={t('debts:settle.how')}
          value={via}
          onValueChange={(next) => {
            setVia(next);
            setProblem(undefined);
          }}
          choices={ways.map((way) =>
            way === 'transfer'
              ? {
                  value: way,
                  label: t('debts:settle.viaTransfer'),
                  hint: t('debts:settle.viaTransferHint', { name }),
                }
              : { value: way, label: t('debts:settle.viaManual'), hint: t('debts:settle.viaManualHint') },
          )}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          {via === 'transfer' ? t('debts:settle.viaTransferHint', { name }) : t('debts:settle.viaManualHint')}
        </p>
      )}
      <AmountField
        label={t('debts:settle.amount')}
        currency={debt.currency}
        value={amount}
        onValueChange={(value) => {
          setAmount(value);
          setProblem(undefined);
        }}
        error={problem}
        hint={
          available !== null
            ? t('debts:settle.amountHintWallet', {
                remaining: format(debt.remainingMinor, debt.currency),
                available: format(available, debt.currency),
              })
            : t('debts:settle.amountHint', { remaining: format(debt.remainingMinor, debt.currency) })
        }
      />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" size="lg" className="sm:flex-1">
          {t('wallet:actions.continue')}
        </Button>
        <Button variant="ghost" size="lg" onClick={onCancel}>
          {t('debts:actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ConfirmStep({
  debt,
  request,
  pending,
  error,
  onSend,
  onBack,
}: {
  debt: Debt;
  request: SettleDebtRequest;
  pending: boolean;
  error: unknown;
  onSend: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(['debts', 'wallet']);
  const format = useFormatMoney();
  const amount = format(request.amountMinor, debt.currency);
  const name = counterpartyName(debt);
  const byTransfer = request.via === 'transfer';
  return (
    <div className="flex flex-col gap-4">
      <StepHeading>{t('debts:settle.confirmTitle')}</StepHeading>
      <p className="text-center text-3xl font-semibold tabular-nums">{amount}</p>
      <SummaryList
        rows={[
          { label: byTransfer ? t('wallet:flows.to') : t('debts:settle.with'), value: name },
          {
            label: t('debts:settle.how'),
            value: byTransfer ? t('debts:settle.viaTransfer') : t('debts:settle.viaManual'),
          },
          ...(byTransfer
            ? [
                {
                  label: t('wallet:flows.from'),
                  value: t('wallet:flows.walletOf', { currency: debt.currency }),
                },
                { label: t('wallet:flows.fee'), value: t('wallet:flows.noFee') },
              ]
            : []),
          {
            label: t('debts:settle.leftAfter'),
            value: <Money amountMinor={debt.remainingMinor - request.amountMinor} currency={debt.currency} />,
          },
        ]}
      />
      {byTransfer ? null : <p className="text-sm text-muted-foreground">{t('debts:settle.noMoneyMoves')}</p>}
      <ConfirmActions
        error={error}
        currency={debt.currency}
        pending={pending}
        sendingLabel={t('debts:settle.sending')}
        confirmLabel={
          byTransfer
            ? t('debts:settle.confirmTransfer', { amount })
            : t('debts:settle.confirmManual', { amount })
        }
        onConfirm={onSend}
        onBack={onBack}
      />
    </div>
  );
}

function PinStep({
  debt,
  request,
  sending,
  onVerified,
  onBack,
}: {
  debt: Debt;
  request: SettleDebtRequest;
  sending: boolean;
  onVerified: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('wallet');
  const format = useFormatMoney();
  const amount = format(request.amountMinor, debt.currency);
  return (
    <MoneyPinStep
      body={t('send.pinBody', { amount, name: counterpartyName(debt) })}
      submitLabel={t('send.pinSubmit', { amount })}
      sendingLabel={t('send.sending')}
      sending={sending}
      onVerified={onVerified}
      onBack={onBack}
    />
  );
}

function DoneStep({
  settled,
  request,
  onFinished,
}: {
  settled: Debt;
  request: SettleDebtRequest;
  onFinished: () => void;
}) {
  const { t } = useTranslation('debts');
  const format = useFormatMoney();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 text-center" role="status">
        <CircleCheck aria-hidden="true" className="size-10 text-brand" />
        <StepHeading>
          {t('settle.doneTitle', { amount: format(request.amountMinor, settled.currency) })}
        </StepHeading>
        <p className="text-muted-foreground">
          {settled.status === 'settled'
            ? t('settle.doneSettled')
            : t('settle.doneRemaining', { amount: format(settled.remainingMinor, settled.currency) })}
        </p>
      </div>
      <Button size="lg" onClick={onFinished}>
        {t('actions.done')}
      </Button>
    </div>
  );
}
