/**
 * What other features may use of the transactions feature: the list to embed (the wallet's
 * recent activity) and the query keys to refresh after moving money
 * (`queryClient.invalidateQueries({ queryKey: transactionKeys.all })`).
 */
export { useCategories } from '@/features/transactions/api/get-categories';
export { useTransaction } from '@/features/transactions/api/get-transaction';
export { useTransactions } from '@/features/transactions/api/get-transactions';
export { categoryKeys, transactionKeys } from '@/features/transactions/api/transaction-keys';
export {
  TransactionList,
  type TransactionListProps,
} from '@/features/transactions/components/transaction-list';
export {
  SignedAmount,
  StatusBadge,
} from '@/features/transactions/components/transaction-parts';
export { describeTransaction, useDescribeTransaction } from '@/features/transactions/describe';
export { exportCsvUrl, type TransactionFilters } from '@/features/transactions/filters';
