import { ArrowDownToLine, ArrowUpFromLine, Send, Wallet } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { BalanceCards } from '@/features/wallet/components/balance-cards';
import { useErrorMessage } from '@/hooks/use-error-message';
import { useWallet } from '@/lib/wallet/get-wallet';
import { preferredCurrency, shownBalances } from '@/lib/wallet/wallet-figures';

// The flows open in a dialog, after a tap: their code (forms, validation, PIN) loads then, not
// with the screen (decision 0025).
const MovementFlow = lazy(() =>
  import('@/features/wallet/components/movement-flow').then((m) => ({ default: m.MovementFlow })),
);
// Below the balances and the buttons (activity, chart, methods, limits): loaded and rendered after
// the first paint, so the screen's first render and its first download stay small (decision 0041).
const WalletLowerHalf = lazy(() =>
  import('@/features/wallet/components/wallet-lower-half').then((m) => ({ default: m.WalletLowerHalf })),
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
  // The balances (and the lower half, which needs them) render as a transition when they arrive:
  // TanStack Query hands React its answers through useSyncExternalStore, which React renders in
  // one task; deferred, React renders them in slices it can pause between (decision 0057).
  const loaded = useDeferredValue(wallet.isSuccess ? wallet.data : undefined);
  const errorMessage = useErrorMessage();
  const [searchParams] = useSearchParams();
  const [action, setAction] = useState<Action | null>(
    () => ACTION_OF_LINK[searchParams.get('action') ?? ''] ?? null,
  );
  const close = () => setAction(null);

  const balances = loaded ? shownBalances(loaded) : [];
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
      {!loaded && !wallet.isError ? <BalanceSkeleton /> : null}
      {wallet.isError ? (
        <FormAlert>
          <p>{errorMessage(wallet.error)}</p>
          <Button variant="outline" className="self-start" onClick={() => void wallet.refetch()}>
            {t('wallet:actions.retry')}
          </Button>
        </FormAlert>
      ) : null}
      {loaded ? <BalanceCards balances={balances} /> : null}
      <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
        <Button size="lg" className="px-3" disabled={!loaded} onClick={() => setAction('deposit')}>
          <ArrowDownToLine aria-hidden="true" />
          {t('wallet:actions.deposit')}
        </Button>
        <Button
          size="lg"
          variant="outline"
          className="px-3"
          disabled={!loaded}
          onClick={() => setAction('withdrawal')}
        >
          <ArrowUpFromLine aria-hidden="true" />
          {t('wallet:actions.withdraw')}
        </Button>
        <Button
          size="lg"
          variant="outline"
          className="px-3"
          disabled={!loaded}
          onClick={() => setAction('send')}
        >
          <Send aria-hidden="true" />
          {t('wallet:actions.send')}
        </Button>
      </div>
      {typeof window === 'undefined' ? (
        // The server's first paint (app/first-paint/server.tsx) shows the shapes the browser shows.
        <LowerHalfSkeleton />
      ) : (
        <Suspense fallback={<LowerHalfSkeleton />}>
          <WalletLowerHalf wallet={loaded} currencies={currencies} />
        </Suspense>
      )}
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
 * The lower half while its code loads, at the size of its own loading state (the recent activity
 * card's title and three rows, the payment methods' card), so nothing moves when it arrives.
 */
function LowerHalfSkeleton() {
  const { t } = useTranslation('wallet');
  const recentTitleId = useId();
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card role="region" aria-labelledby={recentTitleId} aria-busy="true">
        <CardHeader>
          <CardTitle id={recentTitleId}>{t('recent.title')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Skeleton className="h-4 w-24" />
          <ListRowSkeleton />
          <ListRowSkeleton />
          <ListRowSkeleton />
        </CardContent>
      </Card>
      <Card aria-hidden="true">
        <CardHeader>
          <Skeleton className="h-5 w-40" />
        </CardHeader>
        <CardContent>
          <Skeleton className="h-14 w-full" />
        </CardContent>
      </Card>
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
