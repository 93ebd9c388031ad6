import {
  type BusinessMember,
  DISTRIBUTION_RULES,
  type Distribution,
  type DistributionRequest,
  type DistributionRule,
} from '@ztart/shared/contracts/businesses';
import type { Currency } from '@ztart/shared/money';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField, useAmountProblemMessage } from '@/components/money/amount-field';
import { formatAmountForInput } from '@/components/money/amount-input';
import { useFormatMoney } from '@/components/money/money';
import { checkAmount } from '@/components/money/parse-amount-input';
import { MoneySteps, useMoneyStepper } from '@/components/money-flow/money-stepper';
import { ConfirmActions } from '@/components/money-flow/movement-parts';
import { MoneyPinStep } from '@/components/money-flow/pin-step';
import { StepHeading } from '@/components/money-flow/step-heading';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { useDistribute, usePreviewDistribution } from '@/features/business/api/wallet';
import { checkWeights } from '@/features/business/components/distribution-input';
import { DistributionPreview } from '@/features/business/components/distribution-preview';
import { memberName } from '@/features/business/components/member-name';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';

type DistributionBody = Omit<DistributionRequest, 'preview'>;

/** A distribution the person has seen previewed: what is sent, and what the server said it gives each. */
interface PreviewedDistribution {
  body: DistributionBody;
  preview: Distribution;
}

/**
 * Sharing the tip pool: the rule (equal shares, percentages, or hours worked per member), the
 * amount, a preview of each member's share computed by the server (nothing moves), then the
 * confirmation that moves it all at once with one Idempotency-Key (the PIN step first when the
 * server asks for it), and the outcome.
 */
export function DistributionFlow({
  businessId,
  currency,
  availableMinor,
  members,
  onFinished,
}: {
  businessId: string;
  currency: Currency;
  availableMinor: number;
  /** Approved members who can receive a share (the owner is not one of them). */
  members: readonly BusinessMember[];
  onFinished: () => void;
}) {
  const distribute = useDistribute(businessId);
  const stepper = useMoneyStepper<PreviewedDistribution, Distribution, unknown>({
    submit: ({ request, idempotencyKey }) => distribute.mutateAsync({ body: request.body, idempotencyKey }),
    // Above the no-PIN amount the server asks for the PIN, as it does for a transfer.
    refusalOf: (error) =>
      error instanceof ApiError && error.code === 'pin_required'
        ? { to: 'pin' }
        : { to: 'confirm', problem: error },
  });
  return (
    <MoneySteps
      stepper={stepper}
      form={() => (
        <DistributionForm
          businessId={businessId}
          currency={currency}
          availableMinor={availableMinor}
          members={members}
          onPreviewed={stepper.confirm}
          onCancel={onFinished}
        />
      )}
      confirm={(step) => (
        <ConfirmStep
          previewed={step.attempt.request}
          pending={step.sending}
          error={step.problem}
          onSend={stepper.send}
          onBack={stepper.restart}
        />
      )}
      pin={(step) => (
        <DistributionPinStep
          previewed={step.attempt.request}
          sending={step.sending}
          onVerified={stepper.send}
          onBack={stepper.backToConfirm}
        />
      )}
      done={(step) => <DoneStep distribution={step.result} onFinished={onFinished} />}
    />
  );
}

export function DistributionForm({
  businessId,
  currency,
  availableMinor,
  members,
  onPreviewed,
  onCancel,
}: {
  businessId: string;
  currency: Currency;
  availableMinor: number;
  members: readonly BusinessMember[];
  onPreviewed: (previewed: PreviewedDistribution) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('business');
  const format = useFormatMoney();
  const amountProblem = useAmountProblemMessage();
  const errorMessage = useErrorMessage();
  const preview = usePreviewDistribution(businessId);
  const ruleName = useId();
  const [rule, setRule] = useState<DistributionRule>('equal');
  const [amount, setAmount] = useState(() => formatAmountForInput(availableMinor, currency, i18n.language));
  const [amountError, setAmountError] = useState<string | undefined>();
  const [weights, setWeights] = useState<Record<string, string>>({});
  const [weightProblem, setWeightProblem] = useState<string | null>(null);
  const [reason, setReason] = useState('');

  if (members.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <p data-testid="distribution-no-members">{t('distribute.noMembers')}</p>
        <Button size="lg" onClick={onCancel}>
          {t('actions.close')}
        </Button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const amountCheck = checkAmount(amount, currency, i18n.language, { maxMinor: availableMinor });
    const weightCheck = checkWeights(
      rule,
      members.map((member) => weights[member.userId] ?? ''),
    );
    setAmountError(amountCheck.ok ? undefined : amountProblem(amountCheck.problem, currency));
    setWeightProblem(weightCheck.problem ? t(`distribute.problems.${weightCheck.problem}`) : null);
    if (!amountCheck.ok || !weightCheck.ok) return;
    const body: DistributionBody = {
      rule,
      amountMinor: amountCheck.amountMinor,
      currency,
      shares: members.map((member, index) =>
        rule === 'equal'
          ? { userId: member.userId }
          : { userId: member.userId, weight: weightCheck.weights[index] ?? 0 },
      ),
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    };
    preview.mutate(body, { onSuccess: (answer) => onPreviewed({ body, preview: answer }) });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('distribute.rule')}</legend>
        {DISTRIBUTION_RULES.map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft/40"
          >
            <input
              type="radio"
              name={ruleName}
              value={option}
              checked={rule === option}
              onChange={() => {
                setRule(option);
                setWeightProblem(null);
              }}
              className="mt-1 size-4 accent-[var(--color-brand)]"
            />
            <span className="flex flex-col">
              <span className="font-medium">{t(`distribute.rules.${option}`)}</span>
              <span className="text-sm text-muted-foreground">{t(`distribute.rulesHint.${option}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <AmountField
        label={t('distribute.amount')}
        currency={currency}
        value={amount}
        onValueChange={(value) => {
          setAmount(value);
          setAmountError(undefined);
        }}
        error={amountError}
        hint={t('distribute.amountHint', { available: format(availableMinor, currency) })}
      />
      {rule === 'equal' ? (
        <p className="text-sm text-muted-foreground">
          {t('distribute.equalMembers', { count: members.length })}
        </p>
      ) : (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium">
            {rule === 'percentages' ? t('distribute.percentLegend') : t('distribute.hoursLegend')}
          </legend>
          {members.map((member) => (
            <TextField
              key={member.userId}
              label={
                rule === 'percentages'
                  ? t('distribute.percentOf', { name: memberName(member, t('team.unnamed')) })
                  : t('distribute.hoursOf', { name: memberName(member, t('team.unnamed')) })
              }
              inputMode="decimal"
              autoComplete="off"
              value={weights[member.userId] ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setWeights((current) => ({ ...current, [member.userId]: value }));
                setWeightProblem(null);
              }}
            />
          ))}
        </fieldset>
      )}
      {weightProblem ? (
        <FormAlert>
          <p>{weightProblem}</p>
        </FormAlert>
      ) : null}
      <TextField
        label={t('distribute.reason')}
        hint={t('distribute.reasonHint')}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
      {preview.isError ? (
        <FormAlert>
          <p>{errorMessage(preview.error)}</p>
        </FormAlert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" size="lg" className="sm:flex-1" disabled={preview.isPending}>
          {preview.isPending ? t('distribute.previewing') : t('distribute.preview')}
        </Button>
        <Button variant="ghost" size="lg" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}

function ConfirmStep({
  previewed,
  pending,
  error,
  onSend,
  onBack,
}: {
  previewed: PreviewedDistribution;
  pending: boolean;
  error: unknown;
  onSend: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('business');
  const format = useFormatMoney();
  const amount = format(previewed.body.amountMinor, previewed.body.currency);
  return (
    <div className="flex flex-col gap-4">
      <StepHeading>{t('distribute.confirmTitle')}</StepHeading>
      <p className="text-center text-3xl font-semibold tabular-nums">{amount}</p>
      <p className="text-sm text-muted-foreground">{t('distribute.confirmBody')}</p>
      <DistributionPreview distribution={previewed.preview} />
      <ConfirmActions
        error={error}
        currency={previewed.body.currency}
        pending={pending}
        sendingLabel={t('distribute.sending')}
        confirmLabel={t('distribute.confirm', { amount })}
        onConfirm={onSend}
        onBack={onBack}
      />
    </div>
  );
}

function DistributionPinStep({
  previewed,
  sending,
  onVerified,
  onBack,
}: {
  previewed: PreviewedDistribution;
  sending: boolean;
  onVerified: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('business');
  const format = useFormatMoney();
  const amount = format(previewed.body.amountMinor, previewed.body.currency);
  return (
    <MoneyPinStep
      body={t('distribute.pinBody', { amount })}
      submitLabel={t('distribute.confirm', { amount })}
      sendingLabel={t('distribute.sending')}
      sending={sending}
      onVerified={onVerified}
      onBack={onBack}
    />
  );
}

function DoneStep({ distribution, onFinished }: { distribution: Distribution; onFinished: () => void }) {
  const { t } = useTranslation('business');
  const format = useFormatMoney();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 text-center" role="status">
        <CircleCheck aria-hidden="true" className="size-10 text-brand" />
        <StepHeading>
          {t('distribute.done', {
            amount: format(distribution.amountMinor, distribution.currency),
            count: distribution.items.length,
          })}
        </StepHeading>
      </div>
      <DistributionPreview distribution={distribution} />
      <Button size="lg" onClick={onFinished}>
        {t('actions.done')}
      </Button>
    </div>
  );
}
