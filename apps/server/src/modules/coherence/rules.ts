import type { CoherenceFinding } from '@ztart/shared/contracts/assistant';
import { OVER_BUDGET_MONTHS } from '@ztart/shared/contracts/assistant';
import { shiftMonth } from '@ztart/shared/contracts/budgets';
import { goalMonthlyNeededMinor } from '@ztart/shared/contracts/goals';
import { CURRENCIES, type Currency } from '@ztart/shared/money';

/** A currency's income and spending, summed over the months averaged. */
export interface MoneyFlow {
  currency: Currency;
  incomeMinor: number;
  expenseMinor: number;
}

export interface CoherenceGoal {
  id: string;
  name: string;
  currency: Currency;
  targetMinor: number;
  savedMinor: number;
  targetDate: string | null;
  /** The month (`YYYY-MM`, the person's) the goal was created in. */
  createdMonth: string;
}

export interface CoherenceBudget {
  month: string;
  categoryId: string;
  /** The category's default key or the person's own name for it. */
  category: string;
  currency: Currency;
  amountMinor: number;
  spentMinor: number;
}

export interface CoherenceInput {
  /** Today in the person's time zone (`YYYY-MM-DD`). */
  today: string;
  /** How many months `flows` sums (at least 1). */
  monthsAveraged: number;
  flows: MoneyFlow[];
  goals: CoherenceGoal[];
  /** Budgets of the current month and the OVER_BUDGET_MONTHS − 1 before it. */
  budgets: CoherenceBudget[];
}

const monthOf = (date: string) => date.slice(0, 7);

function averageOf(input: CoherenceInput, currency: Currency) {
  const flow = input.flows.find((item) => item.currency === currency);
  const months = Math.max(1, input.monthsAveraged);
  return {
    incomeMinor: Math.floor((flow?.incomeMinor ?? 0) / months),
    expenseMinor: Math.floor((flow?.expenseMinor ?? 0) / months),
  };
}

/** The goals together need more each month than is left of income after spending. */
export function goalsExceedMargin(input: CoherenceInput): CoherenceFinding[] {
  return CURRENCIES.flatMap((currency) => {
    const neededMinor = input.goals
      .filter((goal) => goal.currency === currency)
      .reduce((total, goal) => total + (goalMonthlyNeededMinor(goal, input.today) ?? 0), 0);
    if (neededMinor === 0) return [];
    const { incomeMinor, expenseMinor } = averageOf(input, currency);
    const marginMinor = incomeMinor - expenseMinor;
    if (neededMinor <= marginMinor) return [];
    return [
      {
        rule: 'goalsExceedMargin',
        severity: 'high',
        currency,
        figures: { neededMinor, marginMinor, incomeMinor, expenseMinor },
        action: { href: '/goals' },
      } satisfies CoherenceFinding,
    ];
  });
}

/** This month's budgets add up to more than the monthly income. */
export function budgetsExceedIncome(input: CoherenceInput): CoherenceFinding[] {
  const month = monthOf(input.today);
  return CURRENCIES.flatMap((currency) => {
    const budgetsMinor = input.budgets
      .filter((budget) => budget.month === month && budget.currency === currency)
      .reduce((total, budget) => total + budget.amountMinor, 0);
    if (budgetsMinor === 0) return [];
    const { incomeMinor } = averageOf(input, currency);
    if (budgetsMinor <= incomeMinor) return [];
    return [
      {
        rule: 'budgetsExceedIncome',
        severity: 'medium',
        currency,
        figures: { budgetsMinor, incomeMinor },
        action: { href: '/budget' },
      } satisfies CoherenceFinding,
    ];
  });
}

/** A category spent above its budget in each of the last OVER_BUDGET_MONTHS months (this one included). */
export function categoryOverBudget(input: CoherenceInput): CoherenceFinding[] {
  const months = Array.from({ length: OVER_BUDGET_MONTHS }, (_, index) =>
    shiftMonth(monthOf(input.today), -index),
  );
  const keys = new Set(input.budgets.map((budget) => `${budget.categoryId} ${budget.currency}`));
  return [...keys].flatMap((key) => {
    const ofCategory = input.budgets.filter((budget) => `${budget.categoryId} ${budget.currency}` === key);
    const over = months.map((month) =>
      ofCategory.find((budget) => budget.month === month && budget.spentMinor > budget.amountMinor),
    );
    if (over.some((budget) => budget === undefined)) return [];
    const first = over[0]!;
    const overMinor = over.reduce((total, budget) => total + budget!.spentMinor - budget!.amountMinor, 0);
    return [
      {
        rule: 'categoryOverBudget',
        severity: 'medium',
        currency: first.currency,
        figures: {
          category: first.category,
          months: OVER_BUDGET_MONTHS,
          overMinor,
          amountMinor: first.amountMinor,
        },
        action: { href: '/budget' },
      } satisfies CoherenceFinding,
    ];
  });
}

/** Months from one `YYYY-MM` to another, both counted. */
function monthsFromTo(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number) as [number, number];
  const [toYear, toMonth] = to.split('-').map(Number) as [number, number];
  return (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1;
}

/**
 * A goal that will not be reached by its date at the pace it has been saved for so far: what
 * it holds divided by the months since it was created (that month included).
 */
export function goalUnreachable(input: CoherenceInput): CoherenceFinding[] {
  return input.goals.flatMap((goal) => {
    const neededMinor = goalMonthlyNeededMinor(goal, input.today);
    if (neededMinor === null || goal.targetDate === null) return [];
    const paceMinor = Math.floor(
      goal.savedMinor / Math.max(1, monthsFromTo(goal.createdMonth, monthOf(input.today))),
    );
    if (neededMinor <= paceMinor) return [];
    return [
      {
        rule: 'goalUnreachable',
        severity: 'high',
        currency: goal.currency,
        figures: { goal: goal.name, goalId: goal.id, targetDate: goal.targetDate, neededMinor, paceMinor },
        action: { href: '/goals' },
      } satisfies CoherenceFinding,
    ];
  });
}

const SEVERITY_ORDER = { high: 0, medium: 1, low: 2 } as const;

/** Every rule's findings, the most severe first. */
export function coherenceFindings(input: CoherenceInput): CoherenceFinding[] {
  return [goalsExceedMargin, budgetsExceedIncome, categoryOverBudget, goalUnreachable]
    .flatMap((rule) => rule(input))
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}
