import type { WalletBalance } from '@ztart/shared/contracts/wallet';
import { Clock, PiggyBank } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrencyName } from '@/components/money/currency-select';
import { useFormatMoney } from '@/components/money/money';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/**
 * One card per currency held: the total big, what is available and what is still pending under
 * it, and what is put aside in goals (outside the total, still the person's). The first (the main currency) is the largest: it is the number people open the app for.
 */
export function BalanceCards({ balances }: { balances: WalletBalance[] }) {
  const { t } = useTranslation('wallet');
  const currencyName = useCurrencyName();
  const format = useFormatMoney();
  const [main, ...others] = balances;
  return (
    <section aria-label={t('balance.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {[main, ...others].map((balance, index) =>
        balance ? (
          <Card
            key={balance.currency}
            className={cn(
              'flex flex-col gap-3 p-5',
              index === 0 && 'sm:col-span-2 lg:col-span-1 bg-brand-soft/40',
            )}
          >
            <div className="flex items-baseline justify-between gap-2">
              <h2 className="text-sm font-medium text-muted-foreground">
                {t('balance.title', { currency: balance.currency })}
              </h2>
              <span className="truncate text-xs text-muted-foreground">{currencyName(balance.currency)}</span>
            </div>
            <p
              className={cn(
                'font-semibold tracking-tight tabular-nums',
                index === 0 ? 'text-4xl' : 'text-2xl',
              )}
            >
              {format(balance.totalMinor, balance.currency)}
            </p>
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-muted-foreground">{t('balance.available')}</dt>
                <dd className="font-medium tabular-nums">
                  {format(balance.availableMinor, balance.currency)}
                </dd>
              </div>
              <div>
                <dt
                  className="flex items-center gap-1 text-muted-foreground"
                  title={t('balance.pendingHint')}
                >
                  <Clock aria-hidden="true" className="size-3.5" />
                  {t('balance.pending')}
                </dt>
                <dd className="font-medium tabular-nums">{format(balance.pendingMinor, balance.currency)}</dd>
              </div>
            </dl>
            {balance.inGoalsMinor > 0 ? (
              <Link
                to="/goals"
                data-testid="in-goals"
                className="flex min-h-11 items-center gap-2 rounded-md text-sm text-muted-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                <PiggyBank aria-hidden="true" className="size-4" />
                {t('balance.inGoals', { amount: format(balance.inGoalsMinor, balance.currency) })}
              </Link>
            ) : null}
          </Card>
        ) : null,
      )}
    </section>
  );
}
