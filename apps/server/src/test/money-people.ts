import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Currency } from '@ztart/shared/money';
import { eq } from 'drizzle-orm';
import type { AppDatabase, Database } from '../db/client.ts';
import { migrateDatabase } from '../migrations/migrate.ts';
import { createSession } from '../modules/auth/sessions.ts';
import { users } from '../modules/auth/tables.ts';
import { creditPendingFromCard } from '../modules/ledger/movements.ts';
import { ensureAccount, postPending } from '../modules/ledger/service.ts';
import type { LedgerTransferCode } from '../modules/ledger/tables.ts';
import { createProfileWithDefaultRole } from '../modules/profiles/service.ts';
import { profiles } from '../modules/profiles/tables.ts';
import { recordTransaction } from '../modules/transactions/record.ts';

/**
 * People written straight into a database with the server's own modules, for tests and benchmarks
 * that start the real server process: sign-up is rate limited per address and hashes a password
 * per person, which would dominate a run of hundreds of people. Each gets a session, verified
 * email and phone (so no daily limit applies) and a funded wallet.
 */
export interface FundedPerson {
  userId: string;
  ztartag: string;
  /** The session cookie's token. */
  sessionToken: string;
  /** Any value works for the double-submit CSRF check, as long as cookie and header match. */
  csrfToken: string;
  fundedMinor: number;
}

export interface FundOptions {
  count: number;
  /** 0: an empty wallet (deposits fill it). */
  fundMinor: number;
  currency: Currency;
  now?: Date;
  /** Ztartags are `<prefix><n>` (3 to 20 characters in all). */
  tagPrefix?: string;
}

/** The ledger code of the funding: what a settled card deposit would have moved. */
export const FUNDING_CODE = 'deposit' satisfies LedgerTransferCode;

export async function createFundedPeople(db: AppDatabase, options: FundOptions): Promise<FundedPerson[]> {
  const now = options.now ?? new Date();
  const prefix = options.tagPrefix ?? `p${randomBytes(3).toString('hex')}_`;
  const people: FundedPerson[] = [];
  for (let n = 0; n < options.count; n++) {
    const ztartag = `${prefix}${n}`;
    people.push(
      await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ email: `${ztartag}@example.com`.toLowerCase(), emailVerifiedAt: now, createdAt: now })
          .returning({ id: users.id });
        const userId = user!.id;
        await createProfileWithDefaultRole(tx, { userId, ztartag, language: 'en' });
        await tx
          .update(profiles)
          .set({
            fullName: `Person ${n}`,
            phone: `+1555${String(randomInt(10_000_000)).padStart(7, '0')}`,
            phoneVerifiedAt: now,
          })
          .where(eq(profiles.id, userId));
        const { token } = await createSession(tx, { userId, userAgent: 'money-people', now });
        await ensureAccount(tx, { ownerId: userId, kind: 'wallet_pending', currency: options.currency });
        await ensureAccount(tx, { ownerId: userId, kind: 'wallet_available', currency: options.currency });
        const person = {
          userId,
          ztartag,
          sessionToken: token,
          csrfToken: randomBytes(16).toString('hex'),
          fundedMinor: options.fundMinor,
        };
        if (options.fundMinor === 0) return person;
        // A card deposit that has settled: authorized into the pending wallet, then posted.
        const funded = await creditPendingFromCard(tx, {
          ownerId: userId,
          amountMinor: options.fundMinor,
          currency: options.currency,
          code: FUNDING_CODE,
        });
        await postPending(tx, funded.pendingTransferId);
        await recordTransaction(tx, {
          userId,
          type: 'income',
          kind: 'deposit',
          status: 'completed',
          amountMinor: options.fundMinor,
          currency: options.currency,
          description: 'Deposit',
          groupId: randomUUID(),
          ledgerBatchId: funded.batchId,
          createdAt: now,
          settledAt: now,
        });
        return person;
      }),
    );
  }
  return people;
}

/** Migrates a database that no server has opened yet, fills it with funded people, and closes it. */
export async function prepareDatabase(database: Database, options: FundOptions): Promise<FundedPerson[]> {
  try {
    await migrateDatabase(database);
    return await createFundedPeople(database.db, options);
  } finally {
    await database.close();
  }
}

/** Cookie and header of a person's requests, as their browser would send them. */
export function sessionHeaders(
  person: Pick<FundedPerson, 'sessionToken' | 'csrfToken'>,
): Record<string, string> {
  return {
    cookie: `session=${person.sessionToken}; csrf_token=${person.csrfToken}`,
    'x-csrf-token': person.csrfToken,
  };
}
