import type { Transaction } from '@ztart/shared/contracts/transactions';

export interface DayGroup {
  /** `yyyy-mm-dd` in the person's time zone. */
  day: string;
  transactions: Transaction[];
}

/** The calendar day of an instant where the person is (not UTC: a late tip belongs to its evening). */
export function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** Consecutive rows of the same local day, in the list's order (newest first). */
export function groupByDay(transactions: readonly Transaction[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const transaction of transactions) {
    const day = localDay(new Date(transaction.createdAt));
    const last = groups.at(-1);
    if (last?.day === day) last.transactions.push(transaction);
    else groups.push({ day, transactions: [transaction] });
  }
  return groups;
}
