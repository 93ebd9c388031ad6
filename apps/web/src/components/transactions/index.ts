/**
 * A person's transactions as every screen reads them: the list to embed (the wallet's recent
 * activity, the payments page, the transactions page), one transaction, its status and amount,
 * and the query keys to refresh after moving money
 * (`queryClient.invalidateQueries({ queryKey: transactionKeys.all })`).
 */
export { useCategories } from '@/components/transactions/api/get-categories';
export { useTransaction } from '@/components/transactions/api/get-transaction';
export { useTransactions } from '@/components/transactions/api/get-transactions';
export { categoryKeys, transactionKeys } from '@/components/transactions/api/transaction-keys';
export { describeTransaction, useDescribeTransaction } from '@/components/transactions/describe';
export { exportCsvUrl, type TransactionFilters } from '@/components/transactions/filters';
export {
  TransactionList,
  type TransactionListProps,
} from '@/components/transactions/transaction-list';
export {
  SignedAmount,
  StatusBadge,
} from '@/components/transactions/transaction-parts';
