import { describe, expect, it } from 'vitest';
import { formatQuantity } from '@/features/investments/quantity';

describe('formatQuantity', () => {
  it('writes micro-units as units in the language of the screen, from the digits alone', () => {
    expect(formatQuantity(405_023, 'en')).toBe('0.405023');
    expect(formatQuantity(1_500_000, 'en')).toBe('1.5');
    expect(formatQuantity(2_000_000, 'en')).toBe('2.0');
    expect(formatQuantity(1_234_567_890_000, 'en')).toBe('1,234,567.89');
    expect(formatQuantity(1_234_567_890_000, 'es')).toBe('1.234.567,89');
    expect(formatQuantity(7, 'fr')).toBe('0,000007');
  });
});
