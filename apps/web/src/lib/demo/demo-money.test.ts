import { paymentMethodSchema } from '@ztart/shared/contracts/payment-methods';
import { transactionSchema } from '@ztart/shared/contracts/transactions';
import { walletAnalyticsResponseSchema, walletResponseSchema } from '@ztart/shared/contracts/wallet';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  addDemoPaymentMethod,
  DEMO_SETTLE_MS,
  demoAnalytics,
  demoBalances,
  demoPaymentMethods,
  demoRecipient,
  demoTransactions,
  demoWallet,
  removeDemoPaymentMethod,
  resetDemoMoney,
  setDemoDefaultPaymentMethod,
  simulateDeposit,
  simulateTransfer,
  simulateWithdrawal,
  subscribeDemoMoney,
} from '@/lib/demo/demo-money';

function usd() {
  const balance = demoBalances().find((candidate) => candidate.currency === 'USD');
  if (!balance) throw new Error('no USD balance');
  return balance;
}

function defaultCard() {
  const card = demoPaymentMethods().find((method) => method.type === 'card' && method.isDefault);
  if (!card) throw new Error('no default card');
  return card;
}

function bankAccount() {
  const account = demoPaymentMethods().find((method) => method.type === 'bank_account');
  if (!account) throw new Error('no bank account');
  return account;
}

function codeOf(action: () => unknown): string | null {
  try {
    action();
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.code : 'not an ApiError';
  }
}

beforeEach(() => resetDemoMoney());
afterEach(() => {
  vi.useRealTimers();
  resetDemoMoney();
});

describe('the demo wallet', () => {
  it('is believable: about fifteen transactions, balances in two currencies, two cards and a bank account', () => {
    const transactions = demoTransactions();
    expect(transactions.length).toBeGreaterThanOrEqual(12);
    for (const transaction of transactions) transactionSchema.parse(transaction);
    // Newest first.
    const dates = transactions.map((transaction) => transaction.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const wallet = walletResponseSchema.parse(demoWallet());
    const held = wallet.balances
      .filter((balance) => balance.totalMinor > 0)
      .map((balance) => balance.currency);
    expect(held).toEqual(['USD', 'EUR']);

    const methods = demoPaymentMethods().map((method) => paymentMethodSchema.parse(method));
    expect(methods.filter((method) => method.type === 'card')).toHaveLength(2);
    expect(methods.filter((method) => method.type === 'bank_account')).toHaveLength(1);
    // Default first, like the server's list.
    expect(methods[0]?.isDefault).toBe(true);
  });

  it('balances follow the transactions: available + pending = total, never below zero, whole minor units', () => {
    for (const balance of demoBalances()) {
      expect(balance.availableMinor + balance.pendingMinor).toBe(balance.totalMinor);
      expect(balance.availableMinor).toBeGreaterThanOrEqual(0);
      expect(Number.isSafeInteger(balance.totalMinor)).toBe(true);
    }
    // The seeded pending card deposit is pending money, not available money.
    expect(usd().pendingMinor).toBe(5_000);
  });

  it('analytics sums completed income and expense per day and in total', () => {
    const analytics = walletAnalyticsResponseSchema.parse(demoAnalytics('USD', 30));
    expect(analytics.days).toHaveLength(30);
    const completed = demoTransactions().filter(
      (transaction) => transaction.currency === 'USD' && transaction.status === 'completed',
    );
    const income = completed.filter((transaction) => transaction.type === 'income');
    expect(analytics.incomeMinor).toBe(income.reduce((sum, transaction) => sum + transaction.amountMinor, 0));
    expect(analytics.days.reduce((sum, day) => sum + day.incomeMinor, 0)).toBe(analytics.incomeMinor);
  });
});

describe('simulated movements', () => {
  it('a deposit is pending at once, then completes and tells subscribers (as the live stream would)', () => {
    vi.useFakeTimers();
    const events: string[] = [];
    const unsubscribe = subscribeDemoMoney((batch) => {
      for (const event of batch) {
        events.push(
          event.type === 'transaction'
            ? `transaction:${event.transaction.status}`
            : event.type === 'notification'
              ? `notification:${event.notification.event}`
              : event.type,
        );
      }
    });
    const before = usd();
    const { transaction } = simulateDeposit({
      paymentMethodId: defaultCard().id,
      amountMinor: 2_500,
      currency: 'USD',
    });
    expect(transaction.status).toBe('pending');
    expect(usd().pendingMinor).toBe(before.pendingMinor + 2_500);
    expect(usd().availableMinor).toBe(before.availableMinor);
    expect(demoTransactions()[0]?.id).toBe(transaction.id);

    vi.advanceTimersByTime(DEMO_SETTLE_MS);
    expect(usd().availableMinor).toBe(before.availableMinor + 2_500);
    expect(usd().pendingMinor).toBe(before.pendingMinor);
    expect(events).toEqual([
      'transaction:pending',
      'transaction:completed',
      'notification:deposit_completed',
    ]);
    unsubscribe();
  });

  it('a transfer moves the amount out at once and is refused beyond the balance, moving nothing', () => {
    const before = usd();
    const { transaction } = simulateTransfer({
      recipient: '@leo_guitar',
      amountMinor: 1_234,
      currency: 'USD',
      note: ' Coffee ',
    });
    expect(transaction).toMatchObject({ kind: 'transfer_out', status: 'completed', note: 'Coffee' });
    expect(transaction.counterparty).toEqual({ ztartag: 'leo_guitar', displayName: 'Leo Martins' });
    expect(usd().availableMinor).toBe(before.availableMinor - 1_234);

    const count = demoTransactions().length;
    expect(
      codeOf(() =>
        simulateTransfer({ recipient: 'leo_guitar', amountMinor: usd().availableMinor + 1, currency: 'USD' }),
      ),
    ).toBe('insufficient_balance');
    expect(demoTransactions()).toHaveLength(count);
  });

  it('finds recipients like the server: by ztartag, email or phone; refuses unknown people and oneself', () => {
    expect(demoRecipient('@Maria_Santos').displayName).toBe('Maria Santos');
    expect(demoRecipient('leo.martins@example.com').ztartag).toBe('leo_guitar');
    expect(demoRecipient('+351 912 345 678').ztartag).toBe('leo_guitar');
    expect(codeOf(() => demoRecipient('@nobody_here'))).toBe('recipient_user_not_found');
    expect(codeOf(() => demoRecipient('stranger@example.com'))).toBe('recipient_not_found');
    expect(codeOf(() => demoRecipient('@alex_demo'))).toBe('recipient_is_self');
  });

  it('a withdrawal holds the money at once and needs a bank account', () => {
    const eur = () => demoBalances().find((balance) => balance.currency === 'EUR')?.availableMinor ?? 0;
    const before = eur();
    simulateWithdrawal({ paymentMethodId: bankAccount().id, amountMinor: 1_000, currency: 'EUR' });
    expect(eur()).toBe(before - 1_000);
    expect(
      codeOf(() =>
        simulateWithdrawal({ paymentMethodId: defaultCard().id, amountMinor: 100, currency: 'EUR' }),
      ),
    ).toBe('payment_method_unsuitable');
    expect(
      codeOf(() =>
        simulateWithdrawal({ paymentMethodId: bankAccount().id, amountMinor: eur() + 1, currency: 'EUR' }),
      ),
    ).toBe('insufficient_balance');
  });

  it('never accepts a fractional or zero amount', () => {
    expect(
      codeOf(() =>
        simulateDeposit({ paymentMethodId: defaultCard().id, amountMinor: 12.5, currency: 'USD' }),
      ),
    ).toBe('validation_failed');
    expect(
      codeOf(() => simulateDeposit({ paymentMethodId: defaultCard().id, amountMinor: 0, currency: 'USD' })),
    ).toBe('validation_failed');
  });
});

describe('demo payment methods', () => {
  const address = { line1: '1 Main St', city: 'Austin', postalCode: '73301', country: 'US' };

  it('adds a card after the processor checks, keeping only brand and last four digits', () => {
    const card = addDemoPaymentMethod(
      {
        type: 'card',
        number: '5555 5555 5555 4444',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        cardholderName: 'Alex Demo',
        billingAddress: address,
        setDefault: true,
      },
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(card).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: true });
    expect(JSON.stringify(demoPaymentMethods())).not.toContain('5555555555554444');
    // Only one default card.
    expect(demoPaymentMethods().filter((method) => method.type === 'card' && method.isDefault)).toHaveLength(
      1,
    );
  });

  it('refuses a bad card number, an expired card and a bad IBAN with the field at fault', () => {
    const card = {
      type: 'card' as const,
      expMonth: 1,
      expYear: 2030,
      cvc: '123',
      cardholderName: 'A',
      billingAddress: address,
    };
    const refusal = (action: () => unknown) => {
      try {
        action();
      } catch (error) {
        return error instanceof ApiError ? [error.code, error.details?.field] : null;
      }
      return null;
    };
    expect(refusal(() => addDemoPaymentMethod({ ...card, number: '4242 4242 4242 4241' }))).toEqual([
      'card_number_invalid',
      'number',
    ]);
    expect(
      refusal(() =>
        addDemoPaymentMethod(
          { ...card, number: '4242424242424242', expYear: 2025 },
          new Date('2026-06-01T00:00:00Z'),
        ),
      ),
    ).toEqual(['card_expired', 'expYear']);
    expect(
      refusal(() =>
        addDemoPaymentMethod({
          type: 'bank_account',
          holderName: 'A',
          iban: 'PT50 0002 0123 1234 5678 9015 5',
        }),
      ),
    ).toEqual(['iban_invalid', 'iban']);
  });

  it('sets the default and hands it on when the default is removed', () => {
    const visa = defaultCard();
    const other = demoPaymentMethods().find((method) => method.type === 'card' && !method.isDefault);
    if (!other) throw new Error('no second card');
    setDemoDefaultPaymentMethod(other.id);
    expect(defaultCard().id).toBe(other.id);
    removeDemoPaymentMethod(other.id);
    expect(defaultCard().id).toBe(visa.id);
  });
});
