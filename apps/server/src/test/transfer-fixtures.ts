import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Currency } from '@ztart/shared/money';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import type { AppDatabase } from '../db/client.ts';
import { users } from '../modules/auth/tables.ts';
import { creditPendingFromCard } from '../modules/ledger/movements.ts';
import { balances, postPending, reconcile } from '../modules/ledger/service.ts';
import { setVerifiedPhone } from '../modules/profiles/service.ts';
import { profiles } from '../modules/profiles/tables.ts';
import { as, type SignedInPerson, signUpAndSignIn } from './accounts.ts';

/** Enough sign-ups for a whole test file: each person signs up from their own address anyway. */
export const ROOMY_RATE_LIMITS = {
  signUpPerIp: { max: 1_000, windowSeconds: 3_600 },
  signInPerIp: { max: 1_000, windowSeconds: 900 },
};

export interface Person extends SignedInPerson {
  ztartag: string;
  fullName: string | null;
  phone: string | null;
}

export const uniqueZtartag = (prefix = 'p') => `${prefix}_${randomBytes(5).toString('hex')}`;
export const uniquePhone = () => `+1555${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

/**
 * A signed-in person with a tag, a name, and (when `phoneVerified`) a verified phone, which with
 * the verified email makes them "verified": no daily limit.
 */
export async function createPerson(
  app: App,
  db: AppDatabase,
  options: { fullName?: string | null; phoneVerified?: boolean; ztartag?: string } = {},
): Promise<Person> {
  const ztartag = options.ztartag ?? uniqueZtartag();
  const signedIn = await signUpAndSignIn(app, { ztartag });
  const fullName = options.fullName === undefined ? `Person ${ztartag}` : options.fullName;
  if (fullName !== null) await db.update(profiles).set({ fullName }).where(eq(profiles.id, signedIn.userId));
  const phone = options.phoneVerified ? uniquePhone() : null;
  if (phone) await setVerifiedPhone(db, signedIn.userId, phone, new Date());
  return { ...signedIn, ztartag, fullName, phone };
}

/** Puts money in a wallet straight through the ledger, as a settled card deposit does. */
export async function fund(db: AppDatabase, userId: string, amountMinor: number, currency: Currency = 'USD') {
  await db.transaction(async (tx) => {
    const { pendingTransferId } = await creditPendingFromCard(tx, {
      ownerId: userId,
      amountMinor,
      currency,
      code: 'deposit',
    });
    await postPending(tx, pendingTransferId);
  });
}

export async function availableOf(db: AppDatabase, userId: string, currency: Currency = 'USD') {
  const account = (await balances(db, userId)).find(
    (row) => row.kind === 'wallet_available' && row.currency === currency,
  );
  return account?.balanceMinor ?? 0;
}

/** The ledger is sound: every balance equals its transfers and every currency sums to zero. */
export async function expectLedgerSound(db: AppDatabase) {
  const { accounts, totals } = await reconcile(db);
  for (const account of accounts) expect(account.balanceMinor).toBe(account.transfersMinor);
  for (const total of Object.values(totals)) expect(total).toBe(0);
}

/**
 * The first step of deleting an account, held open: the person is marked deleted in a transaction
 * that keeps their row locked until `commit()` (what a deletion does while it checks the money).
 */
export async function holdDeletion(db: AppDatabase, userId: string) {
  let marked!: () => void;
  const markedDeleted = new Promise<void>((resolve) => {
    marked = resolve;
  });
  let commit!: () => void;
  const committed = new Promise<void>((resolve) => {
    commit = resolve;
  });
  const done = db.transaction(async (tx) => {
    await tx.update(users).set({ deletedAt: new Date() }).where(eq(users.id, userId));
    marked();
    await committed;
  });
  await markedDeleted;
  return { commit, done };
}

/** Whether `answer` is still waiting after half a second: it waits on a lock. */
export async function stillWaiting(answer: Promise<unknown>): Promise<boolean> {
  let settled = false;
  answer.finally(() => {
    settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  return !settled;
}

export function postTransfer(
  app: App,
  person: SignedInPerson,
  payload: { recipient: string; amountMinor: number; currency?: Currency; note?: string },
  options: { key?: string | null; headers?: InjectOptions['headers'] } = {},
) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return app.inject(
    as(person, {
      method: 'POST',
      url: '/api/transfers',
      payload: { currency: 'USD', ...payload },
      headers: { ...(key === null ? {} : { 'idempotency-key': key }), ...options.headers },
    }),
  );
}
