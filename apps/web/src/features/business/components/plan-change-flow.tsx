import type { Plan, SubscribeRequest, Subscription } from '@ztart/shared/contracts/plans';
import { planRank } from '@ztart/shared/contracts/plans';
import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/components/money/money';
import { MoneySteps, useMoneyStepper } from '@/components/money-flow/money-stepper';
import { ConfirmActions, SummaryList } from '@/components/money-flow/movement-parts';
import { MoneyPinStep } from '@/components/money-flow/pin-step';
import { StepHeading } from '@/components/money-flow/step-heading';
import { Button } from '@/components/ui/button';
import { useSubscribe } from '@/features/business/api/plans';
import { ApiError } from '@/lib/api-client';
import { dateTimeFormat } from '@/lib/date-format';

/**
 * Changing plan: a confirmation that says what is paid now and from where (an upgrade), or when
 * the lower plan starts (a downgrade, nothing paid), the PIN when the server asks for it, then the
 * outcome. One Idempotency-Key per confirmation, so a retry never pays twice.
 */
export function PlanChangeFlow({
  plan,
  subscription,
  onFinished,
}: {
  plan: Plan;
  subscription: Subscription;
  onFinished: () => void;
}) {
  const subscribe = useSubscribe();
  const stepper = useMoneyStepper<SubscribeRequest, Subscription, unknown>({
    submit: ({ request, idempotencyKey }) => subscribe.mutateAsync({ body: request, idempotencyKey }),
    refusalOf: (error) =>
      error instanceof ApiError && error.code === 'pin_required'
        ? { to: 'pin' }
        : { to: 'confirm', problem: error },
  });
  const { confirm } = stepper;
  // The dialog opens on the confirmation: choosing the plan was the form.
  useEffect(() => {
    confirm({ level: plan.level, currency: plan.currency });
  }, [confirm, plan.level, plan.currency]);
  return (
    <MoneySteps
      stepper={stepper}
      form={() => null}
      confirm={(step) => (
        <ConfirmStep
          plan={plan}
          subscription={subscription}
          pending={step.sending}
          error={step.problem}
          onSend={stepper.send}
          onBack={onFinished}
        />
      )}
      pin={(step) => (
        <PlanPinStep
          plan={plan}
          sending={step.sending}
          onVerified={stepper.send}
          onBack={stepper.backToConfirm}
        />
      )}
      done={(step) => <DoneStep plan={plan} subscription={step.result} onFinished={onFinished} />}
    />
  );
}

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string | null) =>
    iso ? dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso)) : null;
}

function ConfirmStep({
  plan,
  subscription,
  pending,
  error,
  onSend,
  onBack,
}: {
  plan: Plan;
  subscription: Subscription;
  pending: boolean;
  error: unknown;
  onSend: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('business');
  const format = useFormatMoney();
  const date = useDate();
  const name = t(`plans.levels.${plan.level}`);
  const upgrade = planRank(plan.level) > planRank(subscription.level);
  const keeping = plan.level === subscription.level;
  const price = format(plan.priceMinor, plan.currency);
  if (!upgrade) {
    const periodEnd = date(subscription.periodEnd);
    return (
      <div className="flex flex-col gap-4">
        <StepHeading>
          {keeping ? t('plans.keepTitle', { plan: name }) : t('plans.downgradeTitle', { plan: name })}
        </StepHeading>
        <p>
          {keeping
            ? t('plans.keepBody', { plan: name })
            : periodEnd
              ? t('plans.downgradeBody', { plan: name, date: periodEnd })
              : t('plans.downgradeNow', { plan: name })}
        </p>
        <ConfirmActions
          error={error}
          currency={plan.currency}
          pending={pending}
          sendingLabel={t('plans.sending')}
          confirmLabel={keeping ? t('plans.keep', { plan: name }) : t('plans.downgrade', { plan: name })}
          onConfirm={onSend}
          onBack={onBack}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <StepHeading>{t('plans.upgradeTitle', { plan: name })}</StepHeading>
      <p className="text-center text-3xl font-semibold tabular-nums" data-testid="plan-price">
        {price}
      </p>
      <SummaryList
        rows={[
          { label: t('plans.payFrom'), value: t('plans.wallet', { currency: plan.currency }) },
          { label: t('plans.payTo'), value: t('plans.platform') },
          { label: t('plans.every'), value: t('plans.monthly') },
        ]}
      />
      <p className="text-sm text-muted-foreground">{t('plans.upgradeBody', { price })}</p>
      <ConfirmActions
        error={error}
        currency={plan.currency}
        pending={pending}
        sendingLabel={t('plans.sending')}
        confirmLabel={t('plans.pay', { amount: price })}
        onConfirm={onSend}
        onBack={onBack}
      />
    </div>
  );
}

function PlanPinStep({
  plan,
  sending,
  onVerified,
  onBack,
}: {
  plan: Plan;
  sending: boolean;
  onVerified: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('business');
  const format = useFormatMoney();
  const amount = format(plan.priceMinor, plan.currency);
  return (
    <MoneyPinStep
      body={t('plans.pinBody', { amount })}
      submitLabel={t('plans.pay', { amount })}
      sendingLabel={t('plans.sending')}
      sending={sending}
      onVerified={onVerified}
      onBack={onBack}
    />
  );
}

function DoneStep({
  plan,
  subscription,
  onFinished,
}: {
  plan: Plan;
  subscription: Subscription;
  onFinished: () => void;
}) {
  const { t } = useTranslation('business');
  const date = useDate();
  const name = t(`plans.levels.${plan.level}`);
  const periodEnd = date(subscription.periodEnd);
  const active = subscription.level === plan.level && !subscription.pendingLevel;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 text-center" role="status">
        <CircleCheck aria-hidden="true" className="size-10 text-brand" />
        <StepHeading>
          {active
            ? t('plans.doneActive', { plan: name })
            : t('plans.doneWaiting', { plan: name, date: periodEnd ?? '' })}
        </StepHeading>
      </div>
      <Button size="lg" onClick={onFinished}>
        {t('actions.done')}
      </Button>
    </div>
  );
}
