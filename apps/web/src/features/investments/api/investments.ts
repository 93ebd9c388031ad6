import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateOrderRequest,
  type InstrumentListResponse,
  type InvestmentOrder,
  type InvestmentOrderResult,
  instrumentListResponseSchema,
  investmentOrderResultSchema,
  type OrderListResponse,
  orderListResponseSchema,
  type PortfolioResponse,
  type PriceHistoryResponse,
  portfolioResponseSchema,
  priceHistoryResponseSchema,
} from '@ztart/shared/contracts/investments';
import { IDEMPOTENCY_HEADER } from '@ztart/shared/contracts/wallet';
import { PAGE_SIZE } from '@ztart/shared/limits';
import { INSTRUMENTS, instrumentOf, marketDateOf, priceHistory, priceOn } from '@ztart/shared/market';
import { useMemo } from 'react';
import type { IdempotentRequest } from '@/components/money-flow/money-movement';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { INVESTMENTS_QUERY_ROOT, invalidateMoneyQueries, refetchIfInvalidated } from '@/lib/live-events';

export const investmentKeys = {
  instruments: [...INVESTMENTS_QUERY_ROOT, 'instruments'] as const,
  prices: (symbol: string, days: number) => [...INVESTMENTS_QUERY_ROOT, 'prices', symbol, days] as const,
  portfolio: [...INVESTMENTS_QUERY_ROOT, 'portfolio'] as const,
  orders: [...INVESTMENTS_QUERY_ROOT, 'orders'] as const,
};

/**
 * The demo has no account to ask the server about: the simulated market is the same pure function
 * of the day everywhere, so the browser works it out itself; the demo holds no investments.
 */
function demoInstruments(now: Date): InstrumentListResponse {
  const today = marketDateOf(now);
  const yesterday = marketDateOf(new Date(now.getTime() - 86_400_000));
  return {
    date: today,
    simulated: true,
    items: INSTRUMENTS.map((instrument) => ({
      symbol: instrument.symbol,
      name: instrument.name,
      currency: instrument.currency,
      priceMinor: priceOn(instrument, today),
      previousPriceMinor: priceOn(instrument, yesterday),
      simulated: true,
    })),
  };
}

/** `GET /api/investments/instruments`: every instrument at today's simulated price. */
export function useInstruments() {
  return useQuery({
    queryKey: investmentKeys.instruments,
    queryFn: async ({ signal }) => {
      if (isDemoMode()) return demoInstruments(new Date());
      return instrumentListResponseSchema.parse(
        await api.get<unknown>('/api/investments/instruments', { signal }),
      );
    },
  });
}

/** `GET /api/investments/instruments/{symbol}/prices?days=`: the chart's daily prices, oldest first. */
export function usePriceHistory(symbol: string, days: number) {
  return useQuery({
    queryKey: investmentKeys.prices(symbol, days),
    queryFn: async ({ signal }): Promise<PriceHistoryResponse> => {
      const instrument = instrumentOf(symbol);
      if (isDemoMode() && instrument) {
        const prices = priceHistory(instrument, marketDateOf(new Date()), days);
        return { symbol, currency: instrument.currency, prices, simulated: true };
      }
      return priceHistoryResponseSchema.parse(
        await api.get<unknown>(
          `/api/investments/instruments/${encodeURIComponent(symbol)}/prices?days=${days}`,
          {
            signal,
          },
        ),
      );
    },
  });
}

/** `GET /api/investments/portfolio`: positions at today's prices with cost, value and profit. */
export function usePortfolio() {
  return useQuery({
    queryKey: investmentKeys.portfolio,
    queryFn: async ({ signal }): Promise<PortfolioResponse> => {
      if (isDemoMode()) return { date: marketDateOf(new Date()), positions: [], totals: [], simulated: true };
      return portfolioResponseSchema.parse(await api.get<unknown>('/api/investments/portfolio', { signal }));
    },
    refetchOnMount: refetchIfInvalidated,
  });
}

/** `GET /api/investments/orders?cursor=`: the order history, newest first, a page at a time. */
export function useOrders() {
  const query = useInfiniteQuery({
    queryKey: investmentKeys.orders,
    queryFn: async ({ pageParam, signal }): Promise<OrderListResponse> => {
      if (isDemoMode()) return { items: [], nextCursor: null, simulated: true };
      const params = new URLSearchParams({ limit: String(PAGE_SIZE.default) });
      if (pageParam) params.set('cursor', pageParam);
      return orderListResponseSchema.parse(
        await api.get<unknown>(`/api/investments/orders?${params}`, { signal }),
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    refetchOnMount: refetchIfInvalidated,
  });
  const orders = useMemo(() => {
    const seen = new Set<string>();
    const all: InvestmentOrder[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const order of page.items) {
        if (seen.has(order.id)) continue;
        seen.add(order.id);
        all.push(order);
      }
    }
    return all;
  }, [query.data]);
  return { ...query, orders };
}

/** `POST /api/investments/orders` with the confirmation's Idempotency-Key; every outcome refreshes money. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation<InvestmentOrderResult, unknown, IdempotentRequest<CreateOrderRequest>>({
    mutationFn: async ({ body, idempotencyKey }) =>
      investmentOrderResultSchema.parse(
        await api.post<unknown>('/api/investments/orders', body, {
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        }),
      ),
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
