import {
  type Analytics,
  type AnalyticsBucket,
  bucketOfPeriod,
  localDate,
  TOP_COUNTERPARTIES_LIMIT,
} from '@ztart/shared/contracts/analytics';
import type { Category, Transaction } from '@ztart/shared/contracts/transactions';
import { CURRENCIES } from '@ztart/shared/money';
import type { AnalyticsRequest } from '@/features/analytics/period';

const DAY_MS = 24 * 60 * 60 * 1000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the step a date is in: itself, its week's Monday (ISO 8601) or its month's 1st. */
export function stepStartOf(date: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return date;
  if (bucket === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = (new Date(`${date}T00:00:00.000Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

function nextStep(start: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return addDays(start, 1);
  if (bucket === 'week') return addDays(start, 7);
  const next = new Date(Date.parse(`${start}T00:00:00.000Z`));
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString().slice(0, 10);
}

/** Every step of the period, the first and last cut to the period's own days. */
export function stepsOf(from: string, to: string, bucket: AnalyticsBucket): { start: string; end: string }[] {
  const steps: { start: string; end: string }[] = [];
  for (let start = stepStartOf(from, bucket); start <= to; start = nextStep(start, bucket)) {
    const end = addDays(nextStep(start, bucket), -1);
    steps.push({ start: start < from ? from : start, end: end > to ? to : end });
  }
  return steps;
}

/**
 * The server's figures (modules/analytics) worked out in the browser from a list of
 * transactions, for the demo, which has no server: completed money, on the day it completed in
 * `timeZone`, in one currency.
 */
export function analyticsFromTransactions(
  transactions: readonly Transaction[],
  categories: readonly Category[],
  request: AnalyticsRequest,
): Analytics {
  const currency =
    request.currency ??
    [...transactions].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]?.currency ??
    'USD';
  const bucket = bucketOfPeriod(request.from, request.to);
  const steps = stepsOf(request.from, request.to, bucket).map((step) => ({
    ...step,
    incomeMinor: 0,
    expenseMinor: 0,
    tipsMinor: 0,
    tipsCount: 0,
  }));
  const stepByStart = new Map(steps.map((step) => [stepStartOf(step.start, bucket), step]));
  const byCategory = new Map<string | null, { amountMinor: number; count: number }>();
  const people = new Map<
    string,
    { ztartag: string | null; displayName: string; incomeMinor: number; expenseMinor: number; count: number }
  >();

  for (const transaction of transactions) {
    if (transaction.currency !== currency || transaction.status !== 'completed') continue;
    const day = localDate(new Date(transaction.settledAt ?? transaction.createdAt), request.timeZone);
    if (day < request.from || day > request.to) continue;
    const step = stepByStart.get(stepStartOf(day, bucket));
    if (!step) continue;
    const income = transaction.type === 'income';
    if (income) step.incomeMinor += transaction.amountMinor;
    else step.expenseMinor += transaction.amountMinor;
    if (transaction.kind === 'tip_in') {
      step.tipsMinor += transaction.amountMinor;
      step.tipsCount += 1;
    }
    if (!income) {
      const category = byCategory.get(transaction.categoryId) ?? { amountMinor: 0, count: 0 };
      byCategory.set(transaction.categoryId, {
        amountMinor: category.amountMinor + transaction.amountMinor,
        count: category.count + 1,
      });
    }
    const other = transaction.counterparty;
    if (other) {
      const key = other.ztartag ?? other.displayName;
      const person = people.get(key) ?? { ...other, incomeMinor: 0, expenseMinor: 0, count: 0 };
      if (income) person.incomeMinor += transaction.amountMinor;
      else person.expenseMinor += transaction.amountMinor;
      person.count += 1;
      people.set(key, person);
    }
  }

  const sum = (pick: (step: (typeof steps)[number]) => number) =>
    steps.reduce((total, step) => total + pick(step), 0);
  const incomeMinor = sum((step) => step.incomeMinor);
  const expenseMinor = sum((step) => step.expenseMinor);
  const held = new Set(transactions.map((transaction) => transaction.currency));
  held.add(currency);
  return {
    period: { from: request.from, to: request.to, timeZone: request.timeZone, bucket },
    currency,
    currencies: CURRENCIES.filter((code) => held.has(code)),
    totals: {
      incomeMinor,
      expenseMinor,
      netMinor: incomeMinor - expenseMinor,
      tipsMinor: sum((step) => step.tipsMinor),
      tipsCount: sum((step) => step.tipsCount),
    },
    series: steps.map(({ start, end, incomeMinor, expenseMinor }) => ({
      start,
      end,
      incomeMinor,
      expenseMinor,
    })),
    byCategory: [...byCategory]
      .map(([categoryId, total]) => {
        const category = categories.find((candidate) => candidate.id === categoryId);
        return {
          categoryId: category ? categoryId : null,
          key: category?.key ?? null,
          name: category?.name ?? null,
          color: category?.color ?? null,
          ...total,
        };
      })
      .sort((a, b) => b.amountMinor - a.amountMinor),
    tips: steps.map(({ start, end, tipsMinor, tipsCount }) => ({
      start,
      end,
      amountMinor: tipsMinor,
      count: tipsCount,
    })),
    topCounterparties: [...people.values()]
      .sort((a, b) => b.incomeMinor + b.expenseMinor - (a.incomeMinor + a.expenseMinor) || b.count - a.count)
      .slice(0, TOP_COUNTERPARTIES_LIMIT),
  };
}
