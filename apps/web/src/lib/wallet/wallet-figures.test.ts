import { describe, expect, it } from 'vitest';
import { preferredCurrency, shownBalances } from '@/lib/wallet/wallet-figures';
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

describe('the balances worth a card', () => {
  it('are the main currency, then every currency holding money, money put aside in goals included', () => {
    const wallet = walletAnswer({ BRL: 3_000 });
    const withGoal = {
      ...wallet,
      balances: wallet.balances.map((balance) =>
        balance.currency === 'EUR' ? { ...balance, inGoalsMinor: 5_000 } : balance,
      ),
    };
    expect(shownBalances(wallet).map((balance) => balance.currency)).toEqual(['USD', 'BRL']);
    // Everything in EUR sits in a goal: the card stays, to say so.
    expect(shownBalances(withGoal).map((balance) => balance.currency)).toEqual(['USD', 'EUR', 'BRL']);
  });
});
