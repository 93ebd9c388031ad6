import { and, eq, isNull, notExists, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { debtSettlements, debts } from './tables.ts';

/**
 * What a deleted account leaves of its debts (decision 0027), inside the deletion's transaction.
 * A debt with someone outside the app concerned only the person: without settlements it goes; with
 * some, it stays for the settlements' history, without the other person's name or the note. A debt
 * still waiting for confirmation, either way, is declined: nobody is left to confirm it, and it
 * leaves the other side's totals. Debts confirmed with another user stay theirs as they are.
 */
export async function eraseDebtsOf(tx: AppDatabase, userId: string, now: Date): Promise<void> {
  const withOutsider = and(eq(debts.ownerId, userId), isNull(debts.counterpartyUserId));
  const settled = tx
    .select({ one: sql`1` })
    .from(debtSettlements)
    .where(eq(debtSettlements.debtId, debts.id));
  await tx.delete(debts).where(and(withOutsider, notExists(settled)));
  // The name cannot be null while there is no user on the other side (debts_one_counterparty).
  await tx
    .update(debts)
    .set({ counterpartyName: '', note: null, contactId: null, updatedAt: now })
    .where(withOutsider);
  await tx
    .update(debts)
    .set({ confirmation: 'declined', updatedAt: now })
    .where(
      and(
        or(eq(debts.ownerId, userId), eq(debts.counterpartyUserId, userId)),
        eq(debts.confirmation, 'pending'),
      ),
    );
}
