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
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useVerifyPin } from '@/features/account/api/pin';
import { EnterPinForm } from '@/features/account/components/pin-forms';
import { useCreateTransfer } from '@/features/payments/api/create-transfer';
import { useRecipientLookup } from '@/features/payments/api/get-recipient';
import { RecipientCard, RecipientField } from '@/features/payments/components/recipient-field';
import { useWallet } from '@/features/wallet/api/get-wallet';
import { newIdempotencyKey } from '@/features/wallet/api/money-movement';
import { SimulatedNote } from '@/features/wallet/components/movement-flow';
import {
  canRetry,
  MovementReceipt,
  SummaryList,
  useMovementErrorMessage,
} from '@/features/wallet/components/movement-parts';
import { StepHeading } from '@/features/wallet/components/step-heading';
import { availableIn, dailyRemainingIn, preferredCurrency } from '@/features/wallet/wallet-figures';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';

/** A transfer the person has seen on the confirmation step, with the key that makes it happen once. */
interface Confirmed {
  request: TransferRequest;
  recipient: RecipientResponse;
  idempotencyKey: string;
}

type Step =
  | { name: 'form' }
  | ({ name: 'confirm' } & Confirmed)
  /** The server asked for the PIN: once it is entered, the same request goes again with the same key. */
  | ({ name: 'pin' } & Confirmed)
  | { name: 'done'; request: TransferRequest; recipient: RecipientResponse; transaction: Transaction };

export interface SendMoneyFlowProps {
  initialRecipient?: string;
  /** Shown as "Done" on the receipt (closing the dialog it sits in); without it, only "Send more". */
  onFinished?: () => void;
}

/**
 * Sending money to someone by ztartag, email or phone: who it is shows as the person types;
 * nothing moves before a confirmation step that shows recipient and amount; a PIN asked by the
 * server is entered right there, and the same transfer is sent again with the same key.
 */
export function SendMoneyFlow({ initialRecipient = '', onFinished }: SendMoneyFlowProps) {
  const wallet = useWallet();
  const errorMessage = useErrorMessage();
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [draft, setDraft] = useState({ recipient: initialRecipient, amount: '', note: '' });
  // The form starts in the currency the person holds most of, chosen once when the wallet is
  // first read: money arriving while they type does not switch it under them.
  const [currency, setCurrency] = useState<Currency | null>(null);
  const transfer = useCreateTransfer();
  if (currency === null && wallet.data) setCurrency(preferredCurrency(wallet.data));

  if (wallet.isError) return <FormAlert>{errorMessage(wallet.error)}</FormAlert>;
  if (wallet.isPending || currency === null) return <FlowSkeleton />;

  const send = (confirmed: Confirmed) =>
    transfer.mutate(
      { body: confirmed.request, idempotencyKey: confirmed.idempotencyKey },
      {
        onSuccess: ({ transaction }) =>
          setStep({ name: 'done', request: confirmed.request, recipient: confirmed.recipient, transaction }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'pin_required')
            setStep({ ...confirmed, name: 'pin' });
          else setStep({ ...confirmed, name: 'confirm' });
        },
      },
    );
  const backToForm = () => {
    transfer.reset();
    setStep({ name: 'form' });
  };

  switch (step.name) {
    case 'form':
      return (
        <DetailsStep
          wallet={wallet.data}
          draft={draft}
          onDraft={setDraft}
          currency={currency}
          onCurrency={setCurrency}
          onContinue={(request, recipient) =>
            setStep({ name: 'confirm', request, recipient, idempotencyKey: newIdempotencyKey() })
          }
        />
      );
    case 'confirm':
      return (
        <ConfirmStep
          confirmed={step}
          pending={transfer.isPending}
          error={transfer.error}
          onSend={() => send(step)}
          onBack={backToForm}
        />
      );
    case 'pin':
      return (
        <PinStep
          confirmed={step}
          sending={transfer.isPending}
          onVerified={() => send(step)}
          onBack={backToForm}
        />
      );
    case 'done':
      return (
        <DoneStep
          step={step}
          onFinished={onFinished}
          onSendMore={() => {
            transfer.reset();
            setDraft({ recipient: '', amount: '', note: '' });
            setStep({ name: 'form' });
          }}
        />
      );
  }
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
    if (check.amountMinor > available) {
      return {
        message: `${errorMessage('insufficient_balance')} ${t('wallet:withdraw.available', { amount: format(available, currency) })}`,
      };
    }
    if (dailyRemaining !== null && check.amountMinor > dailyRemaining) {
      const refusal = new ApiError({
        code: 'limit_exceeded',
        status: 422,
        details: {
          limit: 'daily',
          limitMinor: wallet.limits.dailyLimitMinor,
          remainingMinor: dailyRemaining,
        },
      });
      return { message: movementError(refusal, currency) };
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
  const movementError = useMovementErrorMessage();
  const { request, recipient } = confirmed;
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
      {error ? (
        <FormAlert>
          <p>{movementError(error, request.currency)}</p>
        </FormAlert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button size="lg" className="sm:flex-1" disabled={pending} onClick={onSend}>
          {pending
            ? t('send.sending')
            : error && canRetry(error)
              ? t('actions.retry')
              : t('send.confirmAction', { amount })}
        </Button>
        <Button variant="ghost" size="lg" disabled={pending} onClick={onBack}>
          {t('actions.back')}
        </Button>
      </div>
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
  const verify = useVerifyPin();
  const amount = format(confirmed.request.amountMinor, confirmed.request.currency);
  return (
    <div className="flex flex-col gap-4">
      <StepHeading>{t('send.pinTitle')}</StepHeading>
      <p className="text-sm text-muted-foreground">
        {t('send.pinBody', { amount, name: confirmed.recipient.displayName })}
      </p>
      {sending ? (
        <p role="status" className="text-sm">
          {t('send.sending')}
        </p>
      ) : (
        <EnterPinForm
          mutation={verify}
          label={t('send.pinLabel')}
          submitLabel={t('send.pinSubmit', { amount })}
          onDone={onVerified}
          onCancel={onBack}
        />
      )}
    </div>
  );
}

function DoneStep({
  step,
  onFinished,
  onSendMore,
}: {
  step: Extract<Step, { name: 'done' }>;
  onFinished?: () => void;
  onSendMore: () => void;
}) {
  const { t } = useTranslation('wallet');
  const name = step.recipient.ztartag ? `@${step.recipient.ztartag}` : step.recipient.displayName;
  return (
    <div className="flex flex-col gap-4">
      <MovementReceipt
        initial={step.transaction}
        title={(status) => t(`send.${status}Title`, { name })}
        rows={[
          {
            label: t('flows.amount'),
            value: <Money amountMinor={step.request.amountMinor} currency={step.request.currency} />,
          },
          { label: t('flows.to'), value: name },
          ...(step.request.note
            ? [
                {
                  label: t('send.noteLabel'),
                  value: <span className="break-words">{step.request.note}</span>,
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
