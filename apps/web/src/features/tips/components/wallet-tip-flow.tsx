import type { QuickTipProfile, Tip } from '@ztart/shared/contracts/qr-codes';
import type { WalletResponse } from '@ztart/shared/contracts/wallet';
import { TEXT_LIMITS } from '@ztart/shared/limits';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { useFormatMoney } from '@/components/money/money';
import { checkAmount } from '@/components/money/parse-amount-input';
import { type Attempt, MoneySteps, useMoneyStepper } from '@/components/money-flow/money-stepper';
import { canRetry, SummaryList, useMovementErrorMessage } from '@/components/money-flow/movement-parts';
import { MoneyPinStep } from '@/components/money-flow/pin-step';
import { StepHeading } from '@/components/money-flow/step-heading';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonVariants } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { VerifiedBadge } from '@/components/verified-badge';
import { useSendWalletTip, type WalletTipRequest } from '@/features/tips/api/send-wallet-tip';
import { TipStatusBadge } from '@/features/tips/components/tip-status-badge';
import { tipLinkOf } from '@/features/tips/quick-tip-link';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { availableIn } from '@/lib/wallet/wallet-figures';

/** The amount chosen: a preset, or what was typed under "Other amount". */
interface AmountDraft {
  presetMinor: number | null;
  custom: string;
  message: string;
}

/**
 * The highest tip from the balance: the quick-tip maximum, or for a verified sender the transfer
 * maximum (the server's rule, told by the profile and the wallet).
 */
export function walletTipMaxMinor(profile: QuickTipProfile, wallet: WalletResponse): number {
  return wallet.limits.verified ? wallet.limits.transferMaxMinor : profile.maxMinor;
}

/**
 * Tipping a chosen person from the app: an amount (presets or another), the balance first when
 * it covers the tip (the card goes through the quick-tip page otherwise), a confirmation before
 * any money moves, the PIN when the server asks for it, and the receipt.
 */
export function WalletTipFlow({
  profile,
  wallet,
  onTipSomeoneElse,
}: {
  profile: QuickTipProfile;
  wallet: WalletResponse;
  onTipSomeoneElse: () => void;
}) {
  const send = useSendWalletTip();
  const [draft, setDraft] = useState<AmountDraft>({
    presetMinor: profile.presetsMinor[1] ?? profile.presetsMinor[0] ?? null,
    custom: '',
    message: '',
  });
  const stepper = useMoneyStepper<WalletTipRequest, Tip, unknown>({
    submit: ({ request, idempotencyKey }: Attempt<WalletTipRequest>) =>
      send.mutateAsync({ body: request, idempotencyKey }),
    refusalOf: (error) =>
      error instanceof ApiError && error.code === 'pin_required'
        ? { to: 'pin' }
        : { to: 'confirm', problem: error },
  });

  return (
    <MoneySteps
      stepper={stepper}
      form={() => (
        <AmountStep
          profile={profile}
          wallet={wallet}
          draft={draft}
          onDraft={setDraft}
          onContinue={stepper.confirm}
        />
      )}
      confirm={(step) => (
        <ConfirmStep
          profile={profile}
          request={step.attempt.request}
          sending={step.sending}
          problem={step.problem}
          onSend={stepper.send}
          onBack={stepper.restart}
        />
      )}
      pin={(step) => (
        <PinStep
          profile={profile}
          request={step.attempt.request}
          sending={step.sending}
          onVerified={stepper.send}
          onBack={stepper.restart}
        />
      )}
      done={(step) => <ReceiptStep profile={profile} tip={step.result} onTipSomeoneElse={onTipSomeoneElse} />}
    />
  );
}

/** Who is tipped: photo, name, @tag and the verified badge. */
export function TippedPerson({ profile }: { profile: QuickTipProfile }) {
  const name = profile.fullName ?? `@${profile.ztartag}`;
  return (
    <div className="flex items-center gap-3">
      <Avatar name={name} src={profile.avatarUrl} className="size-12" />
      <div className="flex min-w-0 flex-col items-start gap-0.5">
        <p className="truncate font-semibold">{name}</p>
        <p className="truncate text-sm text-muted-foreground">@{profile.ztartag}</p>
        <VerifiedBadge verified={profile.verified} />
      </div>
    </div>
  );
}

function AmountStep({
  profile,
  wallet,
  draft,
  onDraft,
  onContinue,
}: {
  profile: QuickTipProfile;
  wallet: WalletResponse;
  draft: AmountDraft;
  onDraft: (draft: AmountDraft) => void;
  onContinue: (request: WalletTipRequest) => void;
}) {
  const { t, i18n } = useTranslation(['tips', 'wallet', 'validation']);
  const format = useFormatMoney();
  const problemMessage = useAmountProblemMessage();
  const legendId = useId();
  const [error, setError] = useState<string | undefined>();
  const { currency } = profile;
  const available = availableIn(wallet, currency);
  const bounds = { minMinor: profile.minMinor, maxMinor: walletTipMaxMinor(profile, wallet) };
  const check =
    draft.presetMinor !== null
      ? ({ ok: true, amountMinor: draft.presetMinor } as const)
      : checkAmount(draft.custom, currency, i18n.language, bounds);
  const chosenMinor = check.ok ? check.amountMinor : null;
  const balanceCovers = chosenMinor === null || chosenMinor <= available;

  const change = (next: Partial<AmountDraft>) => {
    onDraft({ ...draft, ...next });
    setError(undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!check.ok) return setError(problemMessage(check.problem, currency));
    if (draft.message.length > TEXT_LIMITS.tipMessage) return setError(t('validation:tipMessageMax'));
    if (check.amountMinor > available) return;
    const message = draft.message.trim();
    onContinue({
      receiver: profile.ztartag,
      amountMinor: check.amountMinor,
      currency,
      ...(message ? { message } : {}),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
        <legend id={legendId} className="text-sm font-medium">
          {t('wallet:flows.amount')}
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {profile.presetsMinor.map((presetMinor) => (
            <label
              key={presetMinor}
              className={cn(
                buttonVariants({
                  variant: draft.presetMinor === presetMinor ? 'primary' : 'outline',
                  size: 'lg',
                }),
                'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              )}
            >
              <input
                type="radio"
                name="tip-amount"
                className="sr-only"
                checked={draft.presetMinor === presetMinor}
                onChange={() => change({ presetMinor, custom: '' })}
              />
              {format(presetMinor, currency)}
            </label>
          ))}
        </div>
      </fieldset>
      <AmountField
        label={t('tips:send.other')}
        currency={currency}
        value={draft.custom}
        onValueChange={(custom) =>
          change({ custom, presetMinor: custom.trim() === '' ? draft.presetMinor : null })
        }
        error={error}
        hint={t('tips:send.bounds', {
          min: format(bounds.minMinor, currency),
          max: format(bounds.maxMinor, currency),
        })}
      />
      <TextAreaField
        label={t('tips:send.message')}
        hint={t('wallet:send.noteHint', { count: TEXT_LIMITS.tipMessage - draft.message.length })}
        name="message"
        maxLength={TEXT_LIMITS.tipMessage}
        rows={2}
        value={draft.message}
        onChange={(event) => change({ message: event.target.value })}
      />
      <p className="text-sm text-muted-foreground">
        {t('tips:send.fromBalance', { amount: format(available, currency) })}
      </p>
      {balanceCovers ? (
        <div className="flex flex-col gap-2">
          <Button type="submit" size="lg">
            {t('wallet:actions.continue')}
          </Button>
          <a href={tipLinkOf(profile.ztartag)} className={buttonVariants({ variant: 'ghost', size: 'lg' })}>
            {t('tips:send.payByCardInstead')}
          </a>
        </div>
      ) : (
        <div role="status" className="flex flex-col gap-3 rounded-xl border p-4">
          <p className="text-sm">{t('tips:send.balanceShort', { amount: format(available, currency) })}</p>
          <a
            href={tipLinkOf(profile.ztartag)}
            className={buttonVariants({ size: 'lg', className: 'self-start' })}
          >
            {t('tips:send.payByCard')}
          </a>
        </div>
      )}
    </form>
  );
}

function ConfirmStep({
  profile,
  request,
  sending,
  problem,
  onSend,
  onBack,
}: {
  profile: QuickTipProfile;
  request: WalletTipRequest;
  sending: boolean;
  problem: unknown;
  onSend: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(['tips', 'wallet']);
  const format = useFormatMoney();
  const movementError = useMovementErrorMessage();
  const amount = format(request.amountMinor, request.currency);
  return (
    <div className="flex flex-col gap-4">
      <StepHeading>{t('tips:send.confirmTitle')}</StepHeading>
      <div className="rounded-xl border p-4">
        <TippedPerson profile={profile} />
      </div>
      <p className="text-center text-3xl font-semibold tabular-nums">{amount}</p>
      <SummaryList
        rows={[
          {
            label: t('wallet:flows.from'),
            value: t('wallet:flows.walletOf', { currency: request.currency }),
          },
          ...(request.message
            ? [
                {
                  label: t('tips:send.message'),
                  value: <span className="break-words">{request.message}</span>,
                },
              ]
            : []),
          { label: t('wallet:flows.fee'), value: t('wallet:flows.noFee') },
        ]}
      />
      {problem ? (
        <FormAlert>
          <p>{movementError(problem, request.currency)}</p>
        </FormAlert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button size="lg" className="sm:flex-1" disabled={sending} onClick={onSend}>
          {sending
            ? t('tips:send.sending')
            : problem && canRetry(problem)
              ? t('wallet:actions.retry')
              : t('tips:send.confirmAction', { amount })}
        </Button>
        <Button variant="ghost" size="lg" disabled={sending} onClick={onBack}>
          {t('wallet:actions.back')}
        </Button>
      </div>
    </div>
  );
}

function PinStep({
  profile,
  request,
  sending,
  onVerified,
  onBack,
}: {
  profile: QuickTipProfile;
  request: WalletTipRequest;
  sending: boolean;
  onVerified: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(['tips', 'wallet']);
  const format = useFormatMoney();
  const amount = format(request.amountMinor, request.currency);
  return (
    <MoneyPinStep
      body={t('tips:send.pinBody', { amount, name: `@${profile.ztartag}` })}
      submitLabel={t('tips:send.confirmAction', { amount })}
      sendingLabel={t('tips:send.sending')}
      sending={sending}
      onVerified={onVerified}
      onBack={onBack}
    />
  );
}

function ReceiptStep({
  profile,
  tip,
  onTipSomeoneElse,
}: {
  profile: QuickTipProfile;
  tip: Tip;
  onTipSomeoneElse: () => void;
}) {
  const { t } = useTranslation(['tips', 'wallet']);
  const format = useFormatMoney();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The button that sent the tip is gone: the receipt takes focus.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  const name = `@${profile.ztartag}`;
  return (
    <div className="flex flex-col gap-4">
      <div role="status">
        <h3 ref={titleRef} tabIndex={-1} className="text-center text-lg font-semibold outline-none">
          {t(tip.status === 'failed' ? 'tips:send.failedTitle' : 'tips:send.doneTitle', { name })}
        </h3>
      </div>
      <SummaryList
        rows={[
          { label: t('wallet:flows.amount'), value: format(tip.amountMinor, tip.currency) },
          { label: t('wallet:flows.to'), value: name },
          { label: t('wallet:flows.from'), value: t('wallet:flows.walletOf', { currency: tip.currency }) },
          { label: t('wallet:receipt.status'), value: <TipStatusBadge status={tip.status} /> },
          {
            label: t('wallet:receipt.reference'),
            value: <span className="font-mono text-sm">{tip.id.slice(-8).toUpperCase()}</span>,
          },
        ]}
      />
      <Button size="lg" onClick={onTipSomeoneElse}>
        {t('tips:send.tipAgain')}
      </Button>
    </div>
  );
}
