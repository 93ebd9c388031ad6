import { balanceNotEmptyDetailsSchema, type HeldMoney } from '@ztart/shared/contracts/profiles';
import { ArrowUpFromLine, Send, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatMoney } from '@/components/money/money';
import { buttonVariants } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';

/** The amounts of a 409 `balance_not_empty` answer, or null for any other failure. */
export function moneyStillHeldIn(error: unknown): HeldMoney[] | null {
  if (!(error instanceof ApiError) || error.code !== 'balance_not_empty') return null;
  const details = balanceNotEmptyDetailsSchema.safeParse(error.details);
  return details.success ? details.data.balances : [];
}

/**
 * Why the account was not deleted: it still holds money, which nobody could reach afterwards.
 * Each amount in the person's locale, what it is, and the ways to empty the wallet.
 */
export function MoneyStillHeld({ balances }: { balances: HeldMoney[] }) {
  const { t } = useTranslation(['account', 'errors']);
  const format = useFormatMoney();
  return (
    <div
      role="alert"
      data-testid="money-still-held"
      className="flex flex-col gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm"
    >
      <p className="flex items-start gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        {t('account:moneyHeld.title')}
      </p>
      <p>{t('errors:balance_not_empty')}</p>
      {balances.length > 0 ? (
        <ul className="flex flex-col divide-y rounded-lg border bg-background">
          {balances.map((balance) => (
            <li
              key={`${balance.kind}-${balance.currency}`}
              className="flex items-center justify-between gap-4 px-3 py-2"
            >
              <span className="text-muted-foreground">{t(`account:moneyHeld.kinds.${balance.kind}`)}</span>
              <span className="font-medium tabular-nums">
                {format(balance.amountMinor, balance.currency)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-muted-foreground">{t('account:moneyHeld.pendingNote')}</p>
      <div className="flex flex-wrap gap-2">
        <Link to="/wallet?action=withdraw" className={buttonVariants({ variant: 'primary' })}>
          <ArrowUpFromLine aria-hidden="true" />
          {t('account:moneyHeld.withdraw')}
        </Link>
        <Link to="/payments" className={buttonVariants({ variant: 'outline' })}>
          <Send aria-hidden="true" />
          {t('account:moneyHeld.send')}
        </Link>
      </div>
    </div>
  );
}
