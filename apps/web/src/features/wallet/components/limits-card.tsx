import type { WalletResponse } from '@ztart/shared/contracts/wallet';
import type { Currency } from '@ztart/shared/money';
import { REFERENCE_CURRENCY } from '@ztart/shared/reference-rates';
import { Gauge, LockKeyhole, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatMoney } from '@/components/money/money';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { dailyRemainingIn } from '@/lib/wallet/wallet-figures';

/**
 * What the person may send: the daily limit left while unverified (per currency shown), the
 * largest single transfer, and the amount above which the PIN is asked.
 */
export function LimitsCard({
  wallet,
  currencies,
}: {
  wallet: WalletResponse;
  currencies: readonly Currency[];
}) {
  const { t } = useTranslation('wallet');
  const format = useFormatMoney();
  const titleId = useId();
  const { limits } = wallet;
  const main = currencies[0] ?? 'USD';
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Gauge aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('limits.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        {limits.dailyLimitMinor === null ? (
          <p className="flex items-start gap-2">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
            {t('limits.verified')}
          </p>
        ) : (
          <div className="flex flex-col gap-2">
            <p>{t('limits.unverified', { limit: format(limits.dailyLimitMinor, REFERENCE_CURRENCY) })}</p>
            <ul className="flex flex-col gap-1">
              {currencies.map((currency) => (
                <li key={currency} className="flex justify-between gap-2">
                  <span className="text-muted-foreground">{t('limits.leftToday', { currency })}</span>
                  <span className="font-medium tabular-nums">
                    {format(dailyRemainingIn(wallet, currency) ?? 0, currency)}
                  </span>
                </li>
              ))}
            </ul>
            <Link
              to="/account?tab=profile"
              className={buttonVariants({ variant: 'outline', className: 'self-start' })}
            >
              {t('limits.verify')}
            </Link>
          </div>
        )}
        <p>{t('limits.transferMax', { limit: format(limits.transferMaxMinor, main) })}</p>
        <div className="flex items-start gap-2">
          <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          {limits.pinSet ? (
            <p>{t('limits.pinSet', { amount: format(limits.noPinMaxMinor, main) })}</p>
          ) : (
            <p>
              {t('limits.pinNotSet', { amount: format(limits.noPinMaxMinor, main) })}{' '}
              <Link to="/account?tab=security" className="font-medium underline underline-offset-4">
                {t('limits.setPin')}
              </Link>
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
