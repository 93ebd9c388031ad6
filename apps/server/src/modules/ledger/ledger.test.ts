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
import { createLedger, ensureAccounts, type Ledger } from './service.ts';

let database: Database;
let ledger: Ledger;

beforeAll(async () => {
  database = await openTestDatabase();
  ledger = createLedger(database.db);
});
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
  it('moves money between wallets and keeps the sum at zero', async () => {
    const alice = await wallet();
    const bob = await wallet();
    await ledger.postPending((await deposit(alice, 1_000)).id);

    const result = await ledger.transfer({
      legs: [
        {
          debitAccountId: alice.available,
          creditAccountId: bob.available,
          amountMinor: 300,
          currency: 'USD',
          code: 'tip',
        },
      ],
    });

    expect(result.applied).toBe(true);
    expect(result.transfers).toHaveLength(1);
    expect(result.transfers[0]).toMatchObject({ state: 'posted', amountMinor: 300, code: 'tip' });
    expect(await balanceOf(alice.available)).toBe(700);
    expect(await balanceOf(bob.available)).toBe(300);
    const bobBalances = await ledger.balances(bob.ownerId);
    expect(bobBalances.map((account) => [account.kind, account.balanceMinor])).toEqual([
      ['wallet_available', 300],
      ['wallet_pending', 0],
    ]);
    await expectSoundLedger();
  });

  it('finds or creates several accounts at once, in the order asked, and moves money under a chosen batch id', async () => {
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

    await ledger.postPending((await deposit(alice, 500)).id);
    const batchId = randomUUID();
    const result = await ledger.transfer({
      batchId,
      legs: [
        {
          debitAccountId: alice.available,
          creditAccountId: carolAvailable?.id ?? 0,
          amountMinor: 200,
          currency: 'USD',
          code: 'transfer',
        },
      ],
    });
    expect(result.batchId).toBe(batchId);
    expect(result.transfers[0]?.batchId).toBe(batchId);
    expect(await balanceOf(alice.available)).toBe(300);
    expect(await balanceOf(carolAvailable?.id ?? 0)).toBe(200);
    await expectSoundLedger();
  });

  it('refuses an overdraft and changes nothing', async () => {
    const alice = await wallet();
    const bob = await wallet();
    await ledger.postPending((await deposit(alice, 100)).id);
    const before = await ledger.reconcile();

    await expectAppError(
      ledger.transfer({
        legs: [
          {
            debitAccountId: alice.available,
            creditAccountId: bob.available,
            amountMinor: 101,
            currency: 'USD',
            code: 'tip',
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
      code: 'x',
    };
    await expectAppError(ledger.transfer({ legs: [{ ...leg, amountMinor: 0 }] }), 'bad_request');
    await expectAppError(ledger.transfer({ legs: [{ ...leg, amountMinor: 1.5 }] }), 'bad_request');
    await expectAppError(
      ledger.transfer({ legs: [{ ...leg, creditAccountId: alice.available, amountMinor: 1 }] }),
      'bad_request',
    );
    await expectAppError(
      ledger.transfer({ legs: [{ ...leg, creditAccountId: euro.available, amountMinor: 1 }] }),
      'bad_request',
    );
  });

  it('moves money once for a repeated idempotency key, and refuses the key with another body', async () => {
    const alice = await wallet();
    const bob = await wallet();
    await ledger.postPending((await deposit(alice, 1_000)).id);
    const legs = [
      {
        debitAccountId: alice.available,
        creditAccountId: bob.available,
        amountMinor: 250,
        currency: 'USD' as const,
        code: 'tip',
      },
    ];
    const key = randomUUID();

    const first = await ledger.transfer({ legs, idempotencyKey: key });
    const again = await ledger.transfer({ legs, idempotencyKey: key });

    expect(first.applied).toBe(true);
    expect(again.applied).toBe(false);
    expect(again.transfers.map((row) => row.id)).toEqual(first.transfers.map((row) => row.id));
    expect(await balanceOf(alice.available)).toBe(750);
    expect(await balanceOf(bob.available)).toBe(250);

    const otherLeg = legs.map((leg) => ({ ...leg, amountMinor: 251 }));
    await expectAppError(ledger.transfer({ legs: otherLeg, idempotencyKey: key }), 'idempotency_conflict');
    expect(await balanceOf(alice.available)).toBe(750);
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
  | { kind: 'deposit'; user: number; amount: number; currency: Currency; outcome: 'post' | 'void' | 'keep' }
  | { kind: 'transfer'; from: number; to: number; amount: number; currency: Currency }
  | { kind: 'withdraw'; user: number; amount: number; currency: Currency }
  | { kind: 'retry'; pick: number; changeAmount: boolean };

const currencyArb = fc.constantFrom<Currency>('USD', 'EUR');
const amountArb = fc.integer({ min: 1, max: 5_000 });
const userArb = fc.integer({ min: 0, max: 2 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    user: userArb,
    amount: amountArb,
    currency: currencyArb,
    outcome: fc.constantFrom('post' as const, 'void' as const, 'keep' as const),
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: userArb,
    to: userArb,
    amount: amountArb,
    currency: currencyArb,
  }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    user: userArb,
    amount: amountArb,
    currency: currencyArb,
  }),
  fc.record({ kind: fc.constant('retry' as const), pick: fc.nat(), changeAmount: fc.boolean() }),
);

describe('ledger properties', () => {
  it('keeps its invariants through random deposits, transfers, withdrawals and retries', async () => {
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
        const requests: { key: string; legs: Parameters<Ledger['transfer']>[0]['legs']; pending: boolean }[] =
          [];
        const runTag = randomUUID();
        let keyCount = 0;
        const nextKey = () => `${runTag}:${keyCount++}`;

        for (const step of steps) {
          if (step.kind === 'deposit') {
            const clearing = await system('processor_clearing', step.currency);
            const pendingAccount = await accountOf(step.user, 'wallet_pending', step.currency);
            const available = await accountOf(step.user, 'wallet_available', step.currency);
            const legs = [
              {
                debitAccountId: clearing.id,
                creditAccountId: pendingAccount,
                amountMinor: step.amount,
                currency: step.currency,
                code: 'deposit',
              },
            ];
            const key = nextKey();
            const result = await ledger.createPending({ legs, idempotencyKey: key });
            requests.push({ key, legs, pending: true });
            add(pendingAccount, step.amount);
            const [pending] = result.transfers;
            if (!pending) throw new Error('no pending transfer');
            if (step.outcome === 'post') {
              await ledger.postPending(pending.id);
              add(pendingAccount, -step.amount);
              add(available, step.amount);
            } else if (step.outcome === 'void') {
              await ledger.voidPending(pending.id);
              add(pendingAccount, -step.amount);
            }
          } else if (step.kind === 'transfer' || step.kind === 'withdraw') {
            const from = await accountOf(
              step.kind === 'transfer' ? step.from : step.user,
              'wallet_available',
              step.currency,
            );
            const to =
              step.kind === 'transfer'
                ? await accountOf(step.to, 'wallet_available', step.currency)
                : (await system('payouts', step.currency)).id;
            if (from === to) continue;
            const legs = [
              {
                debitAccountId: from,
                creditAccountId: to,
                amountMinor: step.amount,
                currency: step.currency,
                code: step.kind,
              },
            ];
            const key = nextKey();
            const enough = (model.get(from) ?? 0) >= step.amount;
            if (enough) {
              const result = await ledger.transfer({ legs, idempotencyKey: key });
              expect(result.applied).toBe(true);
              requests.push({ key, legs, pending: false });
              add(from, -step.amount);
              if (step.kind === 'transfer') add(to, step.amount);
            } else {
              await expectAppError(ledger.transfer({ legs, idempotencyKey: key }), 'insufficient_balance');
            }
          } else {
            const earlier = requests[step.pick % Math.max(requests.length, 1)];
            if (!earlier) continue;
            const move = earlier.pending ? ledger.createPending : ledger.transfer;
            if (step.changeAmount) {
              const legs = earlier.legs.map((leg) => ({ ...leg, amountMinor: leg.amountMinor + 1 }));
              await expectAppError(move({ legs, idempotencyKey: earlier.key }), 'idempotency_conflict');
            } else {
              const result = await move({ legs: earlier.legs, idempotencyKey: earlier.key });
              expect(result.applied).toBe(false);
            }
          }

          await expectSoundLedger();
          for (const [id, expected] of model) expect(await balanceOf(id), `account ${id}`).toBe(expected);
          const applied = await queryRows<{ batches: string | number }>(
            database.db,
            sql`SELECT COUNT(DISTINCT batch_id) AS batches FROM ledger_transfers WHERE idempotency_key LIKE ${`${runTag}:%`}`,
          );
          expect(Number(applied[0]?.batches)).toBe(requests.length);
        }
      }),
      { numRuns: 25 },
    );
  });
});
