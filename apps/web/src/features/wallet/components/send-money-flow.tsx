import type { Transaction } from '@ztart/shared/contracts/transactions';
import type { RecipientResponse, TransferRequest, WalletResponse } from '@ztart/shared/contracts/wallet';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import type { Currency } from '@ztart/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { CurrencySelect } from '@/components/money/currency-select';
import { Money, useFormatMoney } from '@/components/money/money';
import { checkAmount } from '@/components/money/parse-amount-input';
import { type Attempt, MoneySteps, useMoneyStepper } from '@/components/money-flow/money-stepper';
import {
  ConfirmActions,
  MovementReceipt,
  SimulatedNote,
  SummaryList,
  useMovementErrorMessage,
} from '@/components/money-flow/movement-parts';
import { MoneyPinStep } from '@/components/money-flow/pin-step';
import { StepHeading } from '@/components/money-flow/step-heading';
import { useRecipientLookup } from '@/components/recipient/api/get-recipient';
import { RecipientCard, RecipientField } from '@/components/recipient/recipient-field';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateTransfer } from '@/features/wallet/api/create-transfer';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import { useWallet } from '@/lib/wallet/get-wallet';
import {
  availableIn,
  dailyLimitRefusal,
  dailyRemainingIn,
  preferredCurrency,
} from '@/lib/wallet/wallet-figures';

/** A transfer as the form made it, with the recipient the confirmation and the receipt show. */
interface TransferDraft {
  request: TransferRequest;
  recipient: RecipientResponse;
}

type Confirmed = Attempt<TransferDraft>;

export interface SendMoneyFlowProps {
  initialRecipient?: string;
  /** A prepared amount (as typed, e.g. "25.00") and its currency, e.g. from the assistant. */
  initialAmount?: string;
  initialCurrency?: Currency;
  /** Shown as "Done" on the receipt (closing the dialog it sits in); without it, only "Send more". */
  onFinished?: () => void;
}

/**
 * Sending money to someone by ztartag, email or phone: who it is shows as the person types;
 * nothing moves before a confirmation step that shows recipient and amount; a PIN asked by the
 * server is entered right there, and the same transfer is sent again with the same key.
 */
export function SendMoneyFlow({
  initialRecipient = '',
  initialAmount = '',
  initialCurrency,
  onFinished,
}: SendMoneyFlowProps) {
  const wallet = useWallet();
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState({ recipient: initialRecipient, amount: initialAmount, note: '' });
  // The form starts in the currency the person holds most of, chosen once when the wallet is
  // first read: money arriving while they type does not switch it under them.
  const [currency, setCurrency] = useState<Currency | null>(null);
  const transfer = useCreateTransfer();
  // Any refusal but the PIN stays on the confirmation, which says why (and offers a retry).
  const stepper = useMoneyStepper<TransferDraft, Transaction, unknown>({
    submit: async ({ request, idempotencyKey }) =>
      (await transfer.mutateAsync({ body: request.request, idempotencyKey })).transaction,
    refusalOf: (error) =>
      error instanceof ApiError && error.code === 'pin_required'
        ? { to: 'pin' }
        : { to: 'confirm', problem: error },
  });
  if (currency === null && wallet.data) setCurrency(initialCurrency ?? preferredCurrency(wallet.data));

  if (wallet.isError) return <FormAlert>{errorMessage(wallet.error)}</FormAlert>;
  if (wallet.isPending || currency === null) return <FlowSkeleton />;

  return (
    <MoneySteps
      stepper={stepper}
      form={() => (
        <DetailsStep
          wallet={wallet.data}
          draft={draft}
          onDraft={setDraft}
          currency={currency}
          onCurrency={setCurrency}
          onContinue={(request, recipient) => stepper.confirm({ request, recipient })}
        />
      )}
      confirm={(step) => (
        <ConfirmStep
          confirmed={step.attempt}
          pending={step.sending}
          error={step.problem}
          onSend={stepper.send}
          onBack={stepper.restart}
        />
      )}
      pin={(step) => (
        <PinStep
          confirmed={step.attempt}
          sending={step.sending}
          onVerified={stepper.send}
          onBack={stepper.restart}
        />
      )}
      done={(step) => (
        <DoneStep
          draft={step.attempt.request}
          transaction={step.result}
          onFinished={onFinished}
          onSendMore={() => {
            setDraft({ recipient: '', amount: '', note: '' });
            stepper.restart();
          }}
        />
      )}
    />
  );
}

function DetailsStep({
  wallet,
  draft,
  onDraft,
  currency,
  onCurrency,
  onContinue,
}: {
  wallet: WalletResponse;
  draft: { recipient: string; amount: string; note: string };
  onDraft: (draft: { recipient: string; amount: string; note: string }) => void;
  currency: Currency;
  onCurrency: (currency: Currency) => void;
  onContinue: (request: TransferRequest, recipient: RecipientResponse) => void;
}) {
  const { t, i18n } = useTranslation(['wallet', 'validation']);
  const lookup = useRecipientLookup(draft.recipient);
  const errorMessage = useErrorMessage();
  const problemMessage = useAmountProblemMessage();
  const movementError = useMovementErrorMessage();
  const format = useFormatMoney();
  const [errors, setErrors] = useState<{ recipient?: string; amount?: string; note?: string }>({});
  const available = availableIn(wallet, currency);
  const dailyRemaining = dailyRemainingIn(wallet, currency);
  const recipient = lookup.settled && lookup.isSuccess ? lookup.data : null;
  const lookupError = lookup.settled && lookup.isError ? lookup.error : null;

  const change = (field: 'recipient' | 'amount' | 'note', value: string) => {
    onDraft({ ...draft, [field]: value });
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const recipientProblem = (): string | undefined => {
    if (draft.recipient.trim() === '') return t('validation:required');
    if (lookupError) return errorMessage(lookupError);
    if (!recipient) return t('wallet:send.stillLooking');
    return undefined;
  };

  const amountProblem = (): { message: string } | { amountMinor: number } => {
    const check = checkAmount(draft.amount, currency, i18n.language, {
      minMinor: wallet.limits.minMinor,
      maxMinor: wallet.limits.transferMaxMinor,
    });
    if (!check.ok) return { message: problemMessage(check.problem, currency) };
    // The field's hint already says what is available: the error does not repeat it.
    if (check.amountMinor > available) return { message: errorMessage('insufficient_balance') };
    if (dailyRemaining !== null && check.amountMinor > dailyRemaining) {
      return { message: movementError(dailyLimitRefusal(wallet, dailyRemaining), currency) };
    }
    return { amountMinor: check.amountMinor };
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amount = amountProblem();
    const note = draft.note.trim();
    const next = {
      recipient: recipientProblem(),
      amount: 'message' in amount ? amount.message : undefined,
      note: note.length > TEXT_LIMITS.note ? t('validation:noteMax') : undefined,
    };
    setErrors(next);
    if (next.recipient || next.amount || next.note || !recipient || 'message' in amount) return;
    onContinue(
      {
        recipient: draft.recipient.trim(),
        amountMinor: amount.amountMinor,
        currency,
        ...(note ? { note } : {}),
      },
      recipient,
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <RecipientField
        value={draft.recipient}
        onValueChange={(value) => change('recipient', value)}
        lookup={{
          searching: draft.recipient.trim() !== '' && !lookup.settled,
          recipient,
          error: lookupError,
        }}
        error={errors.recipient}
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        <AmountField
          label={t('wallet:flows.amount')}
          currency={currency}
          value={draft.amount}
          onValueChange={(value) => change('amount', value)}
          error={errors.amount}
          hint={t('wallet:withdraw.available', { amount: format(available, currency) })}
        />
        <CurrencySelect
          label={t('wallet:flows.currency')}
          value={currency}
          onValueChange={(next) => {
            onCurrency(next);
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
        />
      </div>
      <TextAreaField
        label={t('wallet:send.note')}
        hint={t('wallet:send.noteHint', { count: TEXT_LIMITS.note - draft.note.length })}
        name="note"
        maxLength={TEXT_LIMITS.note}
        rows={2}
        value={draft.note}
        onChange={(event) => change('note', event.target.value)}
        error={errors.note}
      />
      <Button type="submit" size="lg">
        {t('wallet:actions.continue')}
      </Button>
    </form>
  );
}

function ConfirmStep({
  confirmed,
  pending,
  error,
  onSend,
  onBack,
}: {
  confirmed: Confirmed;
  pending: boolean;
  error: unknown;
  onSend: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('wallet');
  const format = useFormatMoney();
  const { request, recipient } = confirmed.request;
  const amount = format(request.amountMinor, request.currency);
  return (
    <div className="flex flex-col gap-4">
      <StepHeading>{t('send.confirmTitle')}</StepHeading>
      <div className="rounded-xl border p-4">
        <RecipientCard recipient={recipient} />
      </div>
      <p className="text-center text-3xl font-semibold tabular-nums">{amount}</p>
      <SummaryList
        rows={[
          { label: t('flows.from'), value: t('flows.walletOf', { currency: request.currency }) },
          ...(request.note
            ? [{ label: t('send.noteLabel'), value: <span className="break-words">{request.note}</span> }]
            : []),
          { label: t('flows.fee'), value: t('flows.noFee') },
        ]}
      />
      <ConfirmActions
        error={error}
        currency={request.currency}
        pending={pending}
        sendingLabel={t('send.sending')}
        confirmLabel={t('send.confirmAction', { amount })}
        onConfirm={onSend}
        onBack={onBack}
      />
    </div>
  );
}

function PinStep({
  confirmed,
  sending,
  onVerified,
  onBack,
}: {
  confirmed: Confirmed;
  sending: boolean;
  onVerified: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('wallet');
  const format = useFormatMoney();
  const { request, recipient } = confirmed.request;
  const amount = format(request.amountMinor, request.currency);
  return (
    <MoneyPinStep
      body={t('send.pinBody', { amount, name: recipient.displayName })}
      submitLabel={t('send.pinSubmit', { amount })}
      sendingLabel={t('send.sending')}
      sending={sending}
      onVerified={onVerified}
      onBack={onBack}
    />
  );
}

function DoneStep({
  draft,
  transaction,
  onFinished,
  onSendMore,
}: {
  draft: TransferDraft;
  transaction: Transaction;
  onFinished?: () => void;
  onSendMore: () => void;
}) {
  const { t } = useTranslation('wallet');
  const { request, recipient } = draft;
  const name = recipient.ztartag ? `@${recipient.ztartag}` : recipient.displayName;
  return (
    <div className="flex flex-col gap-4">
      <MovementReceipt
        initial={transaction}
        title={(status) => t(`send.${status}Title`, { name })}
        rows={[
          {
            label: t('flows.amount'),
            value: <Money amountMinor={request.amountMinor} currency={request.currency} />,
          },
          { label: t('flows.to'), value: name },
          ...(request.note
            ? [
                {
                  label: t('send.noteLabel'),
                  value: <span className="break-words">{request.note}</span>,
                },
              ]
            : []),
        ]}
      />
      <SimulatedNote />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        {onFinished ? (
          <Button size="lg" className="sm:flex-1" onClick={onFinished}>
            {t('actions.done')}
          </Button>
        ) : null}
        <Button
          variant={onFinished ? 'ghost' : 'primary'}
          size="lg"
          className={onFinished ? undefined : 'sm:flex-1'}
          onClick={onSendMore}
        >
          {t('send.sendMore')}
        </Button>
      </div>
    </div>
  );
}

function FlowSkeleton() {
  return (
    <div className="flex flex-col gap-3">
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-12 w-full" />
    </div>
  );
}
