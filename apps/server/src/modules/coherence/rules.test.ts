import { describe, expect, it } from 'vitest';
import {
  budgetsExceedIncome,
  type CoherenceBudget,
  type CoherenceGoal,
  type CoherenceInput,
  categoryOverBudget,
  coherenceFindings,
  goalsExceedMargin,
  goalUnreachable,
} from './rules.ts';

const base: CoherenceInput = { today: '2026-05-20', monthsAveraged: 3, flows: [], goals: [], budgets: [] };
const goal = (overrides: Partial<CoherenceGoal>): CoherenceGoal => ({
  id: 'g1',
  name: 'Bike',
  currency: 'USD',
  targetMinor: 1_200_00,
  savedMinor: 0,
  targetDate: '2026-12-31',
  createdMonth: '2026-05',
  ...overrides,
});
const budget = (overrides: Partial<CoherenceBudget>): CoherenceBudget => ({
  month: '2026-05',
  categoryId: 'c-food',
  category: 'food',
  currency: 'USD',
  amountMinor: 100_00,
  spentMinor: 0,
  ...overrides,
});

describe('coherence rules', () => {
  describe('goals need more each month than income minus spending', () => {
    // 3 months: income 3,000.00 and spending 2,400.00 → a margin of 200.00 a month.
    const flows = [{ currency: 'USD' as const, incomeMinor: 3_000_00, expenseMinor: 2_400_00 }];
    it('is quiet when the goals need exactly the margin, and speaks one minor unit above it', () => {
      // 1,400.00 left over 7 months (May to November, the date's day not yet passed) = 200.00 a month.
      const exact = { ...base, flows, goals: [goal({ targetMinor: 1_400_00, targetDate: '2026-11-20' })] };
      expect(goalsExceedMargin(exact)).toEqual([]);
      const above = { ...base, flows, goals: [goal({ targetMinor: 1_400_07, targetDate: '2026-11-20' })] };
      expect(goalsExceedMargin(above)).toEqual([
        {
          rule: 'goalsExceedMargin',
          severity: 'high',
          currency: 'USD',
          figures: { neededMinor: 200_01, marginMinor: 200_00, incomeMinor: 1_000_00, expenseMinor: 800_00 },
          action: { href: '/goals' },
        },
      ]);
    });
    it('adds the goals of a currency together and ignores goals without a date or reached', () => {
      const goals = [
        goal({ id: 'a', targetMinor: 700_00, targetDate: '2026-11-20' }),
        goal({ id: 'b', targetMinor: 700_07, targetDate: '2026-11-20' }),
        goal({ id: 'c', targetDate: null }),
        goal({ id: 'd', savedMinor: 1_200_00 }),
      ];
      expect(
        goalsExceedMargin({ ...base, flows, goals }).map((finding) => finding.figures.neededMinor),
      ).toEqual([200_01]);
      expect(goalsExceedMargin({ ...base, flows, goals: goals.slice(2) })).toEqual([]);
    });
  });

  describe('budgets add up to more than income', () => {
    const flows = [{ currency: 'USD' as const, incomeMinor: 900_00, expenseMinor: 0 }];
    it('is quiet at exactly the monthly income and speaks one minor unit above it', () => {
      const atIncome = [
        budget({ amountMinor: 200_00 }),
        budget({ categoryId: 'c-bills', amountMinor: 100_00 }),
      ];
      expect(budgetsExceedIncome({ ...base, flows, budgets: atIncome })).toEqual([]);
      const above = [...atIncome, budget({ categoryId: 'c-fun', amountMinor: 1 })];
      expect(budgetsExceedIncome({ ...base, flows, budgets: above })).toEqual([
        {
          rule: 'budgetsExceedIncome',
          severity: 'medium',
          currency: 'USD',
          figures: { budgetsMinor: 300_01, incomeMinor: 300_00 },
          action: { href: '/budget' },
        },
      ]);
    });
    it('counts only this month’s budgets', () => {
      const budgets = [budget({ month: '2026-04', amountMinor: 5_000_00 })];
      expect(budgetsExceedIncome({ ...base, flows, budgets })).toEqual([]);
    });
  });

  describe('a category over budget three months running', () => {
    const months = ['2026-05', '2026-04', '2026-03'];
    it('speaks after three months over, not two, and not when one month is exactly at the limit', () => {
      const over = months.map((month) => budget({ month, spentMinor: 100_01 }));
      expect(categoryOverBudget({ ...base, budgets: over })).toEqual([
        {
          rule: 'categoryOverBudget',
          severity: 'medium',
          currency: 'USD',
          figures: { category: 'food', months: 3, overMinor: 3, amountMinor: 100_00 },
          action: { href: '/budget' },
        },
      ]);
      expect(categoryOverBudget({ ...base, budgets: over.slice(0, 2) })).toEqual([]);
      const atLimit = [...over.slice(0, 2), budget({ month: '2026-03', spentMinor: 100_00 })];
      expect(categoryOverBudget({ ...base, budgets: atLimit })).toEqual([]);
    });
    it('does not count a month older than the last three', () => {
      const gap = ['2026-05', '2026-04', '2026-02'].map((month) => budget({ month, spentMinor: 200_00 }));
      expect(categoryOverBudget({ ...base, budgets: gap })).toEqual([]);
    });
  });

  describe('a goal date unreachable at the current pace', () => {
    it('is quiet when the pace is exactly what is needed, and speaks one minor unit below', () => {
      // Created in March, 300.00 saved: 100.00 a month. 700.00 left over 7 months (May to November) = 100.00.
      const exact = goal({
        createdMonth: '2026-03',
        savedMinor: 300_00,
        targetMinor: 1_000_00,
        targetDate: '2026-11-20',
      });
      expect(goalUnreachable({ ...base, goals: [exact] })).toEqual([]);
      const slower = { ...exact, savedMinor: 299_99, targetMinor: 999_99 };
      expect(goalUnreachable({ ...base, goals: [slower] })).toEqual([
        {
          rule: 'goalUnreachable',
          severity: 'high',
          currency: 'USD',
          figures: {
            goal: 'Bike',
            goalId: 'g1',
            targetDate: '2026-11-20',
            neededMinor: 100_00,
            paceMinor: 99_99,
          },
          action: { href: '/goals' },
        },
      ]);
    });
    it('speaks for a date already passed and not for a later date the pace reaches', () => {
      const late = goal({ savedMinor: 50_00, targetMinor: 300_00, targetDate: '2026-05-19' });
      expect(goalUnreachable({ ...base, goals: [late] })).toHaveLength(1);
      expect(goalUnreachable({ ...base, goals: [{ ...late, targetDate: '2028-05-31' }] })).toEqual([]);
    });
  });

  it('lists the most severe findings first', () => {
    const input: CoherenceInput = {
      ...base,
      flows: [{ currency: 'USD', incomeMinor: 300_00, expenseMinor: 0 }],
      budgets: [budget({ amountMinor: 200_00 })],
      goals: [goal({ targetDate: '2026-05-31' })],
    };
    expect(coherenceFindings(input).map((finding) => finding.rule)).toEqual([
      'goalsExceedMargin',
      'goalUnreachable',
      'budgetsExceedIncome',
    ]);
  });
});
