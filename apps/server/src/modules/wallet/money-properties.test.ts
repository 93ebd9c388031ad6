import { randomBytes, randomUUID } from 'node:crypto';
import type { GoalListResponse } from '@ztart/shared/contracts/goals';
import type { PortfolioResponse } from '@ztart/shared/contracts/investments';
import type { WalletResponse } from '@ztart/shared/contracts/wallet';
import { AMOUNT_LIMITS } from '@ztart/shared/limits';
import {
  costReleased,
  instrumentOf,
  marketDateOf,
  priceOn,
  quantityBought,
  quantitySold,
  worthAt,
} from '@ztart/shared/market';
import { CURRENCIES, type Currency } from '@ztart/shared/money';
import { and, inArray, isNull, or } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_FAILING_PAYOUT_ACCOUNTS,
  SANDBOX_TEST_CARDS,
} from '../../integrations/card-processor/sandbox.ts';
import { as, uniqueIp } from '../../test/accounts.ts';
import { createFundedPeople, type FundedPerson } from '../../test/money-people.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { TEST_DATABASE_URL } from '../../test/test-database.ts';
import { ROOMY_TIP_RATE_LIMITS, testCard } from '../../test/tip-fixtures.ts';
import { reconcile } from '../ledger/service.ts';
import { ledgerAccounts, ledgerTransfers } from '../ledger/tables.ts';

/**
 * Random sequences of what people do with money, through the HTTP API: card deposits (settled,
 * failing at settlement, declined, refused for funds), settlement rounds, transfers (some that must
 * be refused), tips from the wallet and by card (settled like deposits, into the receiver's wallet),
 * withdrawals (paid or returned), money into and out of savings goals (some more than there is),
 * investment orders (buys and sales on the simulated market, some above the wallet or the holding),
 * invoices paid from a wallet or by card (settled like deposits, into the issuer's wallet) and retries with an earlier Idempotency-Key. After
 * every step the ledger balances, no wallet is below zero, no key moved money twice, and each
 * person's `GET /api/wallet` and `GET /api/goals` say what a simple model of their money says; after
 * each investment order the investment account holds what the model's positions cost.
 */

const SETTLEMENT_DELAY_MS = 1_000;
const NUM_RUNS = TEST_DATABASE_URL ? 8 : 25;
const MAX_STEPS = 15;
const PEOPLE = 3;
const MODEL_CURRENCIES = ['USD', 'EUR'] as const satisfies readonly Currency[];
/** One more than AMOUNT_LIMITS.transferMaxMinor. */
const OVER_TRANSFER_MAX_MINOR = 1_000_001;

/** A card that succeeds, is refused (declined, for funds) or fails at settlement. */
type CardKind = 'succeeds' | 'declined' | 'insufficientFunds' | 'failsAtSettlement';
type Step =
  | { kind: 'deposit'; user: number; card: CardKind; amount: number; currency: Currency }
  | { kind: 'settle' }
  | {
      kind: 'transfer';
      from: number;
      to: number;
      amount: number;
      currency: Currency;
      unknownRecipient: boolean;
    }
  | { kind: 'withdraw'; user: number; returned: boolean; amount: number; currency: Currency }
  | {
      kind: 'tip';
      from: number;
      to: number;
      /** The wallet, or one of the test cards. */
      source: 'wallet' | CardKind;
      amount: number;
      currency: Currency;
    }
  | { kind: 'goal'; user: number; direction: 'deposits' | 'withdrawals'; amount: number; currency: Currency }
  | { kind: 'invest'; user: number; side: 'buy' | 'sell'; symbol: 'ZTIX' | 'GRNE'; amount: number }
  | {
      kind: 'invoice';
      issuer: number;
      payer: number;
      source: 'wallet' | CardKind;
      amount: number;
      currency: Currency;
    }
  | { kind: 'retry'; pick: number; changeAmount: boolean };

const userArb = fc.integer({ min: 0, max: PEOPLE - 1 });
const currencyArb = fc.constantFrom<Currency>(...MODEL_CURRENCIES);
const amountArb = fc.integer({ min: 1, max: 20_000 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      user: userArb,
      card: fc.constantFrom<CardKind>(
        'succeeds',
        'succeeds',
        'declined',
        'insufficientFunds',
        'failsAtSettlement',
      ),
      amount: amountArb,
      currency: currencyArb,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('settle' as const) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      from: userArb,
      to: userArb,
      amount: fc.oneof(
        { weight: 9, arbitrary: amountArb },
        { weight: 1, arbitrary: fc.constant(OVER_TRANSFER_MAX_MINOR) },
      ),
      currency: currencyArb,
      unknownRecipient: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      user: userArb,
      returned: fc.boolean(),
      amount: amountArb,
      currency: currencyArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('tip' as const),
      from: userArb,
      to: userArb,
      source: fc.constantFrom<'wallet' | CardKind>(
        'wallet',
        'wallet',
        'succeeds',
        'declined',
        'insufficientFunds',
        'failsAtSettlement',
      ),
      // Some under the quick-tip minimum, some above its maximum (card tips stop there; verified
      // senders may tip from the wallet up to the transfer maximum), a few above that.
      amount: fc.oneof(
        { weight: 9, arbitrary: amountArb },
        { weight: 1, arbitrary: fc.constant(OVER_TRANSFER_MAX_MINOR) },
      ),
      currency: currencyArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('goal' as const),
      user: userArb,
      direction: fc.constantFrom<'deposits' | 'withdrawals'>('deposits', 'withdrawals'),
      amount: fc.oneof(
        { weight: 9, arbitrary: amountArb },
        { weight: 1, arbitrary: fc.constant(OVER_TRANSFER_MAX_MINOR) },
      ),
      currency: currencyArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('invest' as const),
      user: userArb,
      side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
      // One instrument in each currency of the model.
      symbol: fc.constantFrom<'ZTIX' | 'GRNE'>('ZTIX', 'GRNE'),
      amount: amountArb,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('invoice' as const),
      issuer: userArb,
      payer: userArb,
      source: fc.constantFrom<'wallet' | CardKind>(
        'wallet',
        'succeeds',
        'declined',
        'insufficientFunds',
        'failsAtSettlement',
      ),
      amount: amountArb,
      currency: currencyArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('retry' as const), pick: fc.nat(), changeAmount: fc.boolean() }),
  },
);

/** What a person holds of an instrument, as the model sees it. */
interface Holding {
  quantityMicro: number;
  costMinor: number;
}

/** Each person's one goal per currency of the model: reached now and then, which changes nothing for the money. */
const GOAL_TARGET_MINOR = 30_000;

interface Person extends FundedPerson {
  ip: string;
  cards: Record<CardKind, string>;
  bankPaid: string;
  bankReturned: string;
  goals: Record<(typeof MODEL_CURRENCIES)[number], string>;
}

/** A request whose answer the server kept with its key: a retry must get it again. */
interface StoredRequest {
  person: Person;
  url: string;
  key: string;
  body: { amountMinor: number } & Record<string, unknown>;
  statusCode: number;
  answer: unknown;
}

interface Balance {
  available: number;
  pending: number;
  /** In the person's goal of that currency. */
  saved: number;
}

/** What the processor will settle: a deposit (into pending) or a withdrawal (already held). */
interface Unsettled {
  person: number;
  currency: Currency;
  amount: number;
  kind: 'deposit' | 'withdrawal';
  succeeds: boolean;
}

let testApp: TestApp;
const clock = createTestClock(new Date('2026-06-01T12:00:00Z'));

beforeAll(async () => {
  testApp = await buildTestApp({
    now: clock.now,
    config: { cardSettlementDelayMs: SETTLEMENT_DELAY_MS },
    rateLimits: {
      ...ROOMY_TIP_RATE_LIMITS,
      invoiceCardPayPerIp: { max: 100_000, windowSeconds: 600 },
      invoiceCardPayPerCard: { max: 100_000, windowSeconds: 3_600 },
    },
  });
});
afterAll(() => testApp.close());

function call(person: Person, method: 'GET' | 'POST', url: string, payload?: object, key?: string) {
  return testApp.app.inject(
    as(person, {
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: key === undefined ? {} : { 'idempotency-key': key },
    }),
  );
}

async function addMethod(person: Person, body: object): Promise<string> {
  const answer = await call(person, 'POST', '/api/payment-methods', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ id: string }>().id;
}

/** Three people with each test card and a bank account that is paid and one whose payouts come back. */
async function newPeople(): Promise<Person[]> {
  const funded = await createFundedPeople(testApp.database.db, {
    count: PEOPLE,
    fundMinor: 0,
    currency: 'USD',
    now: clock.now(),
    tagPrefix: `m${randomBytes(4).toString('hex')}_`,
  });
  return Promise.all(
    funded.map(async (base) => {
      const person = { ...base, ip: uniqueIp() } as Person;
      const card = (number: string) =>
        addMethod(person, {
          type: 'card',
          number,
          expMonth: 12,
          expYear: 2035,
          cvc: '123',
          cardholderName: 'Ada Lovelace',
          billingAddress: { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' },
        });
      person.cards = {
        succeeds: await card(SANDBOX_TEST_CARDS.succeeds),
        // A saved card passed its zero-amount check; these are refused at charge, later.
        declined: await card(SANDBOX_TEST_CARDS.declinedAfterVerification),
        insufficientFunds: await card(SANDBOX_TEST_CARDS.insufficientFundsAfterVerification),
        failsAtSettlement: await card(SANDBOX_TEST_CARDS.failsAtSettlement),
      };
      person.bankPaid = await addMethod(person, {
        type: 'bank_account',
        holderName: 'Ada Lovelace',
        iban: 'GB82 WEST 1234 5698 7654 32',
      });
      person.bankReturned = await addMethod(person, {
        type: 'bank_account',
        holderName: 'Ada Lovelace',
        iban: SANDBOX_FAILING_PAYOUT_ACCOUNTS.iban,
      });
      const goal = async (currency: Currency) => {
        const answer = await call(person, 'POST', '/api/goals', {
          name: `Savings ${currency}`,
          targetMinor: GOAL_TARGET_MINOR,
          currency,
        });
        expect(answer.statusCode, answer.body).toBe(201);
        return answer.json<{ id: string }>().id;
      };
      person.goals = { USD: await goal('USD'), EUR: await goal('EUR') };
      return person;
    }),
  );
}

/** Sum zero per currency, every balance equal to its transfers, no wallet below zero. */
async function expectSoundLedger(): Promise<void> {
  const { accounts, totals } = await reconcile(testApp.database.db);
  for (const [currency, total] of Object.entries(totals)) expect(total, `${currency} total`).toBe(0);
  for (const account of accounts) {
    expect(account.balanceMinor, `account ${account.accountId}`).toBe(account.transfersMinor);
    if (
      account.kind.startsWith('wallet_') ||
      account.kind === 'goal_savings' ||
      account.kind === 'investment'
    )
      expect(account.balanceMinor).toBeGreaterThanOrEqual(0);
  }
}

/**
 * Money moves only when a request is first accepted (settlement then posts or voids what it
 * started): the ledger transfers that start a movement for these people are exactly as many as
 * the keys answered 201.
 */
async function expectOneMovementPerKey(people: Person[], acceptedKeys: number): Promise<void> {
  const { db } = testApp.database;
  const accounts = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.ownerId,
        people.map((person) => person.userId),
      ),
    );
  const ids = accounts.map((account) => account.id);
  const started =
    ids.length === 0
      ? []
      : await db
          .select({ id: ledgerTransfers.id })
          .from(ledgerTransfers)
          .where(
            and(
              isNull(ledgerTransfers.pendingId),
              or(inArray(ledgerTransfers.debitAccountId, ids), inArray(ledgerTransfers.creditAccountId, ids)),
            ),
          );
  expect(started).toHaveLength(acceptedKeys);
}

async function expectWallets(people: Person[], model: Map<string, Balance>): Promise<void> {
  for (const [index, person] of people.entries()) {
    const answer = await call(person, 'GET', '/api/wallet');
    expect(answer.statusCode, answer.body).toBe(200);
    const balances = answer.json<WalletResponse>().balances;
    for (const currency of CURRENCIES) {
      const expected = model.get(`${index}/${currency}`) ?? { available: 0, pending: 0, saved: 0 };
      expect(
        balances.find((balance) => balance.currency === currency),
        `person ${index} ${currency}`,
      ).toEqual({
        currency,
        availableMinor: expected.available,
        pendingMinor: expected.pending,
        totalMinor: expected.available + expected.pending,
        inGoalsMinor: expected.saved,
      });
    }
    const goals = await call(person, 'GET', '/api/goals');
    expect(goals.statusCode, goals.body).toBe(200);
    const saved = Object.fromEntries(
      goals.json<GoalListResponse>().items.map((goal) => [goal.currency, goal.savedMinor]),
    );
    expect(saved, `person ${index} goals`).toEqual(
      Object.fromEntries(
        MODEL_CURRENCIES.map((currency) => [currency, model.get(`${index}/${currency}`)?.saved ?? 0]),
      ),
    );
  }
}

describe('money through the API', () => {
  it('keeps every invariant through random deposits, settlements, transfers, tips, withdrawals, goal moves, investment orders, invoice payments and retries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: MAX_STEPS }), async (steps) => {
        const people = await newPeople();
        const model = new Map<string, Balance>();
        const balance = (person: number, currency: Currency) => {
          const key = `${person}/${currency}`;
          if (!model.has(key)) model.set(key, { available: 0, pending: 0, saved: 0 });
          return model.get(key)!;
        };
        const holdings = new Map<string, Holding>();
        const holding = (person: number, symbol: string) => {
          const key = `${person}/${symbol}`;
          if (!holdings.has(key)) holdings.set(key, { quantityMicro: 0, costMinor: 0 });
          return holdings.get(key)!;
        };
        const unsettled: Unsettled[] = [];
        const stored: StoredRequest[] = [];
        let acceptedKeys = 0;

        /** Sends a money-moving POST with a new key and keeps it for retries when the server keeps its answer. */
        const post = async (person: Person, url: string, body: StoredRequest['body']) => {
          const key = randomUUID();
          const answer = await call(person, 'POST', url, body, key);
          const json = answer.json();
          return {
            statusCode: answer.statusCode,
            json,
            keep: () => stored.push({ person, url, key, body, statusCode: answer.statusCode, answer: json }),
          };
        };

        for (const step of steps) {
          if (step.kind === 'deposit') {
            const person = people[step.user]!;
            const answer = await post(person, '/api/wallet/deposits', {
              paymentMethodId: person.cards[step.card],
              amountMinor: step.amount,
              currency: step.currency,
            });
            answer.keep();
            if (step.card === 'declined' || step.card === 'insufficientFunds') {
              // Refused by the card's bank: kept as the answer, nothing moves.
              expect(answer.statusCode).toBe(402);
              expect(answer.json.error.code).toBe(
                step.card === 'declined' ? 'card_declined' : 'card_insufficient_funds',
              );
            } else {
              expect(answer.statusCode, JSON.stringify(answer.json)).toBe(201);
              expect(answer.json.transaction).toMatchObject({ kind: 'deposit', status: 'pending' });
              acceptedKeys++;
              balance(step.user, step.currency).pending += step.amount;
              unsettled.push({
                person: step.user,
                currency: step.currency,
                amount: step.amount,
                kind: 'deposit',
                succeeds: step.card === 'succeeds',
              });
            }
          } else if (step.kind === 'settle') {
            clock.advance({ seconds: SETTLEMENT_DELAY_MS / 1000 });
            for (;;) {
              const round = await testApp.app.settlement.settleDue(clock.now());
              expect(round.failed).toEqual([]);
              if (round.settled.length === 0) break;
            }
            for (const operation of unsettled.splice(0)) {
              const wallet = balance(operation.person, operation.currency);
              if (operation.kind === 'deposit') {
                wallet.pending -= operation.amount;
                if (operation.succeeds) wallet.available += operation.amount;
              } else if (!operation.succeeds) {
                wallet.available += operation.amount; // a returned payout gives the hold back
              }
            }
          } else if (step.kind === 'transfer') {
            const sender = people[step.from]!;
            const recipient = step.unknownRecipient
              ? `@nobody_${randomBytes(4).toString('hex')}`
              : `@${people[step.to]!.ztartag}`;
            const answer = await post(sender, '/api/transfers', {
              recipient,
              amountMinor: step.amount,
              currency: step.currency,
            });
            const from = balance(step.from, step.currency);
            if (step.unknownRecipient) {
              expect(answer.statusCode).toBe(404);
              expect(answer.json.error.code).toBe('recipient_user_not_found');
            } else if (step.from === step.to) {
              expect(answer.statusCode).toBe(400);
              expect(answer.json.error.code).toBe('recipient_is_self');
            } else if (step.amount > 1_000_000) {
              expect(answer.statusCode).toBe(422);
              expect(answer.json.error.code).toBe('limit_exceeded');
            } else if (step.amount > from.available) {
              expect(answer.statusCode).toBe(422);
              expect(answer.json.error.code).toBe('insufficient_balance');
            } else {
              expect(answer.statusCode, JSON.stringify(answer.json)).toBe(201);
              expect(answer.json.transaction).toMatchObject({ kind: 'transfer_out', status: 'completed' });
              answer.keep();
              acceptedKeys++;
              from.available -= step.amount;
              balance(step.to, step.currency).available += step.amount;
            }
          } else if (step.kind === 'tip') {
            const sender = people[step.from]!;
            const receiver = balance(step.to, step.currency);
            const card = step.source === 'wallet' ? null : step.source;
            const byCard = card !== null;
            const answer = await post(sender, '/api/tips', {
              receiver: people[step.to]!.ztartag,
              amountMinor: step.amount,
              currency: step.currency,
              ...(card ? { source: 'card', card: testCard(SANDBOX_TEST_CARDS[card]) } : { source: 'wallet' }),
            });
            const from = balance(step.from, step.currency);
            const maxMinor = byCard ? AMOUNT_LIMITS.quickTipMaxMinor : AMOUNT_LIMITS.transferMaxMinor;
            if (step.from === step.to) {
              expect(answer.statusCode).toBe(400);
              expect(answer.json.error.code).toBe('recipient_is_self');
            } else if (step.amount < AMOUNT_LIMITS.quickTipMinMinor || step.amount > maxMinor) {
              expect(answer.statusCode).toBe(422);
              expect(answer.json.error.code).toBe('limit_exceeded');
            } else if (step.source === 'declined' || step.source === 'insufficientFunds') {
              // Refused by the card's bank: kept as the answer, nothing moves.
              expect(answer.statusCode).toBe(402);
              answer.keep();
            } else if (!byCard && step.amount > from.available) {
              expect(answer.statusCode).toBe(422);
              expect(answer.json.error.code).toBe('insufficient_balance');
            } else if (!byCard) {
              expect(answer.statusCode, JSON.stringify(answer.json)).toBe(201);
              expect(answer.json.tip).toMatchObject({ source: 'wallet', status: 'completed' });
              answer.keep();
              acceptedKeys++;
              from.available -= step.amount;
              receiver.available += step.amount;
            } else {
              // Pending in the receiver's wallet until the charge settles, like a deposit.
              expect(answer.statusCode, JSON.stringify(answer.json)).toBe(201);
              expect(answer.json.tip).toMatchObject({ source: 'card', status: 'pending' });
              answer.keep();
              acceptedKeys++;
              receiver.pending += step.amount;
              unsettled.push({
                person: step.to,
                currency: step.currency,
                amount: step.amount,
                kind: 'deposit',
                succeeds: step.source === 'succeeds',
              });
            }
          } else if (step.kind === 'withdraw') {
            const person = people[step.user]!;
            const answer = await post(person, '/api/wallet/withdrawals', {
              paymentMethodId: step.returned ? person.bankReturned : person.bankPaid,
              amountMinor: step.amount,
              currency: step.currency,
            });
            const wallet = balance(step.user, step.currency);
            if (step.amount > wallet.available) {
              expect(answer.statusCode).toBe(422);
              expect(answer.json.error.code).toBe('insufficient_balance');
            } else {
              expect(answer.statusCode, JSON.stringify(answer.json)).toBe(201);
              expect(answer.json.transaction).toMatchObject({ kind: 'withdrawal', status: 'pending' });
              answer.keep();
              acceptedKeys++;
              wallet.available -= step.amount;
              unsettled.push({
                person: step.user,
                currency: step.currency,
                amount: step.amount,
                kind: 'withdrawal',
                succeeds: !step.returned,
              });
            }
          } else if (step.kind === 'invoice') {
            // An invoice of one line for the amount, sent, then paid by another person (or, refused, by its issuer).
            const issuer = people[step.issuer]!;
            const created = await call(issuer, 'POST', '/api/invoices', {
              customerName: 'A customer',
              customerEmail: 'customer@example.com',
              currency: step.currency,
              dueDate: '2026-12-31',
              lines: [{ description: 'Work', quantity: 1, unitPriceMinor: step.amount }],
            });
            expect(created.statusCode, created.body).toBe(201);
            const { id } = created.json<{ id: string }>();
            const sent = await call(issuer, 'POST', `/api/invoices/${id}/send`);
            expect(sent.statusCode, sent.body).toBe(200);
            const code = sent.json<{ payUrl: string }>().payUrl.split('/i/')[1];
            const card = step.source === 'wallet' ? null : step.source;
            const answer = await call(
              people[step.payer]!,
              'POST',
              `/api/public/invoices/${code}/payments`,
              card ? { card: testCard(SANDBOX_TEST_CARDS[card]) } : { source: 'wallet' },
              randomUUID(),
            );
            const from = balance(step.payer, step.currency);
            const to = balance(step.issuer, step.currency);
            if (step.payer === step.issuer) {
              expect(answer.statusCode).toBe(400);
              expect(answer.json().error.code).toBe('recipient_is_self');
            } else if (card === 'declined' || card === 'insufficientFunds') {
              expect(answer.statusCode).toBe(402);
            } else if (!card && step.amount > from.available) {
              expect(answer.statusCode).toBe(422);
              expect(answer.json().error.code).toBe('insufficient_balance');
            } else {
              expect(answer.statusCode, answer.body).toBe(201);
              acceptedKeys++;
              if (card) {
                // Pending in the issuer's wallet until the charge settles, like a deposit.
                to.pending += step.amount;
                unsettled.push({
                  person: step.issuer,
                  currency: step.currency,
                  amount: step.amount,
                  kind: 'deposit',
                  succeeds: card === 'succeeds',
                });
              } else {
                from.available -= step.amount;
                to.available += step.amount;
              }
            }
          } else if (step.kind === 'goal') {
            const person = people[step.user]!;
            const money = balance(step.user, step.currency);
            const answer = await post(
              person,
              `/api/goals/${person.goals[step.currency as 'USD' | 'EUR']}/${step.direction}`,
              {
                amountMinor: step.amount,
              },
            );
            const into = step.direction === 'deposits';
            if (step.amount > AMOUNT_LIMITS.transferMaxMinor) {
              expect(answer.statusCode).toBe(422);
              expect(answer.json.error.code).toBe('limit_exceeded');
            } else if (into && step.amount > money.available) {
              expect(answer.statusCode).toBe(422);
              expect(answer.json.error.code).toBe('insufficient_balance');
            } else if (!into && step.amount > money.saved) {
              expect(answer.statusCode).toBe(422);
              expect(answer.json.error.code).toBe('goal_savings_insufficient');
            } else {
              expect(answer.statusCode, JSON.stringify(answer.json)).toBe(201);
              expect(answer.json.transaction).toMatchObject({
                type: 'internal',
                kind: into ? 'goal_deposit' : 'goal_withdrawal',
              });
              answer.keep();
              acceptedKeys++;
              money.available += into ? -step.amount : step.amount;
              money.saved += into ? step.amount : -step.amount;
              expect(answer.json.savedMinor).toBe(money.saved);
            }
          } else if (step.kind === 'invest') {
            const person = people[step.user]!;
            const instrument = instrumentOf(step.symbol)!;
            const price = priceOn(instrument, marketDateOf(clock.now()));
            const wallet = balance(step.user, instrument.currency);
            const held = holding(step.user, step.symbol);
            const answer = await post(person, '/api/investments/orders', {
              symbol: step.symbol,
              side: step.side,
              amountMinor: step.amount,
            });
            if (step.side === 'buy' && step.amount > wallet.available) {
              expect(answer.statusCode).toBe(422);
              expect(answer.json.error.code).toBe('insufficient_balance');
            } else if (step.side === 'buy') {
              expect(answer.statusCode, JSON.stringify(answer.json)).toBe(201);
              answer.keep();
              acceptedKeys++;
              wallet.available -= step.amount;
              held.quantityMicro += quantityBought(step.amount, price);
              held.costMinor += step.amount;
            } else if (quantitySold(step.amount, price) > held.quantityMicro) {
              expect(answer.statusCode).toBe(422);
              expect(answer.json.error.code).toBe('insufficient_holdings');
            } else {
              expect(answer.statusCode, JSON.stringify(answer.json)).toBe(201);
              answer.keep();
              let sold = quantitySold(step.amount, price);
              // Less than one minor unit's worth would be left: the whole holding goes.
              if (worthAt(held.quantityMicro - sold, price) < 1) sold = held.quantityMicro;
              const cost = costReleased(held.costMinor, held.quantityMicro, sold);
              expect(answer.json.order).toMatchObject({ quantityMicro: sold, costMinor: cost });
              // A sale moves the money back, plus the market's side of any gain or loss.
              acceptedKeys += cost === step.amount ? 1 : 2;
              wallet.available += step.amount;
              held.quantityMicro -= sold;
              held.costMinor -= cost;
            }
            // The investment account holds exactly what the positions cost.
            const portfolio = await call(person, 'GET', '/api/investments/portfolio');
            const total = portfolio
              .json<PortfolioResponse>()
              .totals.find((t) => t.currency === instrument.currency);
            const modelCost = [...holdings]
              .filter(([key]) => key.startsWith(`${step.user}/`))
              .filter(([key]) => instrumentOf(key.split('/')[1]!)!.currency === instrument.currency)
              .reduce((sum, [, h]) => sum + h.costMinor, 0);
            expect(total?.accountMinor ?? 0).toBe(modelCost);
            expect(total?.costMinor ?? 0).toBe(modelCost);
          } else {
            const earlier = stored[step.pick % Math.max(stored.length, 1)];
            if (!earlier) continue;
            const body = step.changeAmount
              ? { ...earlier.body, amountMinor: earlier.body.amountMinor + 1 }
              : earlier.body;
            const answer = await call(earlier.person, 'POST', earlier.url, body, earlier.key);
            if (step.changeAmount) {
              expect(answer.statusCode).toBe(409);
              expect(answer.json().error.code).toBe('idempotency_conflict');
            } else {
              // The first answer again (even after settlement changed the transaction), nothing moved.
              expect(answer.statusCode).toBe(earlier.statusCode);
              expect(answer.json()).toEqual(earlier.answer);
            }
          }

          await expectSoundLedger();
          await expectOneMovementPerKey(people, acceptedKeys);
          await expectWallets(people, model);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  }, 240_000);
});
