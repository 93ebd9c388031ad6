import type {
  InstrumentQuote,
  InvestmentOrder,
  OrderSide,
  PortfolioTotal,
  Position,
} from '@ztart/shared/contracts/investments';
import { FlaskConical, TrendingDown, TrendingUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListRowSkeleton } from '@/components/list-row-skeleton';
import { LoadMore } from '@/components/load-more';
import { Money, useFormatMoney } from '@/components/money/money';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useInstruments,
  useOrders,
  usePortfolio,
  usePriceHistory,
} from '@/features/investments/api/investments';
import { OrderFlow } from '@/features/investments/components/order-flow';
import { PriceChart } from '@/features/investments/components/price-chart';
import { formatQuantity } from '@/features/investments/quantity';
import { useErrorMessage } from '@/hooks/use-error-message';
import { cn } from '@/lib/cn';
import { dateTimeFormat } from '@/lib/date-format';

/** What the dialog shows: an instrument's chart, or an order of it. */
type Opened =
  | { instrument: InstrumentQuote; view: 'chart' }
  | { instrument: InstrumentQuote; view: OrderSide };

/**
 * `/investments`: a simulated market, said so on every part of the screen. The person's
 * positions first (value at today's price, cost, profit or loss), then the market with each
 * instrument's chart, then the orders they placed. Buying and selling move real wallet money
 * into and out of their investment account.
 */
export function InvestmentsPage() {
  const { t } = useTranslation('investments');
  const [opened, setOpened] = useState<Opened | null>(null);
  const portfolio = usePortfolio();
  const positionOf = (symbol: string) =>
    portfolio.data?.positions.find((position) => position.symbol === symbol) ?? null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={TrendingUp} title={t('title')} description={t('description')}>
        <p
          data-testid="simulated-label"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-100"
        >
          <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>{t('simulated.label')}</strong> {t('simulated.explanation')}
          </span>
        </p>
      </PageHeader>
      <PortfolioSection onOpen={setOpened} />
      <MarketSection onOpen={setOpened} />
      <OrdersSection />
      <Dialog
        open={opened !== null}
        onOpenChange={(open) => {
          if (!open) setOpened(null);
        }}
        title={
          opened === null
            ? ''
            : opened.view === 'chart'
              ? `${opened.instrument.name} (${opened.instrument.symbol})`
              : opened.view === 'buy'
                ? t('order.titleBuy', { symbol: opened.instrument.symbol })
                : t('order.titleSell', { symbol: opened.instrument.symbol })
        }
        closeLabel={t('actions.close')}
        className="max-w-lg"
      >
        {opened?.view === 'chart' ? (
          <InstrumentDetails
            instrument={opened.instrument}
            position={positionOf(opened.instrument.symbol)}
            onOrder={(side) => setOpened({ instrument: opened.instrument, view: side })}
          />
        ) : opened ? (
          <OrderFlow
            instrument={opened.instrument}
            position={positionOf(opened.instrument.symbol)}
            initialSide={opened.view}
            onFinished={() => setOpened(null)}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function SimulatedBadge() {
  const { t } = useTranslation('investments');
  return (
    <Badge className="bg-amber-100 text-amber-950 dark:bg-amber-400/15 dark:text-amber-100">
      {t('simulated.badge')}
    </Badge>
  );
}

function LoadingRows({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <p className="sr-only" role="status">
        {label}
      </p>
      <ListRowSkeleton />
      <ListRowSkeleton />
      <ListRowSkeleton />
    </div>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('investments');
  const errorMessage = useErrorMessage();
  return (
    <FormAlert>
      <p>{errorMessage(error)}</p>
      <Button variant="outline" className="self-start" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </FormAlert>
  );
}

/** A gain in green with "+", a loss with "−" in the ordinary colour, and the word for each. */
function Profit({ amountMinor, currency }: { amountMinor: number; currency: PortfolioTotal['currency'] }) {
  const { t } = useTranslation('investments');
  const format = useFormatMoney();
  const gain = amountMinor > 0;
  const loss = amountMinor < 0;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 font-medium tabular-nums',
        gain && 'text-emerald-700 dark:text-emerald-400',
      )}
    >
      {gain ? <TrendingUp aria-hidden="true" className="size-4" /> : null}
      {loss ? <TrendingDown aria-hidden="true" className="size-4" /> : null}
      <span className="sr-only">
        {gain ? t('profit.gain') : loss ? t('profit.loss') : t('profit.even')}:{' '}
      </span>
      <span aria-hidden="true">{gain ? '+' : loss ? '\u2212' : ''}</span>
      {format(Math.abs(amountMinor), currency)}
    </span>
  );
}

function PortfolioSection({ onOpen }: { onOpen: (opened: Opened) => void }) {
  const { t, i18n } = useTranslation('investments');
  const headingId = useId();
  const portfolio = usePortfolio();
  const instruments = useInstruments();
  const quoteOf = (symbol: string) => instruments.data?.items.find((item) => item.symbol === symbol);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('portfolio.title')}
      </h2>
      {portfolio.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <p className="sr-only" role="status">
            {t('portfolio.loading')}
          </p>
          <Skeleton className="h-24 w-full rounded-xl" />
          <ListRowSkeleton />
        </div>
      ) : portfolio.isError ? (
        <LoadError error={portfolio.error} onRetry={() => void portfolio.refetch()} />
      ) : portfolio.data.positions.length === 0 ? (
        <div
          data-testid="portfolio-empty"
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
        >
          <TrendingUp aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-muted-foreground">{t('portfolio.empty')}</p>
          <a
            href="#market"
            className="text-sm font-medium text-brand-soft-foreground underline underline-offset-4 dark:text-brand"
          >
            {t('portfolio.emptyAction')}
          </a>
        </div>
      ) : (
        <>
          <ul data-testid="portfolio-totals" className="grid gap-3 sm:grid-cols-2">
            {portfolio.data.totals.map((total) => (
              <li key={total.currency} className="flex flex-col gap-1 rounded-xl border bg-card p-4">
                <span className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
                  {t('portfolio.valueIn', { currency: total.currency })}
                  <SimulatedBadge />
                </span>
                <Money
                  amountMinor={total.valueMinor}
                  currency={total.currency}
                  className="text-3xl font-semibold"
                />
                <span className="flex flex-wrap items-center gap-x-3 text-sm">
                  <Profit amountMinor={total.profitMinor} currency={total.currency} />
                  <span className="text-muted-foreground">
                    {t('portfolio.cost')} <Money amountMinor={total.costMinor} currency={total.currency} />
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <ul className="flex flex-col divide-y rounded-xl border bg-card">
            {portfolio.data.positions.map((position) => (
              <PositionRow
                key={position.symbol}
                position={position}
                locale={i18n.language}
                onSell={() => {
                  const quote = quoteOf(position.symbol);
                  if (quote) onOpen({ instrument: quote, view: 'sell' });
                }}
                onBuy={() => {
                  const quote = quoteOf(position.symbol);
                  if (quote) onOpen({ instrument: quote, view: 'buy' });
                }}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function PositionRow({
  position,
  locale,
  onBuy,
  onSell,
}: {
  position: Position;
  locale: string;
  onBuy: () => void;
  onSell: () => void;
}) {
  const { t } = useTranslation('investments');
  return (
    <li data-testid="position-row" className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="font-medium">
          {position.name} <span className="text-muted-foreground">({position.symbol})</span>
        </span>
        <span className="text-sm text-muted-foreground">
          {t('portfolio.units', { quantity: formatQuantity(position.quantityMicro, locale) })} ·{' '}
          {t('portfolio.cost')} <Money amountMinor={position.costMinor} currency={position.currency} />
        </span>
      </div>
      <div className="flex flex-col items-start gap-0.5 sm:items-end">
        <Money amountMinor={position.valueMinor} currency={position.currency} className="font-semibold" />
        <Profit amountMinor={position.profitMinor} currency={position.currency} />
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          onClick={onBuy}
          aria-label={t('actions.buyNamed', { symbol: position.symbol })}
        >
          {t('actions.buy')}
        </Button>
        <Button
          variant="outline"
          onClick={onSell}
          aria-label={t('actions.sellNamed', { symbol: position.symbol })}
        >
          {t('actions.sell')}
        </Button>
      </div>
    </li>
  );
}

/** The day's change in percent, from whole minor units (basis points, then the language's percent). */
function DayChange({ instrument }: { instrument: InstrumentQuote }) {
  const { t, i18n } = useTranslation('investments');
  const changeBp = Math.round(
    ((instrument.priceMinor - instrument.previousPriceMinor) * 10_000) / instrument.previousPriceMinor,
  );
  const percent = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(changeBp / 10_000);
  return (
    <span
      className={cn(
        'text-sm tabular-nums',
        changeBp > 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground',
      )}
    >
      <span className="sr-only">{t('market.dayChange')}: </span>
      {percent}
    </span>
  );
}

function MarketSection({ onOpen }: { onOpen: (opened: Opened) => void }) {
  const { t } = useTranslation('investments');
  const headingId = useId();
  const instruments = useInstruments();
  return (
    <section id="market" aria-labelledby={headingId} className="flex scroll-mt-20 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('market.title')}
        </h2>
        <SimulatedBadge />
      </div>
      {instruments.isPending ? (
        <LoadingRows label={t('market.loading')} />
      ) : instruments.isError ? (
        <LoadError error={instruments.error} onRetry={() => void instruments.refetch()} />
      ) : (
        <ul className="flex flex-col divide-y rounded-xl border bg-card">
          {instruments.data.items.map((instrument) => (
            <li
              key={instrument.symbol}
              data-testid="instrument-row"
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="font-medium">{instrument.name}</span>
                <span className="text-sm text-muted-foreground">
                  {instrument.symbol} · {instrument.currency}
                </span>
              </div>
              <div className="flex flex-col items-start gap-0.5 sm:items-end">
                <Money
                  amountMinor={instrument.priceMinor}
                  currency={instrument.currency}
                  className="font-semibold"
                />
                <DayChange instrument={instrument} />
              </div>
              <div className="flex gap-2">
                <Button
                  variant="ghost"
                  onClick={() => onOpen({ instrument, view: 'chart' })}
                  aria-label={t('actions.chartNamed', { name: instrument.name })}
                >
                  {t('actions.chart')}
                </Button>
                <Button
                  onClick={() => onOpen({ instrument, view: 'buy' })}
                  aria-label={t('actions.buyNamed', { symbol: instrument.symbol })}
                >
                  {t('actions.buy')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const CHART_DAYS = [30, 90, 365] as const;

function InstrumentDetails({
  instrument,
  position,
  onOrder,
}: {
  instrument: InstrumentQuote;
  position: Position | null;
  onOrder: (side: OrderSide) => void;
}) {
  const { t } = useTranslation('investments');
  const [days, setDays] = useState<(typeof CHART_DAYS)[number]>(30);
  const history = usePriceHistory(instrument.symbol, days);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Money
          amountMinor={instrument.priceMinor}
          currency={instrument.currency}
          className="text-2xl font-semibold"
        />
        <SimulatedBadge />
      </div>
      <fieldset className="flex gap-2">
        <legend className="sr-only">{t('chart.period')}</legend>
        {CHART_DAYS.map((choice) => (
          <Button
            key={choice}
            variant={choice === days ? 'primary' : 'outline'}
            aria-pressed={choice === days}
            onClick={() => setDays(choice)}
          >
            {t('chart.days', { count: choice })}
          </Button>
        ))}
      </fieldset>
      {history.isPending ? (
        <Skeleton className="h-32 w-full rounded-lg" />
      ) : history.isError ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <PriceChart history={history.data} />
      )}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button size="lg" className="sm:flex-1" onClick={() => onOrder('buy')}>
          {t('actions.buy')}
        </Button>
        {position ? (
          <Button size="lg" variant="outline" onClick={() => onOrder('sell')}>
            {t('actions.sell')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function OrdersSection() {
  const { t, i18n } = useTranslation('investments');
  const headingId = useId();
  const query = useOrders();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('orders.title')}
      </h2>
      {query.isPending ? (
        <LoadingRows label={t('orders.loading')} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.orders.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
          {t('orders.empty')}
        </p>
      ) : (
        <>
          <ul className="flex flex-col divide-y rounded-xl border bg-card">
            {query.orders.map((order) => (
              <OrderRow key={order.id} order={order} locale={i18n.language} />
            ))}
          </ul>
          <LoadMore
            query={query}
            labels={{
              loadMore: t('orders.loadMore'),
              loadingMore: t('orders.loadingMore'),
              retry: t('actions.retry'),
              end: null,
            }}
          />
        </>
      )}
    </section>
  );
}

function OrderRow({ order, locale }: { order: InvestmentOrder; locale: string }) {
  const { t } = useTranslation('investments');
  const format = useFormatMoney();
  const when = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(order.createdAt),
  );
  return (
    <li data-testid="order-row" className="flex items-center gap-3 p-4">
      <span
        aria-hidden="true"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground"
      >
        {order.side === 'buy' ? <TrendingUp className="size-5" /> : <TrendingDown className="size-5" />}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="font-medium">
          {order.side === 'buy'
            ? t('orders.bought', { symbol: order.symbol })
            : t('orders.sold', { symbol: order.symbol })}
        </span>
        <span className="text-sm text-muted-foreground">
          {t('orders.detail', {
            quantity: formatQuantity(order.quantityMicro, locale),
            price: format(order.priceMinor, order.currency),
          })}{' '}
          · <time dateTime={order.createdAt}>{when}</time>
        </span>
      </div>
      <Money amountMinor={order.amountMinor} currency={order.currency} className="font-semibold" />
    </li>
  );
}
