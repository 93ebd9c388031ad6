import type { DashboardFirstSteps } from '@ztart/shared/contracts/dashboard';
import { ArrowDownToLine, Check, HandCoins, type LucideIcon, QrCode } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

type Step = 'addMoney' | 'shareQr' | 'send';

const STEPS: ReadonlyArray<{
  step: Step;
  taken: keyof DashboardFirstSteps;
  path: string;
  icon: LucideIcon;
}> = [
  { step: 'addMoney', taken: 'addedMoney', path: '/wallet?action=deposit', icon: ArrowDownToLine },
  { step: 'shareQr', taken: 'receivedMoney', path: '/qr-codes?tab=my', icon: QrCode },
  { step: 'send', taken: 'sentMoney', path: '/quick-tip/send', icon: HandCoins },
];

/**
 * A new person's first three steps, each with the action that takes it: the home screen's empty
 * state, and a checklist until all three are done. A step taken says so in words and with a tick,
 * not by colour alone.
 */
export function FirstSteps({ steps }: { steps: DashboardFirstSteps }) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const done = STEPS.filter(({ taken }) => steps[taken]).length;
  return (
    <Card role="region" aria-labelledby={titleId} data-testid="first-steps" className="border-brand/40">
      <CardHeader>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle id={titleId} className="text-lg">
            {t('firstSteps.title')}
          </CardTitle>
          <span className="text-sm font-medium text-muted-foreground">
            {t('firstSteps.progress', { done })}
          </span>
        </div>
        <CardDescription>{t('firstSteps.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-4">
          {STEPS.map(({ step, taken, path, icon: Icon }, index) => {
            const isDone = steps[taken];
            return (
              <li key={step} data-testid={`first-step-${step}`} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className={cn(
                    'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                    isDone ? 'bg-brand text-brand-foreground' : 'bg-brand-soft text-brand-soft-foreground',
                  )}
                >
                  {isDone ? <Check className="size-5" /> : index + 1}
                </span>
                <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
                  <div className="flex flex-col gap-0.5">
                    <h3 className={cn('font-medium', isDone && 'text-muted-foreground line-through')}>
                      {t(`firstSteps.${step}.title`)}
                    </h3>
                    {isDone ? (
                      <p className="text-sm font-medium">{t('firstSteps.done')}</p>
                    ) : (
                      <p className="text-sm text-pretty text-muted-foreground">
                        {t(`firstSteps.${step}.body`)}
                      </p>
                    )}
                  </div>
                  {isDone ? null : (
                    <Link
                      to={path}
                      className={buttonVariants({
                        variant: index === firstOpen(steps) ? 'brand' : 'outline',
                      })}
                    >
                      <Icon aria-hidden="true" />
                      {t(`firstSteps.${step}.action`)}
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}

/** The first step not taken yet: its action is the primary one. */
function firstOpen(steps: DashboardFirstSteps): number {
  return STEPS.findIndex(({ taken }) => !steps[taken]);
}
