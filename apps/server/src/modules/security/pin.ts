import type { PinStatusResponse } from '@ztart/shared/contracts/security';
import { PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS, PIN_UNLOCK_MINUTES } from '@ztart/shared/contracts/security';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { addMinutes } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../activity/service.ts';
import { hashSecret, verifySecret } from '../auth/secrets.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { clearPinUnlockOf, setPinUnlockedUntil } from '../auth/sessions.ts';
import { userPins } from './tables.ts';

function isAfter(date: Date | null | undefined, now: Date): date is Date {
  return date != null && date.getTime() > now.getTime();
}

export async function pinStatus(db: AppDatabase, signedIn: SignedIn, now: Date): Promise<PinStatusResponse> {
  const [pin] = await db.select().from(userPins).where(eq(userPins.userId, signedIn.user.id)).limit(1);
  const unlockedUntil = pin ? signedIn.session.pinUnlockedUntil : null;
  return {
    pinSet: pin !== undefined,
    unlockedUntil: isAfter(unlockedUntil, now) ? unlockedUntil.toISOString() : null,
    lockedUntil: isAfter(pin?.lockedUntil, now) ? pin.lockedUntil.toISOString() : null,
  };
}

/** Whether this session entered the PIN within PIN_UNLOCK_MINUTES (for sections and payments that ask for it). */
export function isPinUnlocked(signedIn: SignedIn, now: Date): boolean {
  return isAfter(signedIn.session.pinUnlockedUntil, now);
}

async function unlock(context: AppContext, signedIn: SignedIn, now: Date): Promise<void> {
  const until = addMinutes(now, PIN_UNLOCK_MINUTES);
  await setPinUnlockedUntil(context.db, signedIn.session.id, until);
  signedIn.session.pinUnlockedUntil = until;
}

export async function createPin(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  pin: string,
) {
  const now = context.now();
  const created = await context.db
    .insert(userPins)
    .values({ userId: signedIn.user.id, pinHash: await hashSecret(pin), updatedAt: now })
    .onConflictDoNothing()
    .returning({ userId: userPins.userId });
  if (created.length === 0) throw new AppError('pin_already_set');
  await unlock(context, signedIn, now);
  await recordAudit(context.db, request, { userId: signedIn.user.id, actionType: 'pin_created' });
  return pinStatus(context.db, signedIn, now);
}

type PinCheck =
  | { status: 'right' }
  | { status: 'not_set' }
  | { status: 'locked'; lockedUntil: Date; lockedNow: boolean }
  | { status: 'wrong'; attemptsLeft: number };

/**
 * Checks a PIN against the person's, counting wrong entries: the PIN_MAX_ATTEMPTS-th locks it
 * for PIN_LOCK_MINUTES. The row is locked while checking so that parallel guesses all count.
 * Throws `pin_not_set` (409), `pin_locked` (423) or `pin_invalid` (403, with attemptsLeft).
 */
async function assertPin(
  context: AppContext,
  request: FastifyRequest,
  userId: string,
  pin: string,
  now: Date,
) {
  const check = await context.db.transaction(async (tx): Promise<PinCheck> => {
    const [row] = await tx.select().from(userPins).where(eq(userPins.userId, userId)).for('update');
    if (!row) return { status: 'not_set' };
    if (isAfter(row.lockedUntil, now))
      return { status: 'locked', lockedUntil: row.lockedUntil, lockedNow: false };
    if (await verifySecret(row.pinHash, pin)) {
      if (row.failedAttempts > 0 || row.lockedUntil) {
        await tx
          .update(userPins)
          .set({ failedAttempts: 0, lockedUntil: null })
          .where(eq(userPins.userId, userId));
      }
      return { status: 'right' };
    }
    const failedAttempts = row.failedAttempts + 1;
    if (failedAttempts >= PIN_MAX_ATTEMPTS) {
      const lockedUntil = addMinutes(now, PIN_LOCK_MINUTES);
      await tx.update(userPins).set({ failedAttempts: 0, lockedUntil }).where(eq(userPins.userId, userId));
      return { status: 'locked', lockedUntil, lockedNow: true };
    }
    await tx.update(userPins).set({ failedAttempts, lockedUntil: null }).where(eq(userPins.userId, userId));
    return { status: 'wrong', attemptsLeft: PIN_MAX_ATTEMPTS - failedAttempts };
  });

  switch (check.status) {
    case 'right':
      return;
    case 'not_set':
      throw new AppError('pin_not_set');
    case 'wrong':
      throw new AppError('pin_invalid', { details: { attemptsLeft: check.attemptsLeft } });
    case 'locked': {
      if (check.lockedNow) {
        await clearPinUnlockOf(context.db, userId);
        await recordAudit(context.db, request, { userId, actionType: 'pin_locked' });
      }
      const retryAfterSeconds = Math.ceil((check.lockedUntil.getTime() - now.getTime()) / 1000);
      throw new AppError('pin_locked', {
        details: { lockedUntil: check.lockedUntil.toISOString(), retryAfterSeconds },
      });
    }
  }
}

export async function verifyPin(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  pin: string,
) {
  const now = context.now();
  await assertPin(context, request, signedIn.user.id, pin, now);
  await unlock(context, signedIn, now);
  return pinStatus(context.db, signedIn, now);
}

export async function changePin(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  change: { currentPin: string; pin: string },
) {
  const now = context.now();
  await assertPin(context, request, signedIn.user.id, change.currentPin, now);
  await context.db
    .update(userPins)
    .set({ pinHash: await hashSecret(change.pin), updatedAt: now })
    .where(eq(userPins.userId, signedIn.user.id));
  await unlock(context, signedIn, now);
  await recordAudit(context.db, request, { userId: signedIn.user.id, actionType: 'pin_changed' });
  return pinStatus(context.db, signedIn, now);
}

export async function removePin(
  context: AppContext,
  request: FastifyRequest,
  signedIn: SignedIn,
  pin: string,
) {
  const now = context.now();
  await assertPin(context, request, signedIn.user.id, pin, now);
  await removePinOf(context.db, signedIn.user.id);
  signedIn.session.pinUnlockedUntil = null;
  await recordAudit(context.db, request, { userId: signedIn.user.id, actionType: 'pin_removed' });
  return pinStatus(context.db, signedIn, now);
}

/** Removes the PIN and every session's unlock (also account deletion's part). */
export async function removePinOf(db: AppDatabase, userId: string): Promise<void> {
  await db.delete(userPins).where(eq(userPins.userId, userId));
  await clearPinUnlockOf(db, userId);
}
