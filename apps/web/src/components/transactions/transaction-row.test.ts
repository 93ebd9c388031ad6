import { describe, expect, it } from 'vitest';
import { keepCardEndingTogether } from './transaction-row';

describe('a row title on a narrow phone', () => {
  it('never breaks a card ending between the dots and the digits', () => {
    expect(keepCardEndingTogether('Deposit from Visa •••• 4242')).toBe('Deposit from Visa ••••\u00a04242');
    expect(keepCardEndingTogether('Withdrawal to Bank account •••• 5432')).toBe(
      'Withdrawal to Bank account ••••\u00a05432',
    );
  });

  it('leaves other titles as they are', () => {
    expect(keepCardEndingTogether('Transfer to @leo_guitar')).toBe('Transfer to @leo_guitar');
  });
});
