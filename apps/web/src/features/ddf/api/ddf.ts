import { useQuery } from '@tanstack/react-query';
import {
  DDF_FIGURES_OF,
  DDF_MONEY_FIGURES,
  type DdfFigure,
  type DdfProduct,
  type DdfSheet,
  ddfLimitsOf,
  ddfSheetSchema,
} from '@ztart/shared/contracts/ddf';
import { api } from '@/lib/api-client';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { demoBalances, demoTransactions } from '@/lib/demo/demo-money';

export const ddfKeys = { sheet: (product: DdfProduct) => ['ddf', product] as const };

/**
 * The demo user's sheet: the demo wallet's balances and this month's transactions, nothing yet in
 * the other products, and the limits of a freemium user.
 */
function demoSheet(product: DdfProduct): DdfSheet {
  const plan = { role: 'user', userLevel: 'freemium' } as const;
  const month = new Date().toISOString().slice(0, 7);
  const figures: DdfFigure[] = DDF_FIGURES_OF[product].flatMap((key): DdfFigure[] => {
    if (key === 'balance') {
      return demoBalances()
        .filter((balance) => balance.totalMinor !== 0)
        .map((balance) => ({
          key,
          kind: 'money',
          amountMinor: balance.totalMinor,
          currency: balance.currency,
        }));
    }
    if (key === 'transactionsThisMonth') {
      const value = demoTransactions().filter((item) => item.createdAt.startsWith(month)).length;
      return [{ key, kind: 'count', value }];
    }
    return DDF_MONEY_FIGURES.has(key) ? [] : [{ key, kind: 'count', value: 0 }];
  });
  const limits = ddfLimitsOf(product, { ...plan, ownsBusiness: false, currency: 'USD' });
  return { product, plan, figures, limits };
}

/** `GET /api/ddf/{product}`: the person's figures for a product and their plan's limits for it. */
export function useDdfSheet(product: DdfProduct) {
  return useQuery({
    queryKey: ddfKeys.sheet(product),
    // The figures come from every other screen's data: read afresh on each visit.
    refetchOnMount: 'always',
    queryFn: async ({ signal }) =>
      isDemoMode()
        ? demoSheet(product)
        : ddfSheetSchema.parse(await api.get<unknown>(`/api/ddf/${encodeURIComponent(product)}`, { signal })),
  });
}
