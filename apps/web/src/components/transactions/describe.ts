import { CARD_BRAND_NAMES } from '@ztart/shared/cards';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type TransactionsT = TFunction<'transactions'>;

/** How the other person is named: their @ztartag when they have one, else their name. */
export function counterpartyLabel(counterparty: NonNullable<Transaction['counterparty']>): string {
  return counterparty.ztartag ? `@${counterparty.ztartag}` : counterparty.displayName;
}

/** "Visa •••• 4242", "Bank account •••• 6789". */
export function paymentMethodLabel(
  method: NonNullable<Transaction['paymentMethod']>,
  t: TransactionsT,
): string {
  if (method.type === 'bank_account') return t('paymentMethod.bankAccount', { last4: method.last4 });
  return method.brand
    ? t('paymentMethod.card', { brand: CARD_BRAND_NAMES[method.brand], last4: method.last4 })
    : t('paymentMethod.cardPlain', { last4: method.last4 });
}

/**
 * The line a person reads for a transaction, in their language, built from its kind and the
 * other side ("Transfer to @leo_guitar", "Deposit from Visa •••• 4242"). The server's own
 * `description` is English and kept for the CSV export and search.
 */
export function describeTransaction(transaction: Transaction, t: TransactionsT): string {
  const { counterparty, paymentMethod } = transaction;
  const name = counterparty ? counterpartyLabel(counterparty) : null;
  switch (transaction.kind) {
    case 'deposit':
      return paymentMethod
        ? t('description.deposit', { method: paymentMethodLabel(paymentMethod, t) })
        : t('description.depositPlain');
    case 'withdrawal':
      return paymentMethod
        ? t('description.withdrawal', { method: paymentMethodLabel(paymentMethod, t) })
        : t('description.withdrawalPlain');
    case 'tip_in':
      return name ? t('description.tip_in', { name }) : t('description.tipInAnonymous');
    case 'transfer_in':
    case 'transfer_out':
    case 'tip_out':
    case 'goal_deposit':
    case 'goal_withdrawal':
    case 'invoice_in':
    case 'invoice_out':
      return name ? t(`description.${transaction.kind}`, { name }) : t(`kind.${transaction.kind}`);
    case 'investment_buy':
    case 'investment_sell':
      return t(`description.${transaction.kind}`);
  }
}

/** `describeTransaction` in the current language. */
export function useDescribeTransaction(): (transaction: Transaction) => string {
  const { t } = useTranslation('transactions');
  return useCallback((transaction: Transaction) => describeTransaction(transaction, t), [t]);
}
