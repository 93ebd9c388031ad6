import type { Currency } from '@ztart/shared/money';
import { ArrowDownToLine, ArrowUpFromLine, Send, Wallet } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { TransactionList } from '@/components/transactions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { AnalyticsCard } from '@/features/wallet/components/analytics-chart';
import { BalanceCards } from '@/features/wallet/components/balance-cards';
import { LimitsCard } from '@/features/wallet/components/limits-card';
import { MethodsSummary } from '@/features/wallet/components/methods-summary';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useWallet } from '@/lib/wallet/get-wallet';
import { MAIN_CURRENCY, preferredCurrency, shownBalances } from '@/lib/wallet/wallet-figures';

// The flows open in a dialog, after a tap: their code (forms, validation, PIN) loads then, not
// with the screen (decision 0025).
const MovementFlow = lazy(() =>
  import('@/features/wallet/components/movement-flow').then((m) => ({ default: m.MovementFlow })),
);
const SendMoneyFlow = lazy(() =>
  import('@/features/wallet/components/send-money-flow').then((m) => ({ default: m.SendMoneyFlow })),
);

type Action = 'deposit' | 'withdrawal' | 'send';

/** `?action=withdraw` (the account screen's way out for money that blocks a deletion) opens that flow. */
const ACTION_OF_LINK: Readonly<Record<string, Action>> = {
  deposit: 'deposit',
  withdraw: 'withdrawal',
  send: 'send',
};

/** `/wallet`: the balances first, the three ways to move money, then methods, activity, chart and limits. */
export function WalletPage() {
  const { t } = useTranslation(['screens', 'wallet']);
  const wallet = useWallet();
  const errorMessage = useErrorMessage();
  const [searchParams] = useSearchParams();
  const [action, setAction] = useState<Action | null>(
    () => ACTION_OF_LINK[searchParams.get('action') ?? ''] ?? null,
  );
  const [chartCurrency, setChartCurrency] = useState<Currency>(MAIN_CURRENCY);
  const recentTitleId = useId();
  const close = () => setAction(null);

  const balances = wallet.isSuccess ? shownBalances(wallet.data) : [];
  const currencies = balances.map((balance) => balance.currency);
  const dialogTitle =
    action === 'deposit'
      ? t('wallet:deposit.title')
      : action === 'withdrawal'
        ? t('wallet:withdraw.title')
        : t('wallet:send.title');

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Wallet}
        title={t('screens:wallet.title')}
        description={t('screens:wallet.description')}
      />
      {wallet.isPending ? <BalanceSkeleton /> : null}
      {wallet.isError ? (
        <FormAlert>
          <p>{errorMessage(wallet.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void wallet.refetch()}>
            {t('wallet:actions.retry')}
          </Button>
        </FormAlert>
      ) : null}
      {wallet.isSuccess ? <BalanceCards balances={balances} /> : null}
      <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
        <Button size="lg" className="px-3" disabled={!wallet.isSuccess} onClick={() => setAction('deposit')}>
          <ArrowDownToLine aria-hidden="true" />
          {t('wallet:actions.deposit')}
        </Button>
        <Button
          size="lg"
          variant="outline"
          className="px-3"
          disabled={!wallet.isSuccess}
          onClick={() => setAction('withdrawal')}
        >
          <ArrowUpFromLine aria-hidden="true" />
          {t('wallet:actions.withdraw')}
        </Button>
        <Button
          size="lg"
          variant="outline"
          className="px-3"
          disabled={!wallet.isSuccess}
          onClick={() => setAction('send')}
        >
          <Send aria-hidden="true" />
          {t('wallet:actions.send')}
        </Button>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card role="region" aria-labelledby={recentTitleId}>
            <CardHeader>
              <CardTitle id={recentTitleId}>{t('wallet:recent.title')}</CardTitle>
            </CardHeader>
            <CardContent>
              <TransactionList compact emptyText={t('wallet:recent.empty')} />
            </CardContent>
          </Card>
          {wallet.isSuccess ? (
            <AnalyticsCard
              currency={currencies.includes(chartCurrency) ? chartCurrency : MAIN_CURRENCY}
              currencies={currencies}
              onCurrencyChange={setChartCurrency}
            />
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <MethodsSummary />
          {wallet.isSuccess ? <LimitsCard wallet={wallet.data} currencies={currencies} /> : null}
        </div>
      </div>
      <Dialog
        open={action !== null}
        onOpenChange={(open) => (open ? null : close())}
        title={dialogTitle}
        closeLabel={t('wallet:actions.close')}
      >
        {/* Mounted only while open: each opening starts a new flow, with a new idempotency key. */}
        <Suspense fallback={<FlowSkeleton />}>
          {wallet.isSuccess && (action === 'deposit' || action === 'withdrawal') ? (
            <MovementFlow
              key={action}
              kind={action}
              wallet={wallet.data}
              initialCurrency={preferredCurrency(wallet.data)}
              onFinished={close}
            />
          ) : null}
          {action === 'send' ? <SendMoneyFlow onFinished={close} /> : null}
        </Suspense>
      </Dialog>
    </div>
  );
}

/** A flow's first step while its code loads: a field and a button. */
function FlowSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Skeleton className="h-5 w-32" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

/**
 * The main balance card's shape at its final size (heading line, amount, available / pending),
 * so that nothing below moves when the balances arrive.
 */
function BalanceSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <Skeleton className="h-5 w-28" />
      <Skeleton className="h-10 w-48" />
      <div className="grid grid-cols-2 gap-2">
        <Skeleton className="h-10 w-24" />
        <Skeleton className="h-10 w-24" />
      </div>
    </Card>
  );
}
