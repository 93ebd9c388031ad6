import type { WalletResponse } from '@ztart/shared/contracts/wallet';
import type { Currency } from '@ztart/shared/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
// Not the barrel (`@/components/transactions`): its side-effect imports bring the detail's module.
import { TransactionList } from '@/components/transactions/transaction-list';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { AnalyticsCard } from '@/features/wallet/components/analytics-chart';
import { LimitsCard } from '@/features/wallet/components/limits-card';
import { MethodsSummary } from '@/features/wallet/components/methods-summary';
import { MAIN_CURRENCY } from '@/lib/wallet/wallet-figures';

export interface WalletLowerHalfProps {
  /** The wallet once it has loaded: the chart and the limits need it. */
  wallet: WalletResponse | undefined;
  /** The currencies whose balance the screen shows, for the chart's choice. */
  currencies: readonly Currency[];
}

/**
 * `/wallet` below its balances and buttons: recent activity and the chart on the left, the
 * payment methods and the limits on the right. Loaded and rendered after the screen's first paint
 * (decision 0041): its code (the transaction list, the chart, the contracts these lists check)
 * is not part of the first screen.
 */
export function WalletLowerHalf({ wallet, currencies }: WalletLowerHalfProps) {
  const { t } = useTranslation('wallet');
  const [chartCurrency, setChartCurrency] = useState<Currency>(MAIN_CURRENCY);
  const recentTitleId = useId();
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex min-w-0 flex-col gap-6">
        <Card role="region" aria-labelledby={recentTitleId}>
          <CardHeader>
            <CardTitle id={recentTitleId}>{t('recent.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <TransactionList compact emptyText={t('recent.empty')} />
          </CardContent>
        </Card>
        {wallet ? (
          <AnalyticsCard
            currency={currencies.includes(chartCurrency) ? chartCurrency : MAIN_CURRENCY}
            currencies={currencies}
            onCurrencyChange={setChartCurrency}
          />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <MethodsSummary />
        {wallet ? <LimitsCard wallet={wallet} currencies={currencies} /> : null}
      </div>
    </div>
  );
}
