import type { HeldMoney, HeldMoneyKind } from '@ztart/shared/contracts/profiles';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerExecutor } from './service.ts';
import { ledgerAccounts, ledgerTransfers } from './tables.ts';

const KIND_ORDER: readonly HeldMoneyKind[] = ['available', 'pending', 'held', 'goals', 'invested'];
const HELD_KIND_OF_ACCOUNT: Record<string, HeldMoneyKind> = {
  wallet_available: 'available',
  wallet_pending: 'pending',
  goal_savings: 'goals',
  investment: 'invested',
};

/**
 * Every amount of money a person still has with us, per kind and currency, leaving out zeros:
 * the available and pending wallet balances (pending = card deposits and tips to them not settled
 * yet), what they put aside in savings goals, what their investments cost (decision 0036), and
 * holds on their available wallet not settled yet (a withdrawal before its payout is paid, which
 * comes back if it is returned). Inside a transaction, the person's wallet accounts
 * stay locked (ascending id, as every movement locks them) until it ends, so no movement of
 * their wallet can slip between this answer and what the caller does with it.
 */
export async function moneyHeldBy(db: LedgerExecutor, ownerId: string): Promise<HeldMoney[]> {
  const accounts = await db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerId, ownerId))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const held: HeldMoney[] = [];
  for (const account of accounts) {
    if (account.balanceMinor <= 0) continue;
    const kind = HELD_KIND_OF_ACCOUNT[account.kind];
    if (!kind) throw new Error(`a person holds an account of kind ${account.kind}`);
    held.push({ kind, currency: account.currency as Currency, amountMinor: account.balanceMinor });
  }
  const availableIds = accounts.filter((account) => account.kind === 'wallet_available').map((a) => a.id);
  if (availableIds.length > 0) {
    const holds = await db
      .select({
        currency: ledgerTransfers.currency,
        amountMinor: sql<string>`SUM(${ledgerTransfers.amountMinor})`,
      })
      .from(ledgerTransfers)
      .where(and(inArray(ledgerTransfers.debitAccountId, availableIds), eq(ledgerTransfers.state, 'pending')))
      .groupBy(ledgerTransfers.currency);
    for (const hold of holds) {
      held.push({ kind: 'held', currency: hold.currency as Currency, amountMinor: Number(hold.amountMinor) });
    }
  }
  return held.sort(
    (a, b) =>
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency),
  );
}
