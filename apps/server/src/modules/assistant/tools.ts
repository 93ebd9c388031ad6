import { localDate, presetPeriod } from '@ztart/shared/contracts/analytics';
import { transactionQuerySchema } from '@ztart/shared/contracts/transactions';
import type { AppDatabase } from '../../db/client.ts';
import { getAnalytics } from '../analytics/service.ts';
import { listBudgets } from '../budgets/service.ts';
import { allContacts } from '../contacts/service.ts';
import { listGoals } from '../goals/service.ts';
import { timeZoneOf } from '../profiles/service.ts';
import { listTransactions } from '../transactions/service.ts';
import { walletBalancesOf } from '../wallet/service.ts';
import type { AssistantTools, SpendingPeriod } from './engine.ts';

/**
 * The tools of one person at one moment. Spending and tips are read with the analytics module's
 * own service and period rules, so the assistant says the figure `/api/analytics` shows.
 */
export function toolsOf(db: AppDatabase, userId: string, now: Date): AssistantTools {
  const analyticsOf = async (period: SpendingPeriod) => {
    const timeZone = await timeZoneOf(db, userId);
    const { from, to } = presetPeriod(period, localDate(now, timeZone));
    return getAnalytics(db, userId, { from, to, timeZone }, now);
  };
  return {
    balances: () => walletBalancesOf(db, userId),
    async spending({ category, period }) {
      const analytics = await analyticsOf(period);
      const found = category === null ? null : analytics.byCategory.find((item) => item.key === category);
      return {
        currency: analytics.currency,
        from: analytics.period.from,
        to: analytics.period.to,
        totalMinor: analytics.totals.expenseMinor,
        category,
        categoryMinor: category === null ? null : (found?.amountMinor ?? 0),
      };
    },
    budgets: () => listBudgets(db, userId, undefined, now),
    goals: () => listGoals(db, userId, now),
    async tips({ period }) {
      const analytics = await analyticsOf(period);
      return {
        currency: analytics.currency,
        from: analytics.period.from,
        to: analytics.period.to,
        amountMinor: analytics.totals.tipsMinor,
        count: analytics.totals.tipsCount,
      };
    },
    async recentTransactions() {
      return (await listTransactions(db, userId, transactionQuerySchema.parse({ limit: 5 }))).items;
    },
    contacts: () => allContacts(db, userId),
    async mainCurrency() {
      const analytics = await analyticsOf('thisMonth');
      return analytics.currency;
    },
  };
}
