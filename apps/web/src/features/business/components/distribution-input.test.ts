import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercentText,
  checkWeights,
  hoursToMinutes,
  percentToBasisPoints,
} from '@/features/business/components/distribution-input';

describe('reading what is typed for a distribution', () => {
  it('reads percentages into basis points without floating point', () => {
    expect(percentToBasisPoints('33.33')).toBe(3_333);
    expect(percentToBasisPoints('12,5')).toBe(1_250);
    expect(percentToBasisPoints('100')).toBe(10_000);
    expect(percentToBasisPoints('100.01')).toBeNull();
    expect(percentToBasisPoints('1.234')).toBeNull();
    expect(percentToBasisPoints('-5')).toBeNull();
  });

  it('reads hours into whole minutes', () => {
    expect(hoursToMinutes('7.5')).toBe(450);
    expect(hoursToMinutes('8')).toBe(480);
    expect(hoursToMinutes('0,25')).toBe(15);
    expect(hoursToMinutes('800')).toBeNull();
    expect(hoursToMinutes('eight')).toBeNull();
  });

  it('refuses percentages that do not add up to 100', () => {
    expect(checkWeights('percentages', ['60', '30'])).toMatchObject({
      ok: false,
      problem: 'percentTotal',
      totalWeight: 9_000,
    });
    expect(checkWeights('percentages', ['60', '40'])).toMatchObject({ ok: true, weights: [6_000, 4_000] });
  });

  it('refuses hours that add up to nothing, and text that is not a number', () => {
    expect(checkWeights('hours', ['', '0'])).toMatchObject({ ok: false, problem: 'noHours' });
    expect(checkWeights('hours', ['6', 'x'])).toMatchObject({
      ok: false,
      problem: 'invalidWeight',
      weights: [360, null],
    });
  });

  it('needs someone to share with', () => {
    expect(checkWeights('equal', [])).toMatchObject({ ok: false, problem: 'noMembers' });
    expect(checkWeights('equal', ['', ''])).toMatchObject({ ok: true, weights: [1, 1] });
  });

  it('shows basis points as a short percentage', () => {
    expect(basisPointsToPercentText(5_000)).toBe('50');
    expect(basisPointsToPercentText(3_333)).toBe('33.33');
    expect(basisPointsToPercentText(1_250)).toBe('12.5');
  });
});
