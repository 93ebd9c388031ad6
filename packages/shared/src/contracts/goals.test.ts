import { describe, expect, it } from 'vitest';
import { goalMonthlyNeededMinor, goalProgressPercent, monthsLeftUntil } from './goals.ts';

describe('goal progress', () => {
  it('floors the percent, so 100 means the target is reached', () => {
    expect(goalProgressPercent(0, 20_000)).toBe(0);
    expect(goalProgressPercent(5_000, 20_000)).toBe(25);
    expect(goalProgressPercent(19_999, 20_000)).toBe(99);
    expect(goalProgressPercent(20_000, 20_000)).toBe(100);
    expect(goalProgressPercent(25_000, 20_000)).toBe(100);
  });
});

describe('the monthly amount to reach a date', () => {
  it('counts this month and the date’s month, unless its day has gone by', () => {
    expect(monthsLeftUntil('2026-08-31', '2026-03-10')).toBe(6);
    expect(monthsLeftUntil('2026-03-05', '2026-01-20')).toBe(2);
    expect(monthsLeftUntil('2026-03-20', '2026-01-20')).toBe(3);
    expect(monthsLeftUntil('2027-01-01', '2026-12-31')).toBe(1);
    expect(monthsLeftUntil('2026-03-10', '2026-03-10')).toBe(1);
  });

  it('asks for everything left at once when the date is today or past', () => {
    expect(monthsLeftUntil('2026-01-01', '2026-03-10')).toBe(1);
    expect(
      goalMonthlyNeededMinor(
        { savedMinor: 1_000, targetMinor: 10_000, targetDate: '2025-12-31' },
        '2026-03-10',
      ),
    ).toBe(9_000);
  });

  it('rounds up to the minor unit, and has none without a date or once reached', () => {
    expect(
      goalMonthlyNeededMinor({ savedMinor: 0, targetMinor: 10_000, targetDate: '2026-05-31' }, '2026-03-10'),
    ).toBe(3_334);
    expect(
      goalMonthlyNeededMinor({ savedMinor: 0, targetMinor: 10_000, targetDate: null }, '2026-03-10'),
    ).toBeNull();
    expect(
      goalMonthlyNeededMinor(
        { savedMinor: 10_000, targetMinor: 10_000, targetDate: '2026-05-31' },
        '2026-03-10',
      ),
    ).toBeNull();
  });
});
