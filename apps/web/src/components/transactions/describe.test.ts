import type { Transaction } from '@ztart/shared/contracts/transactions';
import { describe, expect, it } from 'vitest';
import { describeTransaction } from '@/components/transactions/describe';
import { transaction } from '@/components/transactions/test-data';
import { createTestI18n } from '@/test/i18n';

const VISA = {
  id: 'b1b2c3d4-0000-4000-8000-000000004242',
  type: 'card',
  brand: 'visa',
  last4: '4242',
} as const;
const BANK = {
  id: 'b1b2c3d4-0000-4000-8000-000000006789',
  type: 'bank_account',
  brand: null,
  last4: '6789',
} as const;
const LEO = { ztartag: 'leo_guitar', displayName: 'Leo Martins' };

function describeIn(language: 'en' | 'es' | 'fr' | 'pt', overrides: Partial<Transaction>): string {
  const t = createTestI18n(language).getFixedT(language, 'transactions');
  return describeTransaction(transaction(overrides), t);
}

describe('the description the app builds from kind and counterparty', () => {
  it.each([
    [{ kind: 'deposit', paymentMethod: VISA, counterparty: null }, 'Deposit from Visa •••• 4242'],
    [{ kind: 'deposit', paymentMethod: null, counterparty: null }, 'Deposit'],
    [{ kind: 'withdrawal', paymentMethod: BANK, counterparty: null }, 'Withdrawal to Bank account •••• 6789'],
    [{ kind: 'transfer_in', counterparty: LEO }, 'Transfer from @leo_guitar'],
    [{ kind: 'transfer_out', counterparty: LEO }, 'Transfer to @leo_guitar'],
    [
      { kind: 'transfer_out', counterparty: { ztartag: null, displayName: 'Ana Lima' } },
      'Transfer to Ana Lima',
    ],
    [{ kind: 'tip_in', counterparty: LEO }, 'Tip from @leo_guitar'],
    [{ kind: 'tip_in', counterparty: null }, 'Anonymous tip'],
    [{ kind: 'tip_out', counterparty: LEO }, 'Tip to @leo_guitar'],
  ] as const)('%o → %s', (overrides, expected) => {
    expect(describeIn('en', overrides as Partial<Transaction>)).toBe(expected);
  });

  it('speaks the person’s language, whatever the server wrote in English', () => {
    const tipFromLeo = { kind: 'tip_in', counterparty: LEO, description: 'Tip from @leo_guitar' } as const;
    expect(describeIn('es', tipFromLeo)).toBe('Propina de @leo_guitar');
    expect(describeIn('fr', { kind: 'transfer_out', counterparty: LEO })).toBe('Virement à @leo_guitar');
    expect(describeIn('pt', { kind: 'deposit', paymentMethod: VISA, counterparty: null })).toBe(
      'Depósito com Visa •••• 4242',
    );
  });
});
