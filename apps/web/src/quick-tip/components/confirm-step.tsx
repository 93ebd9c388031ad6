import type { QuickTipProfile, TipRequestInput } from '@ztart/shared/contracts/qr-codes';
import type { ReactNode, Ref } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { brandOf, CARD_BRAND_NAMES } from '../card.ts';
import type { Attempt } from '../form.ts';
import { type I18n, useI18n } from '../i18n.ts';
import type { Problem } from '../problems.ts';

/** "Visa •••• 4242", or "Ztart balance (USD)". */
export function sourceLabel(request: TipRequestInput, { t }: I18n): string {
  if (request.source === 'wallet') return t('confirm.walletOf', { currency: request.currency });
  const number = request.card?.number ?? '';
  const brand = brandOf(number);
  return t('card.ending', {
    brand: brand ? CARD_BRAND_NAMES[brand] : t('card.unknownBrand'),
    last4: number.slice(-4),
  });
}

export function receiptLabel(request: TipRequestInput): string | null {
  return request.senderEmail ?? request.senderPhone ?? null;
}

/** Label and value rows of a summary. */
export function SummaryList({ rows }: { rows: ReadonlyArray<{ label: string; value: ReactNode }> }) {
  return (
    <dl className="flex flex-col divide-y rounded-lg border text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex items-start justify-between gap-4 px-3 py-2.5">
          <dt className="shrink-0 text-muted-foreground">{row.label}</dt>
          <dd className="min-w-0 text-right break-words">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What will happen, before it happens: receiver, amount, how it is paid, message and receipt.
 * A failure that may pass (network, server) stays here, and "Try again" resends the same tip
 * with the same key.
 */
export function ConfirmStep({
  headingRef,
  profile,
  attempt,
  sending,
  problem,
  onSend,
  onEdit,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  profile: QuickTipProfile;
  attempt: Attempt;
  sending: boolean;
  problem: Problem | null;
  onSend: () => void;
  onEdit: () => void;
}) {
  const i18n = useI18n();
  const { t, money } = i18n;
  const { request } = attempt;
  const amount = money(request.amountMinor, request.currency);
  const receipt = receiptLabel(request);
  return (
    <section data-testid="confirm-step" className="flex flex-col gap-4" aria-busy={sending}>
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t('confirm.title')}
      </h2>
      <p data-testid="confirm-amount" className="text-center text-4xl font-semibold tabular-nums">
        {amount}
      </p>
      <SummaryList
        rows={[
          {
            label: t('confirm.to'),
            value: `${profile.fullName || `@${profile.ztartag}`} (@${profile.ztartag})`,
          },
          { label: t('confirm.from'), value: sourceLabel(request, i18n) },
          ...(request.message ? [{ label: t('confirm.message'), value: `“${request.message}”` }] : []),
          { label: t('confirm.receipt'), value: receipt ?? t('confirm.noReceipt') },
          { label: t('confirm.fee'), value: t('confirm.noFee') },
        ]}
      />
      {problem ? (
        <FormAlert>
          <p>{t(problem.key, problem.vars)}</p>
        </FormAlert>
      ) : null}
      <p role="status" className="text-center text-sm text-muted-foreground empty:hidden">
        {sending ? t('confirm.sending') : ''}
      </p>
      <div className="flex flex-col gap-2">
        <Button size="lg" variant="brand" className="w-full" disabled={sending} onClick={onSend}>
          {problem ? t('confirm.retry') : t('confirm.pay', { amount })}
        </Button>
        <Button size="lg" variant="ghost" className="w-full" disabled={sending} onClick={onEdit}>
          {t('confirm.edit')}
        </Button>
      </div>
    </section>
  );
}
