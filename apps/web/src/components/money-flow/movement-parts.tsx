import type { Transaction } from '@ztart/shared/contracts/transactions';
import type { Currency } from '@ztart/shared/money';
import { REFERENCE_CURRENCY } from '@ztart/shared/reference-rates';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/components/money/money';
import { StatusBadge, useTransaction } from '@/components/transactions';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useErrorMessage } from '@/hooks/use-error-message';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { cn } from '@/lib/cn';

/** The lines of a confirmation or a receipt: what, from where, to whom. */
export function SummaryList({
  rows,
  className,
}: {
  rows: { label: string; value: ReactNode }[];
  className?: string;
}) {
  return (
    <dl className={cn('flex flex-col divide-y rounded-xl border bg-muted/30', className)}>
      {rows.map((row) => (
        <div key={row.label} className="flex items-center justify-between gap-4 px-4 py-3">
          <dt className="text-sm text-muted-foreground">{row.label}</dt>
          <dd className="min-w-0 text-right font-medium">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

/**
 * The message for a refused money movement: the error catalogue's, except a limit, which says
 * which limit and how much of it is left ("Your daily limit is $500.00; $120.00 is left today").
 */
export function useMovementErrorMessage(): (error: unknown, currency: Currency) => string {
  const { t } = useTranslation('wallet');
  const errorMessage = useErrorMessage();
  const format = useFormatMoney();
  return useCallback(
    (error, currency) => {
      if (error instanceof ApiError && error.code === 'limit_exceeded') {
        const limitMinor = numberOf(error.details?.limitMinor);
        const remainingMinor = numberOf(error.details?.remainingMinor);
        if (limitMinor !== null && error.details?.limit === 'daily') {
          return t('limits.dailyExceeded', {
            // The daily limit is kept in US dollars, every currency counted at its reference rate.
            limit: format(limitMinor, REFERENCE_CURRENCY),
            remaining: format(Math.max(0, remainingMinor ?? 0), currency),
          });
        }
        if (limitMinor !== null)
          return t('limits.transferMaxExceeded', { limit: format(limitMinor, currency) });
      }
      return errorMessage(error);
    },
    [t, errorMessage, format],
  );
}

/** Whether asking again with the same key could get another answer (a lost connection, a server fault). */
export function canRetry(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 0 || error.status >= 500) && error.code !== 'demo_mode'
  );
}

const STATUS_ICONS = { pending: Clock, completed: CircleCheck, failed: CircleX } as const;

/**
 * The end of a confirmation step: why the last try failed, if it did, then the button that sends
 * (or tries again after a failure worth retrying) and the one that goes back.
 */
export function ConfirmActions({
  error,
  currency,
  pending,
  sendingLabel,
  confirmLabel,
  onConfirm,
  onBack,
}: {
  error: unknown;
  currency: Currency;
  pending: boolean;
  sendingLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('wallet');
  const movementError = useMovementErrorMessage();
  return (
    <>
      {error ? (
        <FormAlert>
          <p>{movementError(error, currency)}</p>
        </FormAlert>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button size="lg" className="sm:flex-1" disabled={pending} onClick={onConfirm}>
          {pending ? sendingLabel : error && canRetry(error) ? t('actions.retry') : confirmLabel}
        </Button>
        <Button variant="ghost" size="lg" disabled={pending} onClick={onBack}>
          {t('actions.back')}
        </Button>
      </div>
    </>
  );
}

/**
 * The outcome of a movement, kept in step with the server: a pending deposit turns completed
 * here when the live event arrives, without reloading.
 */
export function MovementReceipt({
  initial,
  title,
  pendingNote,
  rows,
}: {
  initial: Transaction;
  /** The heading for each status ("Deposit on its way", "Deposit complete"). */
  title: (status: Transaction['status']) => string;
  pendingNote?: string;
  rows: { label: string; value: ReactNode }[];
}) {
  const { t } = useTranslation('wallet');
  const live = useTransaction(initial.id);
  const transaction = live.data ?? initial;
  const Icon = STATUS_ICONS[transaction.status];
  const errorMessage = useErrorMessage();
  // After "Send" the button that had focus is gone: the receipt takes it.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-2 text-center">
        <span
          className={cn(
            'inline-flex size-14 items-center justify-center rounded-full',
            transaction.status === 'failed'
              ? 'bg-destructive/10 text-destructive'
              : transaction.status === 'pending'
                ? 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200'
                : 'bg-brand-soft text-brand-soft-foreground',
          )}
        >
          <Icon aria-hidden="true" className="size-7" />
        </span>
        {/* Announced when the status changes while the person watches; focused when it appears. */}
        <div role="status">
          <h3 ref={titleRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            {title(transaction.status)}
          </h3>
        </div>
        {transaction.status === 'pending' && pendingNote ? (
          <p className="text-sm text-muted-foreground">{pendingNote}</p>
        ) : null}
        {transaction.status === 'failed' && transaction.failureCode ? (
          <p className="text-sm text-muted-foreground">{errorMessage(transaction.failureCode)}</p>
        ) : null}
      </div>
      <SummaryList
        rows={[
          ...rows,
          { label: t('receipt.status'), value: <StatusBadge status={transaction.status} /> },
          {
            label: t('receipt.reference'),
            value: <span className="font-mono text-sm">{transaction.id.slice(-8).toUpperCase()}</span>,
          },
        ]}
      />
    </div>
  );
}

/** In demo mode: this happened only on this screen. */
export function SimulatedNote() {
  const { t } = useTranslation('wallet');
  const auth = useAuth();
  if (auth.status !== 'signedIn' || !auth.demo) return null;
  return <p className="text-center text-sm text-muted-foreground">{t('demo.simulated')}</p>;
}
