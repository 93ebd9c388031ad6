import { isVerified } from '@ztart/shared/roles';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { users } from '../auth/tables.ts';
import { profiles } from './tables.ts';

/** What lockPayer read of the payer while locking them, for assertWithinLimits. */
export interface LockedPayer {
  /** Email and phone verified: no daily limit then. */
  verified: boolean;
}

/**
 * Serializes one person's outgoing movements: the limit checks below read what they sent, so two
 * payments at once must not both pass on the same headroom. Locks the person's `users` row (FOR NO
 * KEY UPDATE: rows that reference it can still be inserted; their profile is read, not locked);
 * call it first in the movement's database transaction. Ledger accounts are locked after it,
 * always in ascending id order, so no cycle of waits can form.
 */
export async function lockPayer(tx: AppDatabase, userId: string): Promise<LockedPayer> {
  const [row] = await tx
    .select({
      deletedAt: users.deletedAt,
      emailVerifiedAt: users.emailVerifiedAt,
      phoneVerifiedAt: profiles.phoneVerifiedAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .for('no key update', { of: users });
  if (!row || row.deletedAt !== null) throw new AppError('wallet_error');
  return { verified: isVerified(row) };
}

/** Whether the person is verified (isVerified of packages/shared): no daily limit then. */
export async function isVerifiedPerson(db: AppDatabase, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt, phoneVerifiedAt: profiles.phoneVerifiedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row !== undefined && isVerified(row);
}
