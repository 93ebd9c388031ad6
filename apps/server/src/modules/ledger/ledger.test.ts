import { randomUUID } from 'node:crypto';
import type { Currency } from '@ztart/shared/money';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { AppError } from '../../http/errors.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { users } from '../auth/tables.ts';
import {
  balances,
  createPending,
  ensureAccount,
  ensureAccounts,
  postPending,
  reconcile,
  type TransferLeg,
  voidPending,
} from './service.ts';
import { LEDGER_TRANSFER_CODES } from './tables.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

/** The ledger's functions on this file's database. */
const ledger = {
  ensureAccount: (key: Parameters<typeof ensureAccount>[1]) => ensureAccount(database.db, key),
  createPending: (input: { legs: TransferLeg[] }) => createPending(database.db, input),
  postPending: (pendingId: string) => postPending(database.db, pendingId),
  voidPending: (pendingId: string) => voidPending(database.db, pendingId),
  balances: (ownerId: string) => balances(database.db, ownerId),
  reconcile: () => reconcile(database.db),
};
afterAll(() => database.close());

async function newUser(): Promise<string> {
  const [user] = await database.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com` })
    .returning();
  if (!user) throw new Error('no user');
  return user.id;
}

async function wallet(currency: Currency = 'USD') {
  const ownerId = await newUser();
  const available = await ledger.ensureAccount({ ownerId, kind: 'wallet_available', currency });
  const pending = await ledger.ensureAccount({ ownerId, kind: 'wallet_pending', currency });
  return { ownerId, available: available.id, pending: pending.id };
}

const system = (kind: 'processor_clearing' | 'payouts', currency: Currency = 'USD') =>
  ledger.ensureAccount({ ownerId: null, kind, currency });

async function balanceOf(accountId: number): Promise<number> {
  const { accounts } = await ledger.reconcile();
  return accounts.find((account) => account.accountId === accountId)?.balanceMinor ?? Number.NaN;
}

/** Sum zero per currency, every balance equal to its transfers, no wallet below zero. */
async function expectSoundLedger(): Promise<void> {
  const { accounts, totals } = await ledger.reconcile();
  for (const total of Object.values(totals)) expect(total).toBe(0);
  for (const account of accounts) {
    expect(account.balanceMinor, `account ${account.accountId}`).toBe(account.transfersMinor);
    if (account.kind.startsWith('wallet_')) expect(account.balanceMinor).toBeGreaterThanOrEqual(0);
  }
}

async function deposit(to: { pending: number }, amountMinor: number, currency: Currency = 'USD') {
  const clearing = await system('processor_clearing', currency);
  const result = await ledger.createPending({
    legs: [
      { debitAccountId: clearing.id, creditAccountId: to.pending, amountMinor, currency, code: 'deposit' },
    ],
  });
  const [pending] = result.transfers;
  if (!pending) throw new Error('no pending transfer');
  return pending;
}

async function expectAppError(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

describe('ledger', () => {
  it('finds or creates several accounts at once, in the order asked', async () => {
    const alice = await wallet();
    const carol = await newUser();
    const [aliceAvailable, carolAvailable, clearing] = await ensureAccounts(database.db, [
      { ownerId: alice.ownerId, kind: 'wallet_available', currency: 'USD' },
      { ownerId: carol, kind: 'wallet_available', currency: 'USD' },
      { ownerId: null, kind: 'processor_clearing', currency: 'USD' },
    ]);
    expect(aliceAvailable?.id).toBe(alice.available);
    expect(carolAvailable).toMatchObject({ ownerId: carol, kind: 'wallet_available', allowNegative: false });
    expect(clearing).toMatchObject({ ownerId: null, kind: 'processor_clearing', allowNegative: true });
    const again = await ensureAccounts(database.db, [
      { ownerId: carol, kind: 'wallet_available', currency: 'USD' },
      { ownerId: alice.ownerId, kind: 'wallet_available', currency: 'USD' },
    ]);
    expect(again.map((account) => account.id)).toEqual([carolAvailable?.id, alice.available]);
    await expectAppError(
      ensureAccounts(database.db, [{ ownerId: null, kind: 'wallet_available', currency: 'USD' }]),
      'bad_request',
    );
  });

  it('refuses an overdraft and changes nothing', async () => {
    const alice = await wallet();
    const payouts = await system('payouts');
    await ledger.postPending((await deposit(alice, 100)).id);
    const before = await ledger.reconcile();

    await expectAppError(
      ledger.createPending({
        legs: [
          {
            debitAccountId: alice.available,
            creditAccountId: payouts.id,
            amountMinor: 101,
            currency: 'USD',
            code: 'withdrawal',
          },
        ],
      }),
      'insufficient_balance',
    );

    expect(await ledger.reconcile()).toEqual(before);
  });

  it('refuses broken legs', async () => {
    const alice = await wallet();
    const euro = await wallet('EUR');
    const leg = {
      debitAccountId: alice.available,
      creditAccountId: alice.pending,
      currency: 'USD' as const,
      code: 'deposit' as const,
    };
    await expectAppError(ledger.createPending({ legs: [{ ...leg, amountMinor: 0 }] }), 'bad_request');
    await expectAppError(ledger.createPending({ legs: [{ ...leg, amountMinor: 1.5 }] }), 'bad_request');
    await expectAppError(
      ledger.createPending({ legs: [{ ...leg, creditAccountId: alice.available, amountMinor: 1 }] }),
      'bad_request',
    );
    await expectAppError(
      ledger.createPending({ legs: [{ ...leg, creditAccountId: euro.available, amountMinor: 1 }] }),
      'bad_request',
    );
  });

  it('writes only the transfer codes of its one list, which its CHECK constraint holds', async () => {
    const [constraint] = await queryRows<{ definition: string }>(
      database.db,
      sql`SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
          WHERE conname = 'ledger_transfers_code_known' AND conrelid = 'ledger_transfers'::regclass`,
    );
    const allowed = [...(constraint?.definition ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(allowed.sort()).toEqual([...LEDGER_TRANSFER_CODES].sort());

    const alice = await wallet();
    const clearing = await system('processor_clearing');
    const insertWithCode = (code: string) =>
      database.db.execute(sql`
        INSERT INTO ledger_transfers (batch_id, debit_account_id, credit_account_id, amount_minor, currency, code, state)
        VALUES (${randomUUID()}, ${clearing.id}, ${alice.pending}, 1, 'USD', ${code}, 'voided')`);
    await expect(insertWithCode('test_funding')).rejects.toThrow();
    await expectSoundLedger();
  });

  it('posts a pending deposit into the available balance', async () => {
    const alice = await wallet();
    const pending = await deposit(alice, 500);
    expect(pending.state).toBe('pending');
    expect(await balanceOf(alice.pending)).toBe(500);
    expect(await balanceOf(alice.available)).toBe(0);

    const posted = await ledger.postPending(pending.id);

    expect(posted).toMatchObject({
      pendingId: pending.id,
      state: 'posted',
      debitAccountId: alice.pending,
      creditAccountId: alice.available,
    });
    expect(await balanceOf(alice.pending)).toBe(0);
    expect(await balanceOf(alice.available)).toBe(500);
    await expectAppError(ledger.postPending(pending.id), 'conflict');
    await expectAppError(ledger.voidPending(pending.id), 'conflict');
    await expectSoundLedger();
  });

  it('voids a pending deposit with a reversing transfer', async () => {
    const alice = await wallet();
    const clearing = await system('processor_clearing');
    const clearingBefore = clearing.balanceMinor;
    const pending = await deposit(alice, 400);

    const reversal = await ledger.voidPending(pending.id);

    expect(reversal).toMatchObject({
      pendingId: pending.id,
      state: 'voided',
      debitAccountId: alice.pending,
      creditAccountId: clearing.id,
    });
    expect(await balanceOf(alice.pending)).toBe(0);
    expect(await balanceOf(alice.available)).toBe(0);
    expect(await balanceOf(clearing.id)).toBe(clearingBefore);
    await expectAppError(ledger.postPending(pending.id), 'conflict');
    await expectSoundLedger();
  });

  it('holds money for a withdrawal: posting keeps it at payouts, voiding gives it back', async () => {
    const alice = await wallet();
    const payouts = await system('payouts');
    const payoutsBefore = payouts.balanceMinor;
    await ledger.postPending((await deposit(alice, 1_000)).id);
    const hold = (amountMinor: number) =>
      ledger.createPending({
        legs: [
          {
            debitAccountId: alice.available,
            creditAccountId: payouts.id,
            amountMinor,
            currency: 'USD',
            code: 'withdrawal',
          },
        ],
      });

    const paid = (await hold(600)).transfers[0]!;
    expect(await balanceOf(alice.available)).toBe(400);
    await expectAppError(hold(401), 'insufficient_balance');

    const posted = await ledger.postPending(paid.id);
    expect(posted).toMatchObject({ id: paid.id, state: 'posted', pendingId: null });
    expect(await balanceOf(alice.available)).toBe(400);
    expect(await balanceOf(payouts.id)).toBe(payoutsBefore + 600);
    await expectAppError(ledger.voidPending(paid.id), 'conflict');

    const returned = (await hold(400)).transfers[0]!;
    expect(await balanceOf(alice.available)).toBe(0);
    await ledger.voidPending(returned.id);
    expect(await balanceOf(alice.available)).toBe(400);
    expect(await balanceOf(payouts.id)).toBe(payoutsBefore + 600);
    await expectAppError(ledger.postPending(returned.id), 'conflict');
    await expectSoundLedger();
  });
});

type Step =
  | { kind: 'deposit'; user: number; amount: number; currency: Currency; outcome: Outcome }
  | { kind: 'withdraw'; user: number; amount: number; currency: Currency; outcome: Outcome };
type Outcome = 'post' | 'void' | 'keep';

const currencyArb = fc.constantFrom<Currency>('USD', 'EUR');
const amountArb = fc.integer({ min: 1, max: 5_000 });
const userArb = fc.integer({ min: 0, max: 2 });
const outcomeArb = fc.constantFrom<Outcome>('post', 'void', 'keep');
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    user: userArb,
    amount: amountArb,
    currency: currencyArb,
    outcome: outcomeArb,
  }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    user: userArb,
    amount: amountArb,
    currency: currencyArb,
    outcome: outcomeArb,
  }),
);

/**
 * The two-phase movements of the ledger's own functions (card deposits, withdrawal holds); money
 * between wallets moves through the ledger movement, whose properties money-properties.test.ts
 * checks through the API.
 */
describe('ledger properties', () => {
  it('keeps its invariants through random deposits and withdrawals, posted, voided or left pending', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 30 }), async (steps) => {
        const people = await Promise.all([0, 1, 2].map(() => newUser()));
        const accountOf = async (
          user: number,
          kind: 'wallet_available' | 'wallet_pending',
          currency: Currency,
        ) => (await ledger.ensureAccount({ ownerId: people[user] ?? null, kind, currency })).id;
        /** What each of this run's wallet accounts should hold. */
        const model = new Map<number, number>();
        const add = (id: number, delta: number) => model.set(id, (model.get(id) ?? 0) + delta);

        for (const step of steps) {
          const available = await accountOf(step.user, 'wallet_available', step.currency);
          if (step.kind === 'deposit') {
            const clearing = await system('processor_clearing', step.currency);
            const pendingAccount = await accountOf(step.user, 'wallet_pending', step.currency);
            const legs = [
              {
                debitAccountId: clearing.id,
                creditAccountId: pendingAccount,
                amountMinor: step.amount,
                currency: step.currency,
                code: 'deposit' as const,
              },
            ];
            const [pending] = (await ledger.createPending({ legs })).transfers;
            if (!pending) throw new Error('no pending transfer');
            add(pendingAccount, step.amount);
            if (step.outcome === 'post') {
              await ledger.postPending(pending.id);
              add(pendingAccount, -step.amount);
              add(available, step.amount);
            } else if (step.outcome === 'void') {
              await ledger.voidPending(pending.id);
              add(pendingAccount, -step.amount);
            }
          } else {
            const payouts = await system('payouts', step.currency);
            const legs = [
              {
                debitAccountId: available,
                creditAccountId: payouts.id,
                amountMinor: step.amount,
                currency: step.currency,
                code: 'withdrawal' as const,
              },
            ];
            if ((model.get(available) ?? 0) < step.amount) {
              await expectAppError(ledger.createPending({ legs }), 'insufficient_balance');
            } else {
              const [hold] = (await ledger.createPending({ legs })).transfers;
              if (!hold) throw new Error('no hold');
              add(available, -step.amount);
              if (step.outcome === 'post') await ledger.postPending(hold.id);
              if (step.outcome === 'void') {
                await ledger.voidPending(hold.id);
                add(available, step.amount);
              }
            }
          }

          await expectSoundLedger();
          for (const [id, expected] of model) expect(await balanceOf(id), `account ${id}`).toBe(expected);
        }
      }),
      { numRuns: 25 },
    );
  });
});
