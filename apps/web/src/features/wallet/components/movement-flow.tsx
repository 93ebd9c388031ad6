import type { PaymentMethod } from '@ztart/shared/contracts/payment-methods';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import type { WalletResponse } from '@ztart/shared/contracts/wallet';
import type { Currency } from '@ztart/shared/money';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { CurrencySelect } from '@/components/money/currency-select';
import { Money, useFormatMoney } from '@/components/money/money';
import { checkAmount } from '@/components/money/parse-amount-input';
import { useMoneyStepper } from '@/components/money-flow/money-stepper';
import {
  ConfirmActions,
  MovementReceipt,
  SimulatedNote,
  SummaryList,
  useMovementErrorMessage,
} from '@/components/money-flow/movement-parts';
import { StepHeading } from '@/components/money-flow/step-heading';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateDeposit } from '@/features/wallet/api/create-deposit';
import { useCreateWithdrawal } from '@/features/wallet/api/create-withdrawal';
import { bankAccountsOf, cardsOf, usePaymentMethods } from '@/features/wallet/api/get-payment-methods';
import { BankAccountForm } from '@/features/wallet/components/bank-account-form';
import { CardForm } from '@/features/wallet/components/card-form';
import { MethodChoice } from '@/features/wallet/components/method-choice';
import { usePaymentMethodName } from '@/features/wallet/components/payment-method-line';
import { useErrorMessage } from '@/hooks/use-error-message';
import { availableIn, dailyLimitRefusal, dailyRemainingIn } from '@/lib/wallet/wallet-figures';

export type MovementKind = 'deposit' | 'withdrawal';

interface MovementRequest {
  paymentMethodId: string;
  amountMinor: number;
  currency: Currency;
}

/** A movement as the form made it, with the card or account the confirmation and receipt name. */
interface MovementDraft {
  request: MovementRequest;
  method: PaymentMethod;
}

export interface MovementFlowProps {
  kind: MovementKind;
  wallet: WalletResponse;
  initialCurrency?: Currency;
  onFinished: () => void;
}

/**
 * Adding money from a card (deposit) or sending it to a bank account (withdrawal): choose the
 * card or account, the amount and currency, check it on a confirmation step, then follow the
 * pending movement live until it settles.
 */
export function MovementFlow({ kind, wallet, initialCurrency = 'USD', onFinished }: MovementFlowProps) {
  const { t } = useTranslation('wallet');
  const copy = kind === 'deposit' ? 'deposit' : 'withdraw';
  const methods = usePaymentMethods();
  const usable = kind === 'deposit' ? cardsOf(methods.data ?? []) : bankAccountsOf(methods.data ?? []);
  const [addingMethod, setAddingMethod] = useState(false);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [amountText, setAmountText] = useState('');
  const [currency, setCurrency] = useState<Currency>(initialCurrency);

  const methodName = usePaymentMethodName();
  const deposit = useCreateDeposit();
  const withdrawal = useCreateWithdrawal();
  const mutation = kind === 'deposit' ? deposit : withdrawal;
  // No PIN here: every refusal stays on the confirmation, which says why (and offers a retry).
  const stepper = useMoneyStepper<MovementDraft, Transaction, unknown>({
    submit: async ({ request, idempotencyKey }) =>
      (await mutation.mutateAsync({ body: request.request, idempotencyKey })).transaction,
    refusalOf: (error) => ({ to: 'confirm', problem: error }),
  });
  const { step } = stepper;

  if (methods.isPending) return <FlowSkeleton />;
  if (methods.isError) return <MethodsError error={methods.error} onRetry={() => void methods.refetch()} />;

  if (step.name === 'form' && (addingMethod || usable.length === 0)) {
    const added = (method: PaymentMethod) => {
      setChosenId(method.id);
      setAddingMethod(false);
    };
    return (
      <div className="flex flex-col gap-4">
        <StepHeading takesFocus={false}>
          {kind === 'deposit' ? t('deposit.addCardTitle') : t('withdraw.addBankTitle')}
        </StepHeading>
        {usable.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {kind === 'deposit' ? t('deposit.noCards') : t('withdraw.noBanks')}
          </p>
        ) : null}
        {kind === 'deposit' ? (
          <CardForm
            firstCard={usable.length === 0}
            onAdded={added}
            onCancel={usable.length === 0 ? onFinished : () => setAddingMethod(false)}
          />
        ) : (
          <BankAccountForm
            firstAccount={usable.length === 0}
            onAdded={added}
            onCancel={usable.length === 0 ? onFinished : () => setAddingMethod(false)}
          />
        )}
      </div>
    );
  }

  if (step.name === 'confirm') {
    return (
      <ConfirmStep
        kind={kind}
        request={step.attempt.request.request}
        methodLabel={methodName(step.attempt.request.method)}
        pending={step.sending}
        error={step.problem}
        onSubmit={stepper.send}
        onBack={stepper.restart}
      />
    );
  }

  if (step.name === 'done') {
    const { request, method } = step.attempt.request;
    return (
      <div className="flex flex-col gap-4">
        <MovementReceipt
          initial={step.result}
          title={(status) => t(`${copy}.${status}Title`)}
          pendingNote={t(`${copy}.pendingNote`)}
          rows={[
            {
              label: t('flows.amount'),
              value: <Money amountMinor={request.amountMinor} currency={request.currency} />,
            },
            { label: kind === 'deposit' ? t('flows.from') : t('flows.to'), value: methodName(method) },
          ]}
        />
        <SimulatedNote />
        <Button onClick={onFinished}>{t('actions.done')}</Button>
      </div>
    );
  }

  const selected =
    usable.find((method) => method.id === chosenId) ?? usable.find((method) => method.isDefault) ?? usable[0];
  return (
    <DetailsStep
      kind={kind}
      wallet={wallet}
      methods={usable}
      selected={selected ?? null}
      onSelect={setChosenId}
      amountText={amountText}
      onAmountText={setAmountText}
      currency={currency}
      onCurrency={setCurrency}
      onAddMethod={() => setAddingMethod(true)}
      onContinue={(request, method) => stepper.confirm({ request, method })}
    />
  );
}

function DetailsStep({
  kind,
  wallet,
  methods,
  selected,
  onSelect,
  amountText,
  onAmountText,
  currency,
  onCurrency,
  onAddMethod,
  onContinue,
}: {
  kind: MovementKind;
  wallet: WalletResponse;
  methods: PaymentMethod[];
  selected: PaymentMethod | null;
  onSelect: (id: string) => void;
  amountText: string;
  onAmountText: (text: string) => void;
  currency: Currency;
  onCurrency: (currency: Currency) => void;
  onAddMethod: () => void;
  onContinue: (request: MovementRequest, method: PaymentMethod) => void;
}) {
  const { t, i18n } = useTranslation('wallet');
  const copy = kind === 'deposit' ? 'deposit' : 'withdraw';
  const problemMessage = useAmountProblemMessage();
  const movementError = useMovementErrorMessage();
  const format = useFormatMoney();
  const [amountError, setAmountError] = useState<string | undefined>();
  const available = availableIn(wallet, currency);
  const dailyRemaining = dailyRemainingIn(wallet, currency);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkAmount(amountText, currency, i18n.language, { minMinor: wallet.limits.minMinor });
    if (!check.ok) return setAmountError(problemMessage(check.problem, currency));
    if (kind === 'withdrawal' && check.amountMinor > available) {
      // The field's hint says what is available; the error does not say it again.
      return setAmountError(t('withdraw.overAvailable'));
    }
    if (kind === 'withdrawal' && dailyRemaining !== null && check.amountMinor > dailyRemaining) {
      // The server would refuse it the same way: say so before the confirmation step.
      return setAmountError(movementError(dailyLimitRefusal(wallet, dailyRemaining), currency));
    }
    if (!selected) return;
    onContinue({ paymentMethodId: selected.id, amountMinor: check.amountMinor, currency }, selected);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <StepHeading takesFocus={false}>{t(`${copy}.detailsTitle`)}</StepHeading>
      <MethodChoice
        legend={kind === 'deposit' ? t('deposit.methodLegend') : t('withdraw.methodLegend')}
        methods={methods}
        value={selected?.id ?? null}
        onValueChange={onSelect}
      />
      <Button variant="ghost" className="self-start" onClick={onAddMethod}>
        <Plus aria-hidden="true" />
        {kind === 'deposit' ? t('deposit.addCard') : t('withdraw.addBank')}
      </Button>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <AmountField
          label={t('flows.amount')}
          currency={currency}
          value={amountText}
          onValueChange={(text) => {
            onAmountText(text);
            setAmountError(undefined);
          }}
          error={amountError}
          hint={
            kind === 'withdrawal'
              ? t('withdraw.available', { amount: format(available, currency) })
              : undefined
          }
        />
        <CurrencySelect
          label={t('flows.currency')}
          value={currency}
          onValueChange={(next) => {
            onCurrency(next);
            setAmountError(undefined);
          }}
        />
      </div>
      <Button type="submit" size="lg">
        {t('actions.continue')}
      </Button>
    </form>
  );
}

function ConfirmStep({
  kind,
  request,
  methodLabel,
  pending,
  error,
  onSubmit,
  onBack,
}: {
  kind: MovementKind;
  request: MovementRequest;
  methodLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('wallet');
  const copy = kind === 'deposit' ? 'deposit' : 'withdraw';
  const format = useFormatMoney();
  const amount = format(request.amountMinor, request.currency);
  const wallet = t('flows.walletOf', { currency: request.currency });
  return (
    <div className="flex flex-col gap-4">
      <StepHeading>{t(`${copy}.confirmTitle`)}</StepHeading>
      <p className="text-center text-3xl font-semibold tabular-nums">{amount}</p>
      <SummaryList
        rows={[
          { label: t('flows.from'), value: kind === 'deposit' ? methodLabel : wallet },
          { label: t('flows.to'), value: kind === 'deposit' ? wallet : methodLabel },
          { label: t('flows.fee'), value: t('flows.noFee') },
        ]}
      />
      <ConfirmActions
        error={error}
        currency={request.currency}
        pending={pending}
        sendingLabel={t(`${copy}.sending`)}
        confirmLabel={t(`${copy}.confirmAction`, { amount })}
        onConfirm={onSubmit}
        onBack={onBack}
      />
    </div>
  );
}

function FlowSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

function MethodsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('wallet');
  const errorMessage = useErrorMessage();
  return (
    <FormAlert>
      <p>{errorMessage(error)}</p>
      <Button variant="outline" className="self-start" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </FormAlert>
  );
}
