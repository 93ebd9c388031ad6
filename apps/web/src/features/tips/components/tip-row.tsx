import { CARD_BRAND_NAMES } from '@ztart/shared/cards';
import type { Tip } from '@ztart/shared/contracts/qr-codes';
import { formatMoney } from '@ztart/shared/money';
import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import type { TipDirection } from '@/features/tips/api/tip-keys';
import { TipStatusBadge } from '@/features/tips/components/tip-status-badge';
import { cn } from '@/lib/cn';
import { dateTimeFormat } from '@/lib/date-format';

/** "Maria Santos (@maria_waits)", or "Anonymous" for a tip without an account. */
function useCounterpartyName(): (party: Tip['sender']) => string {
  const { t } = useTranslation('tips');
  return (party) => {
    if (!party) return t('row.anonymous');
    return party.ztartag && party.displayName !== `@${party.ztartag}`
      ? `${party.displayName} (@${party.ztartag})`
      : party.displayName;
  };
}

/**
 * One tip: who (the sender, or "Anonymous"; the receiver for a sent tip), the message, when and
 * how it was paid, the amount and its status. A failed or cancelled tip's amount is struck
 * through: no money moved.
 */
export function TipRow({ tip, direction }: { tip: Tip; direction: TipDirection }) {
  const { t, i18n } = useTranslation(['tips', 'errors']);
  const nameOf = useCounterpartyName();
  const party = direction === 'received' ? tip.sender : tip.receiver;
  const name =
    direction === 'received' ? nameOf(tip.sender) : t('tips:row.to', { name: nameOf(tip.receiver) });
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(tip.createdAt),
  );
  const paidWith = tip.card
    ? tip.card.brand
      ? t('tips:row.card', { brand: CARD_BRAND_NAMES[tip.card.brand], last4: tip.card.last4 })
      : t('tips:row.cardPlain', { last4: tip.card.last4 })
    : t('tips:row.fromWallet');
  const noMoneyMoved = tip.status === 'failed' || tip.status === 'cancelled';
  const reason =
    tip.status === 'failed' && tip.failureCode && i18n.exists(`errors:${tip.failureCode}`)
      ? t(`errors:${tip.failureCode}` as 'errors:tip_failed')
      : null;
  return (
    <li data-testid="tip-row" className="flex items-start gap-3 rounded-lg px-3 py-3 hover:bg-accent/40">
      {party ? (
        <Avatar name={party.displayName} />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
        >
          <UserRound className="size-5" />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate font-medium">{name}</p>
        {tip.message ? (
          <p className="text-sm break-words whitespace-pre-line text-foreground/90">“{tip.message}”</p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          <time dateTime={tip.createdAt}>{when}</time> · {paidWith}
        </p>
        {reason ? (
          <p className="text-xs text-destructive">{t('tips:row.failedBecause', { reason })}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span
          className={cn(
            'font-semibold whitespace-nowrap tabular-nums',
            noMoneyMoved
              ? 'text-muted-foreground line-through'
              : direction === 'received'
                ? 'text-emerald-700 dark:text-emerald-400'
                : 'text-foreground',
          )}
        >
          <span className="sr-only">
            {direction === 'received' ? t('tips:row.received') : t('tips:row.sent')}:{' '}
          </span>
          <span aria-hidden="true">{direction === 'received' ? '+' : '\u2212'}</span>
          {formatMoney(tip.amountMinor, tip.currency, i18n.language)}
        </span>
        <TipStatusBadge status={tip.status} />
      </div>
    </li>
  );
}
