import { and, eq, isNotNull, like, not } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { currentKeyPrefix, type DataKeyring, open, seal } from '../../db/encryption.ts';
import type { PayoutDestination } from '../../integrations/card-processor/processor.ts';
import { paymentMethods } from './tables.ts';

/**
 * A bank account's numbers (the IBAN, or the US account and routing numbers) are kept sealed
 * (see db/encryption.ts), bound to their row: opened only to send a payout.
 */
function contextOf(paymentMethodId: string): string {
  return `payment_methods.bank_details_encrypted:${paymentMethodId}`;
}

export function sealBankDetails(keys: DataKeyring, paymentMethodId: string, details: PayoutDestination) {
  return seal(keys, JSON.stringify(details), contextOf(paymentMethodId));
}

export function openBankDetails(
  keys: DataKeyring,
  paymentMethodId: string,
  sealed: string,
): PayoutDestination {
  return JSON.parse(open(keys, sealed, contextOf(paymentMethodId))) as PayoutDestination;
}

/**
 * Seals again, with the current key, every bank account sealed with an older one; run at start,
 * so that once it has run an older key can leave DATA_ENCRYPTION_KEYS. Returns how many it sealed.
 */
export async function resealBankDetails(db: AppDatabase, keys: DataKeyring): Promise<number> {
  const column = paymentMethods.bankDetailsEncrypted;
  const stale = await db
    .select({ id: paymentMethods.id, sealed: column })
    .from(paymentMethods)
    .where(and(isNotNull(column), not(like(column, `${currentKeyPrefix(keys)}%`))));
  for (const row of stale) {
    if (row.sealed === null) continue;
    const details = openBankDetails(keys, row.id, row.sealed);
    await db
      .update(paymentMethods)
      .set({ bankDetailsEncrypted: sealBankDetails(keys, row.id, details) })
      .where(and(eq(paymentMethods.id, row.id), eq(column, row.sealed)));
  }
  return stale.length;
}
