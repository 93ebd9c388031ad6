import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { AppError } from '../../http/errors.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import type { CardDetails } from './processor.ts';
import { SANDBOX_TEST_CARDS, SandboxCardProcessor } from './sandbox.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const DELAY_MS = 4_000;

let database: Database;
const processor = new SandboxCardProcessor({ settlementDelayMs: DELAY_MS });

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const card = (overrides: Partial<CardDetails> = {}): CardDetails => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; details: unknown }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, details: (error as AppError).details };
}

const tokenize = (details: CardDetails, now = NOW) => processor.tokenize(database.db, details, now);
const charge = (token: string, reference: string, amountMinor = 1_000) =>
  processor.charge(database.db, { token, amountMinor, currency: 'USD', reference }, NOW);

describe('sandbox card processor: card checks', () => {
  it('tokenizes a valid card as typed, keeping brand, last four digits and expiry', async () => {
    const tokenized = await tokenize(card({ number: '4242-4242-4242-4242' }));

    expect(tokenized).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(tokenized.token).toMatch(/^tok_/);
    expect(tokenized.token).not.toContain('4242');
  });

  it('refuses a number that fails Luhn, has the wrong length or an unknown brand', async () => {
    for (const number of ['4242 4242 4242 4241', '4242 4242 4242 424', '9999 9999 9999 9995', '4242x']) {
      expect(await refusal(tokenize(card({ number }))), number).toEqual({
        code: 'card_number_invalid',
        details: { field: 'number' },
      });
    }
  });

  it('accepts a card through the last day of its expiry month, not a day after', async () => {
    const march = card({ expMonth: 3, expYear: 2026 });
    await expect(tokenize(march, new Date('2026-03-31T23:59:59Z'))).resolves.toMatchObject({ last4: '4242' });

    expect(await refusal(tokenize(march, new Date('2026-04-01T00:00:00Z')))).toEqual({
      code: 'card_expired',
      details: { field: 'expMonth' },
    });
    expect((await refusal(tokenize(card({ expMonth: 12, expYear: 2025 })))).details).toEqual({
      field: 'expYear',
    });
  });

  it('asks four CVC digits of American Express and three of the others', async () => {
    const amex = card({ number: '3782 822463 10005', cvc: '1234' });
    await expect(tokenize(amex)).resolves.toMatchObject({ brand: 'amex', last4: '0005' });
    expect(await refusal(tokenize({ ...amex, cvc: '123' }))).toEqual({
      code: 'card_cvc_invalid',
      details: { field: 'cvc' },
    });
    expect((await refusal(tokenize(card({ cvc: '1234' })))).code).toBe('card_cvc_invalid');
  });
});

describe('sandbox card processor: test cards at charge and settlement', () => {
  it('authorizes 4242 4242 4242 4242 and settles it as succeeded after the delay', async () => {
    const { token } = await tokenize(card());
    const { reference, status } = await charge(token, 'deposit-1');
    expect(status).toBe('authorized');

    await database.db.transaction(async (tx) => {
      const early = new Date(NOW.getTime() + DELAY_MS - 1);
      expect(await processor.nextDue(tx, early, [])).toBeNull();
      const due = await processor.nextDue(tx, new Date(NOW.getTime() + DELAY_MS));
      expect(due).toEqual({
        reference,
        kind: 'charge',
        amountMinor: 1_000,
        currency: 'USD',
        outcome: 'succeeded',
      });
      await processor.markSettled(tx, reference, NOW);
    });
    expect(await processor.nextDue(database.db, new Date(NOW.getTime() + DELAY_MS))).toBeNull();
  });

  it('tokenizes the declined and insufficient-funds cards, and refuses them at charge', async () => {
    const declined = await tokenize(card({ number: SANDBOX_TEST_CARDS.declined }));
    const broke = await tokenize(card({ number: SANDBOX_TEST_CARDS.insufficientFunds }));

    expect((await refusal(charge(declined.token, 'declined-1'))).code).toBe('card_declined');
    expect((await refusal(charge(broke.token, 'broke-1'))).code).toBe('card_insufficient_funds');
    expect((await refusal(charge('tok_unknown', 'unknown-1'))).code).toBe('card_declined');
  });

  it('refuses the declining test cards at the zero-amount check, with the bank reason', async () => {
    const verify = async (number: string) =>
      processor.verify(database.db, (await tokenize(card({ number }))).token, NOW);

    expect(await refusal(verify(SANDBOX_TEST_CARDS.declined))).toEqual({
      code: 'card_declined',
      details: undefined,
    });
    expect((await refusal(verify(SANDBOX_TEST_CARDS.insufficientFunds))).code).toBe(
      'card_insufficient_funds',
    );
    expect((await refusal(processor.verify(database.db, 'tok_unknown', NOW))).code).toBe('card_declined');
  });

  it('verifies a good card without charging it: nothing is left to settle', async () => {
    const before = await queryRows<{ count: string | number }>(
      database.db,
      sql`SELECT COUNT(*) AS count FROM sandbox_operations`,
    );
    for (const number of [
      SANDBOX_TEST_CARDS.succeeds,
      SANDBOX_TEST_CARDS.failsAtSettlement,
      SANDBOX_TEST_CARDS.declinedAfterVerification,
      SANDBOX_TEST_CARDS.insufficientFundsAfterVerification,
    ]) {
      const { token } = await tokenize(card({ number }));
      await expect(processor.verify(database.db, token, NOW), number).resolves.toEqual({
        status: 'verified',
      });
    }
    const after = await queryRows<{ count: string | number }>(
      database.db,
      sql`SELECT COUNT(*) AS count FROM sandbox_operations`,
    );
    expect(Number(after[0]?.count)).toBe(Number(before[0]?.count));
  });

  it('refuses at charge the cards that passed their check and were refused later', async () => {
    const blocked = await tokenize(card({ number: SANDBOX_TEST_CARDS.declinedAfterVerification }));
    const emptied = await tokenize(card({ number: SANDBOX_TEST_CARDS.insufficientFundsAfterVerification }));

    expect((await refusal(charge(blocked.token, 'blocked-1'))).code).toBe('card_declined');
    expect((await refusal(charge(emptied.token, 'emptied-1'))).code).toBe('card_insufficient_funds');
  });

  it('authorizes 4000 0000 0000 0341 and fails it at settlement', async () => {
    const { token } = await tokenize(card({ number: SANDBOX_TEST_CARDS.failsAtSettlement }));
    const { reference } = await charge(token, 'late-failure-1', 700);

    const due = await processor.nextDue(database.db, new Date(NOW.getTime() + DELAY_MS), []);
    expect(due).toMatchObject({ reference, outcome: 'failed' });
    await processor.markSettled(database.db, reference, NOW);
  });

  it('charges once per reference, and refuses the reference with another amount', async () => {
    const { token } = await tokenize(card());
    const first = await charge(token, 'once-1');

    expect(await charge(token, 'once-1')).toEqual(first);
    expect((await refusal(charge(token, 'once-1', 1_001))).code).toBe('idempotency_conflict');
    const rows = await queryRows<{ count: string | number }>(
      database.db,
      sql`SELECT COUNT(*) AS count FROM sandbox_operations WHERE id = ${first.reference}`,
    );
    expect(Number(rows[0]?.count)).toBe(1);
    await processor.markSettled(database.db, first.reference, NOW);
  });

  it('gives one card the same token for every try of one reference, so that its retried charge matches', async () => {
    const first = await processor.tokenize(database.db, card(), NOW, { reference: 'tip-retry-1' });
    const again = await processor.tokenize(database.db, card(), NOW, { reference: 'tip-retry-1' });
    const otherCard = await processor.tokenize(database.db, card({ number: '5555555555554444' }), NOW, {
      reference: 'tip-retry-1',
    });
    const otherTip = await processor.tokenize(database.db, card(), NOW, { reference: 'tip-retry-2' });

    expect(again).toEqual(first);
    expect(otherCard.token).not.toBe(first.token);
    expect(otherTip.token).not.toBe(first.token);
    const charged = await charge(first.token, 'tip-retry-1');
    expect(await charge(again.token, 'tip-retry-1')).toEqual(charged);
    // The same reference for another card is another request: refused, nothing charged.
    expect((await refusal(charge(otherCard.token, 'tip-retry-1'))).code).toBe('idempotency_conflict');
    await processor.markSettled(database.db, charged.reference, NOW);
  });

  it('honours a reference for a day: reused later, it is refused rather than taken for the old charge', async () => {
    const { token } = await tokenize(card());
    const first = await charge(token, 'day-old-1');
    await processor.markSettled(database.db, first.reference, NOW);
    const nextDay = new Date(NOW.getTime() + 24 * 3_600_000 + 1);
    const reused = processor.charge(
      database.db,
      { token, amountMinor: 1_000, currency: 'USD', reference: 'day-old-1' },
      nextDay,
    );
    expect((await refusal(reused)).code).toBe('idempotency_conflict');
  });

  it('fails payouts to the test accounts 000111111116 and DE89 3704 0044 0532 0130 00, pays others', async () => {
    const payout = async (
      destination: Parameters<typeof processor.payout>[1]['destination'],
      reference: string,
    ) =>
      (
        await processor.payout(
          database.db,
          { destination, amountMinor: 500, currency: 'EUR', reference },
          NOW,
        )
      ).reference;
    const outcomes = new Map([
      [
        await payout({ kind: 'us_account', accountNumber: '000111111116', routingNumber: '110000000' }, 'p1'),
        'failed',
      ],
      [await payout({ kind: 'iban', iban: 'DE89 3704 0044 0532 0130 00' }, 'p2'), 'failed'],
      [
        await payout({ kind: 'us_account', accountNumber: '000123456789', routingNumber: '110000000' }, 'p3'),
        'succeeded',
      ],
      [await payout({ kind: 'iban', iban: 'GB82WEST12345698765432' }, 'p4'), 'succeeded'],
    ]);

    const seen = new Map<string, string>();
    await database.db.transaction(async (tx) => {
      for (;;) {
        const due = await processor.nextDue(tx, new Date(NOW.getTime() + DELAY_MS));
        if (!due) break;
        seen.set(due.reference, due.outcome);
        await processor.markSettled(tx, due.reference, NOW);
      }
    });
    expect(seen).toEqual(outcomes);
    const sources = await queryRows<{ source: string }>(
      database.db,
      sql`SELECT source FROM sandbox_operations WHERE kind = 'payout' ORDER BY source`,
    );
    expect(sources.map((row) => row.source).join(' ')).not.toMatch(/000111111116|DE89370400440532013000/);
  });
});
