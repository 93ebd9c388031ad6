import { type Plan, type PlanLevel, planRank, type Subscription } from '@ztart/shared/contracts/plans';
import { CURRENCIES, type Currency, isCurrency } from '@ztart/shared/money';
import { Check, Crown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Money } from '@/components/money/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { usePlans } from '@/features/business/api/plans';
import { PlanChangeFlow } from '@/features/business/components/plan-change-flow';
import { useErrorMessage } from '@/hooks/use-error-message';
import { dateTimeFormat } from '@/lib/date-format';

/** The anchor of the plans section: the account screen and the business messages link here. */
export const PLANS_HASH = '#plans';
export const PLANS_PATH = `/businesses${PLANS_HASH}`;

/** A plan priced in one of its currencies (each has its own price, packages/shared). */
export function planIn(plan: Plan, currency: Currency): Plan {
  const price = plan.prices.find((item) => item.currency === currency);
  return price ? { ...plan, currency, priceMinor: price.priceMinor } : plan;
}

/**
 * The plans: each level with its monthly price in the wallet currency the person pays from (the
 * server's default: their plan's, else the one they hold most of; they may choose another) and
 * its limits, the person's own plan, and changing it. A higher plan is paid from that wallet at
 * once (after a confirmation); a lower one starts when the paid period ends.
 */
export function PlansPanel() {
  const { t } = useTranslation('business');
  const errorMessage = useErrorMessage();
  const plans = usePlans();
  const titleId = useId();
  const [changing, setChanging] = useState<Plan | null>(null);
  const [chosenCurrency, setChosenCurrency] = useState<Currency | null>(null);
  const currency = chosenCurrency ?? plans.data?.items[0]?.currency ?? CURRENCIES[0];
  // Each arrival (`visit`) at the plans' address, even the same one twice.
  const { hash, key: visit } = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  // A link to the plans (from the account or a refusal) brings them into view once they are drawn.
  useEffect(() => {
    if (visit && hash === PLANS_HASH && plans.isSuccess)
      sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [visit, hash, plans.isSuccess]);

  return (
    <section
      ref={sectionRef}
      id="plans"
      aria-labelledby={titleId}
      className="flex scroll-mt-20 flex-col gap-4"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {t('plans.title')}
      </h2>
      {plans.isPending ? (
        <div className="grid gap-3 sm:grid-cols-3" aria-busy="true">
          <p className="sr-only" role="status">
            {t('plans.loading')}
          </p>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-48 rounded-xl" />
          ))}
        </div>
      ) : plans.isError ? (
        <FormAlert>
          <p>{errorMessage(plans.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void plans.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      ) : (
        <>
          <CurrentPlan subscription={plans.data.subscription} />
          <div className="flex flex-col gap-1 sm:max-w-xs">
            <Select
              label={t('plans.currency')}
              value={currency}
              aria-describedby={`${titleId}-currency-hint`}
              onChange={(event) => {
                if (isCurrency(event.target.value)) setChosenCurrency(event.target.value);
              }}
            >
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
            <p id={`${titleId}-currency-hint`} className="text-sm text-muted-foreground">
              {t('plans.currencyHint')}
            </p>
          </div>
          <ul className="grid gap-3 sm:grid-cols-3">
            {plans.data.items.map((item) => {
              const plan = planIn(item, currency);
              return (
                <li key={plan.level}>
                  <PlanCard
                    plan={plan}
                    subscription={plans.data.subscription}
                    onChoose={() => setChanging(plan)}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
      <Dialog
        open={changing !== null}
        onOpenChange={(open) => {
          if (!open) setChanging(null);
        }}
        title={changing ? t('plans.changeTitle', { plan: t(`plans.levels.${changing.level}`) }) : ''}
        closeLabel={t('actions.close')}
        className="max-w-lg"
      >
        {changing && plans.data ? (
          <PlanChangeFlow
            plan={changing}
            subscription={plans.data.subscription}
            onFinished={() => setChanging(null)}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

function usePeriodEnd(periodEnd: string | null): string | null {
  const { i18n } = useTranslation();
  return periodEnd ? dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(periodEnd)) : null;
}

/** Plans are known by their level; an admin may set a level that is no plan (pro, premium...). */
export function planLevelOf(level: Subscription['level']): PlanLevel | null {
  return level === 'freemium' || level === 'business' || level === 'enterprise' ? level : null;
}

function CurrentPlan({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation(['business', 'account']);
  const periodEnd = usePeriodEnd(subscription.periodEnd);
  const plan = planLevelOf(subscription.level);
  return (
    <div className="flex flex-col gap-1 rounded-xl border bg-muted/30 p-4" data-testid="current-plan">
      <p className="text-sm text-muted-foreground">{t('plans.current')}</p>
      <p className="text-lg font-semibold">
        {plan
          ? t(`plans.levels.${plan}`)
          : t('plans.otherLevel', { level: t(`account:plan.levels.${subscription.level}`) })}
      </p>
      {periodEnd && subscription.pendingLevel ? (
        <p className="text-sm">
          {t('plans.downgradeWaiting', {
            plan: t(`plans.levels.${subscription.pendingLevel}`),
            date: periodEnd,
          })}
        </p>
      ) : periodEnd ? (
        <p className="text-sm text-muted-foreground">
          {subscription.currency
            ? t('plans.renewsIn', { date: periodEnd, currency: subscription.currency })
            : t('plans.renews', { date: periodEnd })}
        </p>
      ) : null}
    </div>
  );
}

function PlanCard({
  plan,
  subscription,
  onChoose,
}: {
  plan: Plan;
  subscription: Subscription;
  onChoose: () => void;
}) {
  const { t } = useTranslation('business');
  const current = planLevelOf(subscription.level) === plan.level;
  const higher = planRank(plan.level) > planRank(subscription.level);
  const waiting = subscription.pendingLevel === plan.level;
  const titleId = useId();
  const action = current
    ? subscription.pendingLevel
      ? t('plans.keep', { plan: t(`plans.levels.${plan.level}`) })
      : null
    : waiting
      ? null
      : higher
        ? t('plans.upgrade', { plan: t(`plans.levels.${plan.level}`) })
        : t('plans.downgrade', { plan: t(`plans.levels.${plan.level}`) });
  return (
    <article
      aria-labelledby={titleId}
      data-testid="plan-card"
      className="flex h-full flex-col gap-3 rounded-xl border bg-card p-4 data-[current=true]:border-brand"
      data-current={current}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="flex items-center gap-2 font-semibold">
          {plan.level === 'enterprise' ? <Crown aria-hidden="true" className="size-4" /> : null}
          {t(`plans.levels.${plan.level}`)}
        </h3>
        {current ? <Badge variant="brand">{t('plans.yourPlan')}</Badge> : null}
        {waiting ? <Badge>{t('plans.fromPeriodEnd')}</Badge> : null}
      </div>
      <p className="text-2xl font-semibold tabular-nums">
        {plan.priceMinor === 0 ? (
          t('plans.free')
        ) : (
          <>
            <Money amountMinor={plan.priceMinor} currency={plan.currency} />
            <span className="text-sm font-normal text-muted-foreground"> {t('plans.perMonth')}</span>
          </>
        )}
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        {plan.limits.teamMembers > 0 ? (
          <>
            <PlanLimit text={t('plans.limits.teamMembers', { count: plan.limits.teamMembers })} />
            <PlanLimit text={t('plans.limits.qrCodes', { count: plan.limits.qrCodes })} />
            <PlanLimit text={t('plans.limits.monthlyTransfers', { count: plan.limits.monthlyTransfers })} />
          </>
        ) : (
          <PlanLimit text={t('plans.limits.personal')} />
        )}
      </ul>
      {action ? (
        <Button className="mt-auto" variant={higher ? 'primary' : 'outline'} onClick={onChoose}>
          {action}
        </Button>
      ) : null}
    </article>
  );
}

function PlanLimit({ text }: { text: string }) {
  return (
    <li className="flex items-start gap-2">
      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
      {text}
    </li>
  );
}
