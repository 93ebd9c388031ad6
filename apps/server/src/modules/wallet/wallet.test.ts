import { randomUUID } from 'node:crypto';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import type { WalletAnalyticsResponse, WalletBalance, WalletResponse } from '@ztart/shared/contracts/wallet';
import type { Currency } from '@ztart/shared/money';
import { toReferenceMinor } from '@ztart/shared/reference-rates';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../integrations/card-processor/sandbox.ts';
import { sandboxOperations } from '../../integrations/card-processor/tables.ts';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { auditLog } from '../activity/tables.ts';
import { idempotencyKeys } from '../idempotency/tables.ts';
import { reconcile } from '../ledger/service.ts';
import { ledgerAccounts, ledgerTransfers } from '../ledger/tables.ts';
import { notifications } from '../notifications/tables.ts';
import { transactions } from '../transactions/tables.ts';

const SETTLEMENT_DELAY_MS = 4_000;
const ROOMY_RATE_LIMITS = {
  signUpPerIp: { max: 1_000, windowSeconds: 3_600 },
  signInPerIp: { max: 1_000, windowSeconds: 900 },
};

describe('wallet: deposits, withdrawals and settlement', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({
      now: clock.now,
      config: { cardSettlementDelayMs: SETTLEMENT_DELAY_MS },
      rateLimits: ROOMY_RATE_LIMITS,
    });
  });
  afterAll(() => testApp.close());
  // Whatever a test did, no money was created or lost and every balance equals its transfers.
  afterEach(async () => {
    const { accounts, totals } = await reconcile(testApp.database.db);
    for (const total of Object.values(totals)) expect(total).toBe(0);
    for (const account of accounts) {
      expect(account.balanceMinor, `account ${account.accountId}`).toBe(account.transfersMinor);
      if (account.kind.startsWith('wallet_')) expect(account.balanceMinor).toBeGreaterThanOrEqual(0);
    }
  });

  const db = () => testApp.database.db;
  const call = (
    person: SignedInPerson,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    key?: string,
  ) =>
    testApp.app.inject(
      as(person, {
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: key === undefined ? {} : { 'idempotency-key': key },
      }),
    );
  const addMethod = async (person: SignedInPerson, body: object): Promise<string> => {
    const answer = await call(person, 'POST', '/api/payment-methods', body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().id;
  };
  const addCard = (person: SignedInPerson, number: string = SANDBOX_TEST_CARDS.succeeds) =>
    addMethod(person, {
      type: 'card',
      number,
      expMonth: 12,
      expYear: 2031,
      cvc: '123',
      cardholderName: 'Ada Lovelace',
      billingAddress: { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' },
    });
  const addBank = (person: SignedInPerson, account: object = { iban: 'GB82 WEST 1234 5698 7654 32' }) =>
    addMethod(person, { type: 'bank_account', holderName: 'Ada Lovelace', ...account });
  const deposit = (
    person: SignedInPerson,
    paymentMethodId: string,
    amountMinor: number,
    key: string | undefined = randomUUID(),
    currency: Currency = 'USD',
  ) => call(person, 'POST', '/api/wallet/deposits', { paymentMethodId, amountMinor, currency }, key);
  const withdraw = (
    person: SignedInPerson,
    paymentMethodId: string,
    amountMinor: number,
    key: string | undefined = randomUUID(),
  ) =>
    call(person, 'POST', '/api/wallet/withdrawals', { paymentMethodId, amountMinor, currency: 'USD' }, key);
  const usd = async (person: SignedInPerson): Promise<WalletBalance> => {
    const answer = await call(person, 'GET', '/api/wallet');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<WalletResponse>().balances.find((balance) => balance.currency === 'USD')!;
  };
  /** Lets the processor's delay pass, then runs a settlement round as the worker would. */
  const settle = () => {
    clock.advance({ seconds: SETTLEMENT_DELAY_MS / 1000 });
    return testApp.app.settlement.settleDue(clock.now());
  };
  const transactionOf = async (id: string) => {
    const [row] = await db().select().from(transactions).where(eq(transactions.id, id));
    return row!;
  };
  const notificationsOf = (person: SignedInPerson) =>
    db().select().from(notifications).where(eq(notifications.userId, person.userId));
  const ledgerMovesOf = async (person: SignedInPerson) => {
    const accounts = await db()
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.ownerId, person.userId));
    const ids = accounts.map((account) => account.id);
    if (ids.length === 0) return [];
    return db().select().from(ledgerTransfers).where(inArray(ledgerTransfers.creditAccountId, ids));
  };
  /** A person with `amountMinor` available, deposited by card and settled. */
  const fundedPerson = async (amountMinor: number) => {
    const person = await signUpAndSignIn(testApp.app);
    const card = await addCard(person);
    expect((await deposit(person, card, amountMinor)).statusCode).toBe(201);
    await settle();
    expect(await usd(person)).toMatchObject({ availableMinor: amountMinor, pendingMinor: 0 });
    return person;
  };

  describe('deposits', () => {
    it('are pending until the charge settles, then completed and available', async () => {
      const person = await signUpAndSignIn(testApp.app);
      const card = await addCard(person);

      const answer = await deposit(person, card, 2_500);

      expect(answer.statusCode, answer.body).toBe(201);
      const pending = answer.json<{ transaction: Transaction }>().transaction;
      expect(pending).toMatchObject({
        type: 'income',
        kind: 'deposit',
        status: 'pending',
        amountMinor: 2_500,
        currency: 'USD',
        description: 'Deposit from Visa ending in 4242',
        counterparty: null,
        paymentMethod: { id: card, type: 'card', brand: 'visa', last4: '4242' },
        failureCode: null,
        createdAt: clock.now().toISOString(),
        settledAt: null,
      });
      expect(await usd(person)).toEqual({
        currency: 'USD',
        availableMinor: 0,
        pendingMinor: 2_500,
        totalMinor: 2_500,
        inGoalsMinor: 0,
      });
      // Not before the processor's delay has passed.
      expect((await testApp.app.settlement.settleDue(clock.now())).settled).toEqual([]);

      const round = await settle();

      expect(round.settled).toHaveLength(1);
      expect(await usd(person)).toEqual({
        currency: 'USD',
        availableMinor: 2_500,
        pendingMinor: 0,
        totalMinor: 2_500,
        inGoalsMinor: 0,
      });
      expect(await transactionOf(pending.id)).toMatchObject({
        status: 'completed',
        settledAt: clock.now(),
        failureCode: null,
      });
      const [notification] = await notificationsOf(person);
      expect(notification).toMatchObject({
        type: 'transfer',
        event: 'deposit_completed',
        data: { amountMinor: 2_500, currency: 'USD', transactionId: pending.id, failureCode: null },
        readAt: null,
      });
      const audit = await db()
        .select({ action: auditLog.actionType })
        .from(auditLog)
        .where(and(eq(auditLog.userId, person.userId), eq(auditLog.resource, pending.id)));
      expect(audit.map((row) => row.action).sort()).toEqual(['deposit_completed', 'deposit_created']);

      // Settling again changes nothing: the operation was applied once.
      expect((await settle()).settled).toEqual([]);
      expect((await usd(person)).availableMinor).toBe(2_500);
      expect(await notificationsOf(person)).toHaveLength(1);
    });

    it('refused by a saved card (declined, insufficient funds) move nothing, keep a failed transaction, and a retry charges once', async () => {
      const person = await signUpAndSignIn(testApp.app);
      for (const [number, code] of [
        [SANDBOX_TEST_CARDS.declinedAfterVerification, 'card_declined'],
        [SANDBOX_TEST_CARDS.insufficientFundsAfterVerification, 'card_insufficient_funds'],
      ] as const) {
        const card = await addCard(person, number);
        const key = randomUUID();

        const first = await deposit(person, card, 1_000, key);
        const retry = await deposit(person, card, 1_000, key);

        expect(first.statusCode).toBe(402);
        expect(first.json().error.code).toBe(code);
        expect(retry.statusCode).toBe(402);
        expect(retry.json()).toEqual(first.json());
        expect(retry.headers['idempotent-replayed']).toBe('true');
        const rows = await db()
          .select()
          .from(transactions)
          .where(and(eq(transactions.userId, person.userId), eq(transactions.paymentMethodId, card)));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: 'failed', failureCode: code, pendingTransferId: null });
      }
      expect(await usd(person)).toMatchObject({ availableMinor: 0, pendingMinor: 0, totalMinor: 0 });
      expect(await ledgerMovesOf(person)).toEqual([]);
      expect((await settle()).settled).toEqual([]);
    });

    it('authorized but failed at settlement (4000 0000 0000 0341) end failed with nothing credited', async () => {
      const person = await signUpAndSignIn(testApp.app);
      const card = await addCard(person, SANDBOX_TEST_CARDS.failsAtSettlement);
      const answer = await deposit(person, card, 1_500);
      expect(answer.statusCode).toBe(201);
      const { id } = answer.json<{ transaction: Transaction }>().transaction;
      expect(await usd(person)).toMatchObject({ availableMinor: 0, pendingMinor: 1_500 });

      await settle();

      expect(await usd(person)).toMatchObject({ availableMinor: 0, pendingMinor: 0, totalMinor: 0 });
      expect(await transactionOf(id)).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
      expect((await notificationsOf(person))[0]).toMatchObject({
        event: 'deposit_failed',
        data: { transactionId: id, failureCode: 'card_declined' },
      });
    });

    it('answer a repeated key with the first answer and move the money once; the key with another body is refused', async () => {
      const person = await signUpAndSignIn(testApp.app);
      const card = await addCard(person);
      const key = randomUUID();

      const first = await deposit(person, card, 3_000, key);
      const again = await deposit(person, card, 3_000, key);
      const other = await deposit(person, card, 3_001, key);

      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(other.statusCode).toBe(409);
      expect(other.json().error.code).toBe('idempotency_conflict');
      const reference = (await transactionOf(first.json().transaction.id)).processorReference!;
      expect(
        await db().select().from(sandboxOperations).where(eq(sandboxOperations.id, reference)),
      ).toHaveLength(1);
      await settle();
      expect(await usd(person)).toMatchObject({ availableMinor: 3_000, pendingMinor: 0 });
      const rows = await db().select().from(transactions).where(eq(transactions.userId, person.userId));
      expect(rows).toHaveLength(1);
    });

    it('are settled all or nothing: a settlement that fails midway changes nothing and is tried again', async () => {
      const person = await signUpAndSignIn(testApp.app);
      const card = await addCard(person);
      const stuck = (await deposit(person, card, 400)).json<{ transaction: Transaction }>().transaction;
      const fine = (await deposit(person, card, 600)).json<{ transaction: Transaction }>().transaction;
      const stuckRow = await transactionOf(stuck.id);
      // Something that makes posting fail after the operation was picked (as a crash would midway).
      const breakPosting = (state: 'voided' | 'pending') =>
        db()
          .update(ledgerTransfers)
          .set({ state })
          .where(eq(ledgerTransfers.id, stuckRow.pendingTransferId!));
      await breakPosting('voided');

      const round = await settle();

      expect(round).toEqual({
        settled: [(await transactionOf(fine.id)).processorReference],
        failed: [stuckRow.processorReference],
      });
      expect(await transactionOf(stuck.id)).toMatchObject({ status: 'pending', settledAt: null });
      const [operation] = await db()
        .select()
        .from(sandboxOperations)
        .where(eq(sandboxOperations.id, stuckRow.processorReference!));
      expect(operation?.settledAt).toBeNull();
      expect(await usd(person)).toMatchObject({ availableMinor: 600, pendingMinor: 400 });
      expect((await notificationsOf(person)).map((row) => row.event)).toEqual(['deposit_completed']);

      await breakPosting('pending');
      expect((await settle()).settled).toEqual([stuckRow.processorReference]);
      expect(await usd(person)).toMatchObject({ availableMinor: 1_000, pendingMinor: 0 });
      expect(await notificationsOf(person)).toHaveLength(2);
    });

    it('answers two requests with one key at the same moment once', async () => {
      const person = await signUpAndSignIn(testApp.app);
      const card = await addCard(person);
      const key = randomUUID();

      const answers = await Promise.all([deposit(person, card, 700, key), deposit(person, card, 700, key)]);

      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
      expect(answers[0]!.json()).toEqual(answers[1]!.json());
      await settle();
      expect((await usd(person)).availableMinor).toBe(700);
    });

    it("take only the person's own cards: a bank account is unsuitable, someone else's card not found", async () => {
      const person = await signUpAndSignIn(testApp.app);
      const stranger = await signUpAndSignIn(testApp.app);
      const bank = await addBank(person);
      const strangersCard = await addCard(stranger);

      const unsuitable = await deposit(person, bank, 1_000);
      const notFound = await deposit(person, strangersCard, 1_000);
      const tooMuch = await deposit(person, await addCard(person), 1_000_001);

      expect([unsuitable.statusCode, unsuitable.json().error.code]).toEqual([
        422,
        'payment_method_unsuitable',
      ]);
      expect([notFound.statusCode, notFound.json().error.code]).toEqual([404, 'payment_method_not_found']);
      expect([tooMuch.statusCode, tooMuch.json().error.code]).toEqual([422, 'limit_exceeded']);
      expect(await db().select().from(transactions).where(eq(transactions.userId, person.userId))).toEqual(
        [],
      );
      expect(await ledgerMovesOf(person)).toEqual([]);
      const unsigned = await testApp.app.inject({
        method: 'POST',
        url: '/api/wallet/deposits',
        payload: { paymentMethodId: bank, amountMinor: 100, currency: 'USD' },
      });
      expect(unsigned.statusCode).toBe(401);
    });
  });

  describe('withdrawals', () => {
    it('hold the money at once, then complete when the payout is paid', async () => {
      const person = await fundedPerson(10_000);
      const bank = await addBank(person, { accountNumber: '000123456789', routingNumber: '110000000' });

      const answer = await withdraw(person, bank, 4_000);

      expect(answer.statusCode, answer.body).toBe(201);
      const transaction = answer.json<{ transaction: Transaction }>().transaction;
      expect(transaction).toMatchObject({
        type: 'expense',
        kind: 'withdrawal',
        status: 'pending',
        amountMinor: 4_000,
        description: 'Withdrawal to bank account ending in 6789',
        paymentMethod: { id: bank, type: 'bank_account', brand: null, last4: '6789' },
      });
      expect(await usd(person)).toEqual({
        currency: 'USD',
        availableMinor: 6_000,
        pendingMinor: 0,
        totalMinor: 6_000,
        inGoalsMinor: 0,
      });

      await settle();

      expect(await usd(person)).toMatchObject({ availableMinor: 6_000, totalMinor: 6_000 });
      expect(await transactionOf(transaction.id)).toMatchObject({ status: 'completed', failureCode: null });
      expect((await notificationsOf(person)).map((row) => row.event)).toContain('withdrawal_completed');
    });

    it('to the failing test accounts are returned: the transaction fails and the hold comes back', async () => {
      const person = await fundedPerson(10_000);
      const us = await addBank(person, { accountNumber: '000111111116', routingNumber: '110000000' });
      const iban = await addBank(person, { iban: 'DE89 3704 0044 0532 0130 00' });

      const ids: string[] = [];
      for (const bank of [us, iban]) {
        const answer = await withdraw(person, bank, 3_000);
        expect(answer.statusCode, answer.body).toBe(201);
        ids.push(answer.json().transaction.id);
      }
      expect((await usd(person)).availableMinor).toBe(4_000);

      await settle();

      expect(await usd(person)).toMatchObject({ availableMinor: 10_000, totalMinor: 10_000 });
      for (const id of ids) {
        expect(await transactionOf(id)).toMatchObject({ status: 'failed', failureCode: 'transfer_failed' });
      }
      const events = (await notificationsOf(person)).map((row) => row.event);
      expect(events.filter((event) => event === 'withdrawal_failed')).toHaveLength(2);
    });

    it('above the balance are refused with insufficient_balance and leave no trace', async () => {
      const person = await fundedPerson(1_000);
      const bank = await addBank(person);
      const card = (await db().select().from(transactions).where(eq(transactions.userId, person.userId)))[0]!
        .paymentMethodId!;

      const tooMuch = await withdraw(person, bank, 1_001);
      const toCard = await withdraw(person, card, 100);
      const overDailyLimit = await withdraw(person, bank, 50_001);

      expect([tooMuch.statusCode, tooMuch.json().error.code]).toEqual([422, 'insufficient_balance']);
      expect([toCard.statusCode, toCard.json().error.code]).toEqual([422, 'payment_method_unsuitable']);
      expect(overDailyLimit.json().error).toMatchObject({
        code: 'limit_exceeded',
        details: { limit: 'daily' },
      });
      expect(await usd(person)).toMatchObject({ availableMinor: 1_000, pendingMinor: 0 });
      const kinds = (
        await db().select().from(transactions).where(eq(transactions.userId, person.userId))
      ).map((row) => row.kind);
      expect(kinds).toEqual(['deposit']);
    });

    it('count every currency together against an unverified person’s daily limit, at the reference rates', async () => {
      const person = await signUpAndSignIn(testApp.app);
      const card = await addCard(person);
      expect((await deposit(person, card, 30_000)).statusCode).toBe(201);
      expect((await deposit(person, card, 50_000, randomUUID(), 'EUR')).statusCode).toBe(201);
      await settle();
      const bank = await addBank(person);
      const inEuros = await call(
        person,
        'POST',
        '/api/wallet/withdrawals',
        { paymentMethodId: bank, amountMinor: 40_000, currency: 'EUR' },
        randomUUID(),
      );
      expect(inEuros.statusCode, inEuros.body).toBe(201);

      const inDollars = await withdraw(person, bank, 20_000);

      const leftMinor = 50_000 - toReferenceMinor(40_000, 'EUR');
      expect(inDollars.statusCode).toBe(422);
      expect(inDollars.json().error).toMatchObject({
        code: 'limit_exceeded',
        details: { limit: 'daily', limitMinor: 50_000, remainingMinor: leftMinor },
      });
      expect((await usd(person)).availableMinor).toBe(30_000);
      const { limits } = (await call(person, 'GET', '/api/wallet')).json<WalletResponse>();
      expect(limits.sentLast24hReferenceMinor).toBe(toReferenceMinor(40_000, 'EUR'));
      expect((await withdraw(person, bank, leftMinor)).statusCode).toBe(201);
    });

    it('move the money once for a repeated key', async () => {
      const person = await fundedPerson(5_000);
      const bank = await addBank(person);
      const key = randomUUID();

      const first = await withdraw(person, bank, 2_000, key);
      const again = await withdraw(person, bank, 2_000, key);

      expect(again.json()).toEqual(first.json());
      expect((await usd(person)).availableMinor).toBe(3_000);
      expect((await withdraw(person, bank, 2_500, key)).json().error.code).toBe('idempotency_conflict');
    });
  });

  describe('reads', () => {
    it('show a balance in every currency and the limits that apply', async () => {
      const person = await signUpAndSignIn(testApp.app);

      const answer = await call(person, 'GET', '/api/wallet');

      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        balances: ['USD', 'EUR', 'BRL', 'MXN'].map((currency) => ({
          currency,
          availableMinor: 0,
          pendingMinor: 0,
          totalMinor: 0,
          inGoalsMinor: 0,
        })),
        limits: expect.objectContaining({
          minMinor: 1,
          transferMaxMinor: 1_000_000,
          noPinMaxMinor: 5_000,
          pinSet: false,
          verified: false,
          dailyLimitMinor: 50_000,
        }),
      });
      expect((await testApp.app.inject({ method: 'GET', url: '/api/wallet' })).statusCode).toBe(401);
    });

    it('sum completed income and expense per UTC day, leaving out pending and failed ones', async () => {
      const person = await fundedPerson(8_000);
      const bank = await addBank(person);
      expect((await withdraw(person, bank, 1_500)).statusCode).toBe(201);
      await settle();
      const card = await addCard(person);
      expect((await deposit(person, card, 999)).statusCode).toBe(201);
      const refused = await addCard(person, SANDBOX_TEST_CARDS.declinedAfterVerification);
      expect((await deposit(person, refused, 444)).statusCode).toBe(402);
      expect((await deposit(person, card, 200, undefined, 'EUR')).statusCode).toBe(201);

      const answer = await call(person, 'GET', '/api/wallet/analytics?currency=USD&days=7');

      expect(answer.statusCode, answer.body).toBe(200);
      const analytics = answer.json<WalletAnalyticsResponse>();
      expect(analytics.days).toHaveLength(7);
      expect(analytics.days.at(-1)).toEqual({
        date: clock.now().toISOString().slice(0, 10),
        incomeMinor: 8_000,
        expenseMinor: 1_500,
      });
      expect(analytics.days[0]!.date).toBe(
        new Date(clock.now().getTime() - 6 * 86_400_000).toISOString().slice(0, 10),
      );
      expect(analytics).toMatchObject({ currency: 'USD', incomeMinor: 8_000, expenseMinor: 1_500 });
      const tooShort = await call(person, 'GET', '/api/wallet/analytics?days=3');
      expect(tooShort.statusCode).toBe(400);
    });
  });

  // Last in this describe: it moves the shared clock a day ahead.
  it('forgets idempotency keys after 24 hours, in the hourly housekeeping', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const card = await addCard(person);
    const key = randomUUID();
    expect((await deposit(person, card, 700, key)).statusCode).toBe(201);
    const keyRows = () => db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    await settle();
    expect(await keyRows()).toHaveLength(1);

    clock.advance({ hours: 23 });
    await testApp.app.housekeeping.runOnce(clock.now());
    expect(await keyRows()).toHaveLength(1);

    clock.advance({ hours: 2 });
    await testApp.app.housekeeping.runOnce(clock.now());
    expect(await keyRows()).toEqual([]);
  });
});

describe('settlement worker', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ config: { cardSettlementDelayMs: 50, settlementPollMs: 20 } });
  });
  afterAll(() => testApp.close());

  it('settles deposits by itself once the app is ready, and stops when it closes', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const card = await testApp.app.inject(
      as(person, {
        method: 'POST',
        url: '/api/payment-methods',
        payload: {
          type: 'card',
          number: SANDBOX_TEST_CARDS.succeeds,
          expMonth: 12,
          expYear: 2099,
          cvc: '123',
          cardholderName: 'Ada',
          billingAddress: { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' },
        },
      }),
    );
    const answer = await testApp.app.inject(
      as(person, {
        method: 'POST',
        url: '/api/wallet/deposits',
        payload: { paymentMethodId: card.json().id, amountMinor: 1_234, currency: 'USD' },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    expect(answer.json().transaction.status).toBe('pending');

    let available = 0;
    for (let attempt = 0; attempt < 100 && available === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const wallet = await testApp.app.inject(as(person, { method: 'GET', url: '/api/wallet' }));
      available = wallet.json<WalletResponse>().balances[0]!.availableMinor;
    }

    expect(available).toBe(1_234);
  });
});
