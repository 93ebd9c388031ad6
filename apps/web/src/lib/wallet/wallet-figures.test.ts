import { describe, expect, it } from 'vitest';
import { preferredCurrency } from '@/lib/wallet/wallet-figures';
import { walletAnswer } from '@/test/wallet-data';

describe('the currency a money form starts in', () => {
  it('is euros for someone who holds only euros', () => {
    expect(preferredCurrency(walletAnswer({ EUR: 250 }))).toBe('EUR');
  });

  it('is the currency worth most at the reference rates, not the largest number', () => {
    // 500.00 BRL is about 95 US dollars; 100.00 EUR about 116.
    expect(preferredCurrency(walletAnswer({ BRL: 50_000, EUR: 10_000 }))).toBe('EUR');
    expect(preferredCurrency(walletAnswer({ BRL: 80_000, EUR: 10_000, USD: 5_000 }))).toBe('BRL');
  });

  it('counts money that can be sent before money still on its way', () => {
    expect(preferredCurrency(walletAnswer({ MXN: 2_000 }, {}, { USD: 90_000 }))).toBe('MXN');
  });

  it('follows money on its way in when nothing is available yet', () => {
    expect(preferredCurrency(walletAnswer({}, {}, { EUR: 1_000 }))).toBe('EUR');
  });

  it('is US dollars for an empty wallet, and on a tie', () => {
    expect(preferredCurrency(walletAnswer({}))).toBe('USD');
    expect(preferredCurrency(walletAnswer({ USD: 11_600, EUR: 10_000 }))).toBe('USD');
  });
});
