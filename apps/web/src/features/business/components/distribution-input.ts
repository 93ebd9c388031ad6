import {
  DISTRIBUTION_MAX_MINUTES,
  type DistributionRule,
  PERCENT_BASIS_POINTS,
} from '@ztart/shared/contracts/businesses';

/**
 * What a person types for each member's weight, read without floating point: a percentage with up
 * to two decimals becomes basis points ("33.33" → 3,333), hours with up to two decimals become
 * minutes ("7.5" → 450). Commas are read as decimal points (many of our languages write them so).
 */
const DECIMAL_PATTERN = /^(\d{1,4})(?:[.,](\d{1,2}))?$/;

function hundredthsOf(text: string): number | null {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** "12.5" → 1,250 basis points; null when it is not a percentage from 0 to 100. */
export function percentToBasisPoints(text: string): number | null {
  const hundredths = hundredthsOf(text);
  return hundredths !== null && hundredths <= PERCENT_BASIS_POINTS ? hundredths : null;
}

/** "7.5" → 450 minutes (rounded to the nearest minute); null when it is not a number of hours in range. */
export function hoursToMinutes(text: string): number | null {
  const hundredths = hundredthsOf(text);
  if (hundredths === null) return null;
  const minutes = Math.floor((hundredths * 60 + 50) / 100);
  return minutes <= DISTRIBUTION_MAX_MINUTES ? minutes : null;
}

export type WeightProblem = 'invalidWeight' | 'percentTotal' | 'noHours' | 'noMembers';

export interface WeightCheck {
  ok: boolean;
  /** Per member (same order): the weight, or null when its text cannot be read. */
  weights: (number | null)[];
  problem: WeightProblem | null;
  /** For percentages: the sum in basis points of what could be read. */
  totalWeight: number;
}

/** Checks the weights typed for a rule before anything is sent: percentages add up to 100, hours to more than 0. */
export function checkWeights(rule: DistributionRule, texts: readonly string[]): WeightCheck {
  if (texts.length === 0) return { ok: false, weights: [], problem: 'noMembers', totalWeight: 0 };
  if (rule === 'equal')
    return { ok: true, weights: texts.map(() => 1), problem: null, totalWeight: texts.length };
  const read = rule === 'percentages' ? percentToBasisPoints : hoursToMinutes;
  const weights = texts.map((text) => read(text === '' ? '0' : text));
  const totalWeight = weights.reduce<number>((sum, weight) => sum + (weight ?? 0), 0);
  if (weights.some((weight) => weight === null))
    return { ok: false, weights, problem: 'invalidWeight', totalWeight };
  if (rule === 'percentages' && totalWeight !== PERCENT_BASIS_POINTS)
    return { ok: false, weights, problem: 'percentTotal', totalWeight };
  if (rule === 'hours' && totalWeight === 0) return { ok: false, weights, problem: 'noHours', totalWeight };
  return { ok: true, weights, problem: null, totalWeight };
}

/** Basis points as a percentage for display: 3,333 → "33.33". */
export function basisPointsToPercentText(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = basisPoints % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}
