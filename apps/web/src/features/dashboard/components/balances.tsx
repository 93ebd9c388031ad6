import type { WalletBalance } from '@ztart/shared/contracts/wallet';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '@/components/money/money';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/**
 * The balance of each currency shown: the total big, what is available and what is still on its
 * way in (with a clock) under it. The main currency leads, larger: the number people open the app
 * for.
 */
export function DashboardBalances({ balances }: { balances: WalletBalance[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-label={t('balances.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {balances.map((balance, index) => (
        <BalanceCard key={balance.currency} balance={balance} main={index === 0} />
      ))}
    </section>
  );
}

function BalanceCard({ balance, main }: { balance: WalletBalance; main: boolean }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatMoney();
  return (
    <Card
      data-testid={`balance-${balance.currency}`}
      className={cn('flex flex-col gap-2 p-5', main && 'bg-brand-soft/40 sm:col-span-2 lg:col-span-1')}
    >
      <h2 className="text-sm font-medium text-muted-foreground">
        {t('balances.title', { currency: balance.currency })}
      </h2>
      <p
        data-testid="balance-total"
        className={cn('font-semibold tracking-tight tabular-nums', main ? 'text-4xl' : 'text-2xl')}
      >
        {format(balance.totalMinor, balance.currency)}
      </p>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{t('balances.available')}</dt>
          <dd data-testid="balance-available" className="font-medium tabular-nums">
            {format(balance.availableMinor, balance.currency)}
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="flex items-center gap-1 text-muted-foreground" title={t('balances.pendingHint')}>
            <Clock aria-hidden="true" className="size-3.5" />
            {t('balances.pending')}
          </dt>
          <dd data-testid="balance-pending" className="font-medium tabular-nums">
            {format(balance.pendingMinor, balance.currency)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** The main balance card's shape at its final size: heading, amount, available and pending. */
export function BalancesSkeleton() {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Card className="flex flex-col gap-2 bg-brand-soft/40 p-5 sm:col-span-2 lg:col-span-1">
        <Skeleton className="my-0.5 h-4 w-28" />
        <Skeleton className="my-0.5 h-9 w-44" />
        <Skeleton className="my-0.5 h-4 w-56" />
      </Card>
    </div>
  );
}
