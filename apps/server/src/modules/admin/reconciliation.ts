import type {
  AdminFinances,
  ReconciliationDifference,
  ReconciliationResult,
} from '@ztart/shared/contracts/admin';
import type { Currency } from '@ztart/shared/money';
import { asc, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { reconcile } from '../ledger/service.ts';
import { ledgerAccounts } from '../ledger/tables.ts';

/**
 * The ledger's two invariants, checked on demand and every minute: per currency, all balances sum
 * to zero (every transfer takes from one account what it gives another); every account's stored
 * balance equals the sum of its transfers (credits minus debits). Anything else is a difference.
 */
export async function reconcileLedger(db: AppDatabase, now: Date): Promise<ReconciliationResult> {
  const { accounts, totals } = await reconcile(db);
  const differences: ReconciliationDifference[] = [];
  for (const [currency, sumMinor] of Object.entries(totals)) {
    if (sumMinor !== 0) {
      differences.push({
        kind: 'currency_sum',
        currency: currency as Currency,
        accountId: null,
        accountKind: null,
        ownerId: null,
        expectedMinor: 0,
        actualMinor: sumMinor,
      });
    }
  }
  for (const account of accounts) {
    if (account.balanceMinor !== account.transfersMinor) {
      differences.push({
        kind: 'account_balance',
        currency: account.currency as Currency,
        accountId: account.accountId,
        accountKind: account.kind,
        ownerId: account.ownerId,
        expectedMinor: account.transfersMinor,
        actualMinor: account.balanceMinor,
      });
    }
  }
  return {
    ok: differences.length === 0,
    checkedAt: now.toISOString(),
    accountsChecked: accounts.length,
    totals: Object.entries(totals).map(([currency, sumMinor]) => ({
      currency: currency as Currency,
      sumMinor,
    })),
    differences,
  };
}

/** The system accounts (clearing, payouts, fees, market) and what people hold, per currency. */
export async function platformFinances(db: AppDatabase): Promise<AdminFinances> {
  const [system, { accounts }] = await Promise.all([
    db
      .select({
        kind: ledgerAccounts.kind,
        currency: ledgerAccounts.currency,
        balanceMinor: ledgerAccounts.balanceMinor,
      })
      .from(ledgerAccounts)
      .where(isNull(ledgerAccounts.ownerId))
      .orderBy(asc(ledgerAccounts.kind), asc(ledgerAccounts.currency)),
    reconcile(db),
  ]);
  const totals = new Map<Currency, { peopleMinor: number; systemMinor: number }>();
  for (const account of accounts) {
    const currency = account.currency as Currency;
    const total = totals.get(currency) ?? { peopleMinor: 0, systemMinor: 0 };
    if (account.ownerId) total.peopleMinor += account.balanceMinor;
    else total.systemMinor += account.balanceMinor;
    totals.set(currency, total);
  }
  return {
    systemAccounts: system.map((row) => ({ ...row, currency: row.currency as Currency })),
    totals: [...totals].map(([currency, total]) => ({ currency, ...total })),
  };
}
