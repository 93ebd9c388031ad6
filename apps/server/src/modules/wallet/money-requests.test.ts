import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/client.ts';
import type { CardProcessor, ChargeRequest } from '../../integrations/card-processor/processor.ts';
import { sandboxOperations } from '../../integrations/card-processor/tables.ts';
import { as, type SignedInPerson } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { ledgerTransferCount, postTip, ROOMY_TIP_RATE_LIMITS, testCard } from '../../test/tip-fixtures.ts';
import {
  availableOf,
  createPerson,
  expectLedgerSound,
  fund,
  type Person,
  postTransfer,
} from '../../test/transfer-fixtures.ts';
import { idempotencyKeys } from '../idempotency/tables.ts';
import { transactions } from '../transactions/tables.ts';

/**
 * A card processor outside our database, as a real one is: what it charged stays charged when our
 * transaction rolls back. It keeps its own books of charges by reference (a real processor's
 * idempotency), and can lose the answer to the next charge after making it — a timeout on the
 * way back — so that the server cannot know whether the card was charged.
 */
class OutsideProcessor implements CardProcessor {
  readonly name = 'outside';
  /** The processor's own books: reference → the first answer, never rolled back. */
  readonly charged = new Map<string, { reference: string; status: 'authorized' }>();
  /** Every reference the server charged with, in order. */
  readonly asked: string[] = [];
  loseNextAnswer = false;

  constructor(private readonly sandbox: CardProcessor) {}

  tokenize: CardProcessor['tokenize'] = (db, card, now, options) =>
    this.sandbox.tokenize(db, card, now, options);
  verify: CardProcessor['verify'] = (db, token, now) => this.sandbox.verify(db, token, now);

  async charge(db: AppDatabase, request: ChargeRequest, now: Date) {
    this.asked.push(request.reference);
    // The sandbox keeps its records in our transaction (for settlement): it is asked every time.
    const answer = this.charged.get(request.reference) ?? (await this.sandbox.charge(db, request, now));
    if (this.charged.has(request.reference)) await this.sandbox.charge(db, request, now);
    this.charged.set(request.reference, answer);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    }
    return answer;
  }

  payout: CardProcessor['payout'] = (db, request, now) => this.sandbox.payout(db, request, now);
  nextDue: CardProcessor['nextDue'] = (db, now, excluding) => this.sandbox.nextDue(db, now, excluding);
  markSettled: CardProcessor['markSettled'] = (db, reference, now) =>
    this.sandbox.markSettled(db, reference, now);
}

let testApp: TestApp;
let processor: OutsideProcessor;
const db = () => testApp.database.db;

beforeAll(async () => {
  testApp = await buildTestApp({
    rateLimits: ROOMY_TIP_RATE_LIMITS,
    cardProcessor: (sandbox) => {
      processor = new OutsideProcessor(sandbox);
      return processor;
    },
  });
});
afterAll(() => testApp.close());

function post(person: SignedInPerson, url: string, payload: object, headers: InjectOptions['headers'] = {}) {
  return testApp.app.inject(as(person, { method: 'POST', url, payload, headers }));
}

async function addMethod(person: SignedInPerson, body: object): Promise<string> {
  const answer = await post(person, '/api/payment-methods', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ id: string }>().id;
}

const addCard = (person: SignedInPerson) =>
  addMethod(person, {
    type: 'card',
    ...testCard(),
    billingAddress: { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' },
  });

const addBank = (person: SignedInPerson) =>
  addMethod(person, {
    type: 'bank_account',
    holderName: 'Ada Lovelace',
    iban: 'GB82 WEST 1234 5698 7654 32',
  });

const transactionsOf = (userId: string) =>
  db().select().from(transactions).where(eq(transactions.userId, userId));

describe('every money-moving request carries an Idempotency-Key', () => {
  let payer: Person;
  let receiver: Person;

  beforeAll(async () => {
    payer = await createPerson(testApp.app, db(), { phoneVerified: true });
    receiver = await createPerson(testApp.app, db());
    await fund(db(), payer.userId, 50_000);
  });

  it('refuses a transfer, deposit, withdrawal, wallet tip or card tip without one (400 idempotency_key_required), and nothing moves', async () => {
    const card = await addCard(payer);
    const bank = await addBank(payer);
    const movedBefore = await ledgerTransferCount(db());
    const keyless = [
      await postTransfer(
        testApp.app,
        payer,
        { recipient: `@${receiver.ztartag}`, amountMinor: 100 },
        { key: null },
      ),
      await post(payer, '/api/wallet/deposits', {
        paymentMethodId: card,
        amountMinor: 1_000,
        currency: 'USD',
      }),
      await post(payer, '/api/wallet/withdrawals', {
        paymentMethodId: bank,
        amountMinor: 1_000,
        currency: 'USD',
      }),
      await postTip(testApp.app, { receiver: receiver.ztartag, source: 'wallet' }, { as: payer, key: null }),
      await postTip(testApp.app, { receiver: receiver.ztartag }, { key: null }),
    ];

    for (const answer of keyless) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error.code).toBe('idempotency_key_required');
    }
    expect(await ledgerTransferCount(db())).toBe(movedBefore);
    expect(await transactionsOf(payer.userId)).toEqual([]);
    expect(await transactionsOf(receiver.userId)).toEqual([]);
    expect(await availableOf(db(), payer.userId)).toBe(50_000);
    processor.asked.length = 0;
  });
});

describe('a card charge carries one processor reference for every try of one request', () => {
  it('charges the card of a retried deposit once, when the processor’s first answer was lost', async () => {
    const person = await createPerson(testApp.app, db(), { phoneVerified: true });
    const card = await addCard(person);
    const key = randomUUID();
    const deposit = () =>
      post(
        person,
        '/api/wallet/deposits',
        { paymentMethodId: card, amountMinor: 2_500, currency: 'USD' },
        { 'idempotency-key': key },
      );
    processor.asked.length = 0;
    processor.loseNextAnswer = true;

    const first = await deposit();
    // Charged, but the server never heard so: nothing of ours was kept.
    expect(first.statusCode, first.body).toBeGreaterThanOrEqual(500);
    expect(await transactionsOf(person.userId)).toEqual([]);

    const retried = await deposit();
    expect(retried.statusCode, retried.body).toBe(201);
    const again = await deposit();
    expect(again.json()).toEqual(retried.json());

    // The processor was asked twice, with one reference: the card was charged once.
    expect(processor.asked).toHaveLength(2);
    expect(new Set(processor.asked).size).toBe(1);
    const charge = processor.charged.get(processor.asked[0]!)!;
    const [row] = await transactionsOf(person.userId);
    expect(row).toMatchObject({ kind: 'deposit', status: 'pending', processorReference: charge.reference });
    await expectSettledOnce(charge.reference);
    expect(await availableOf(db(), person.userId)).toBe(2_500);
    await expectLedgerSound(db());
    // What the first try answered: not a failure (the card was charged) but an unknown outcome, to ask again.
    expect([first.statusCode, first.json().error.code]).toEqual([503, 'outcome_unknown']);
    expect(first.headers['retry-after']).toBe('1');
  });

  it('charges the card of a retried quick tip once, when the processor’s first answer was lost', async () => {
    const receiver = await createPerson(testApp.app, db());
    const key = randomUUID();
    const ip = '203.0.113.77';
    const tip = () => postTip(testApp.app, { receiver: receiver.ztartag, amountMinor: 700 }, { key, ip });
    processor.asked.length = 0;
    processor.loseNextAnswer = true;

    const first = await tip();
    expect(first.statusCode, first.body).toBeGreaterThanOrEqual(500);
    expect(await transactionsOf(receiver.userId)).toEqual([]);

    const retried = await tip();
    expect(retried.statusCode, retried.body).toBe(201);
    expect(new Set(processor.asked).size).toBe(1);
    const charge = processor.charged.get(processor.asked[0]!)!;
    const [row] = await transactionsOf(receiver.userId);
    expect(row).toMatchObject({ kind: 'tip_in', status: 'pending', processorReference: charge.reference });
    await expectSettledOnce(charge.reference);
    await expectLedgerSound(db());
    expect([first.statusCode, first.json().error.code]).toEqual([503, 'outcome_unknown']);
  });

  it('gives two people who happen to use the same key two different charges', async () => {
    const [ada, bob] = [await createPerson(testApp.app, db()), await createPerson(testApp.app, db())];
    const key = randomUUID();
    processor.asked.length = 0;
    for (const person of [ada, bob]) {
      const card = await addCard(person);
      const answer = await post(
        person,
        '/api/wallet/deposits',
        { paymentMethodId: card, amountMinor: 1_000, currency: 'USD' },
        { 'idempotency-key': key },
      );
      expect(answer.statusCode, answer.body).toBe(201);
    }
    expect(new Set(processor.asked).size).toBe(2);
    const keys = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(keys).toHaveLength(2);
  });
});

/** The sandbox holds the charge once, and settling it credits the wallet once. */
async function expectSettledOnce(reference: string) {
  const operations = await db().select().from(sandboxOperations).where(eq(sandboxOperations.id, reference));
  expect(operations).toHaveLength(1);
  const round = await testApp.app.settlement.settleDue(new Date(Date.now() + 60_000));
  expect(round.failed).toEqual([]);
}
