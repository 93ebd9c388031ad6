import type { QuickTipProfile, Tip, TipStatus } from '@ztart/shared/contracts/qr-codes';
import { CircleCheck, CircleX, Clock, type LucideIcon } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Attempt } from '../form.ts';
import { useI18n } from '../i18n.ts';
import type { MessageKey } from '../messages/en.ts';
import { useTipStatus } from '../tip-status.ts';
import { receiptLabel, SummaryList, sourceLabel } from './confirm-step.tsx';

const STATUS: Record<TipStatus, { label: MessageKey; icon: LucideIcon; tone: string }> = {
  pending: {
    label: 'done.statusPending',
    icon: Clock,
    tone: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  },
  completed: {
    label: 'done.statusCompleted',
    icon: CircleCheck,
    tone: 'bg-brand-soft text-brand-soft-foreground',
  },
  failed: { label: 'done.statusFailed', icon: CircleX, tone: 'bg-destructive/10 text-destructive' },
  cancelled: { label: 'done.statusCancelled', icon: CircleX, tone: 'bg-secondary text-secondary-foreground' },
};

/** The receipt screen: what was sent, to whom, its status and reference, and where the receipt goes. */
export function DoneStep({
  headingRef,
  profile,
  attempt,
  tip,
  demo,
  onAgain,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  profile: QuickTipProfile;
  attempt: Attempt;
  tip: Tip;
  demo: boolean;
  onAgain: () => void;
}) {
  const i18n = useI18n();
  const { t, money } = i18n;
  const name = profile.business?.name || profile.fullName || `@${profile.ztartag}`;
  const receipt = receiptLabel(attempt.request);
  // A card tip is pending until the processor settles it: the receipt follows it there.
  const current = useTipStatus(tip, !demo);
  const status = STATUS[current];
  const title =
    current === 'completed'
      ? t('done.completedTitle')
      : current === 'pending'
        ? t('done.pendingTitle')
        : t('done.failedTitle');
  const body =
    current === 'pending'
      ? t('done.pendingBody', { name })
      : current === 'completed'
        ? t('done.completedBody', { name })
        : t('done.failedBody', { name });
  return (
    <section data-testid="done-step" data-status={current} className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-3 text-center" aria-live="polite">
        <span className={cn('inline-flex size-12 items-center justify-center rounded-full', status.tone)}>
          <status.icon aria-hidden="true" className="size-6" />
        </span>
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-balance outline-none">
          {title}
        </h2>
        <p className="text-pretty text-muted-foreground">{body}</p>
      </div>
      <SummaryList
        rows={[
          { label: t('confirm.amount'), value: money(tip.amountMinor, tip.currency) },
          { label: t('confirm.to'), value: `${name} (@${profile.ztartag})` },
          { label: t('confirm.from'), value: sourceLabel(attempt.request, i18n) },
          {
            label: t('done.status'),
            value: (
              <span
                data-testid="receipt-status"
                className={cn(
                  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
                  status.tone,
                )}
              >
                <status.icon aria-hidden="true" className="size-3.5" />
                {t(status.label)}
              </span>
            ),
          },
          {
            label: t('done.reference'),
            value: <span className="font-mono text-xs">{tip.id.slice(0, 8).toUpperCase()}</span>,
          },
        ]}
      />
      <p className="text-sm text-muted-foreground">
        {receipt ? t('done.receiptSent', { contact: receipt }) : t('done.noReceipt')}
      </p>
      {demo ? <p className="text-sm text-muted-foreground">{t('done.demo')}</p> : null}
      <Button size="lg" variant="outline" className="w-full" onClick={onAgain}>
        {t('done.again')}
      </Button>
    </section>
  );
}
