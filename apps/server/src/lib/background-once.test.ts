import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { queryRows } from '../db/raw-query.ts';
import { SANDBOX_TEST_CARDS } from '../integrations/card-processor/sandbox.ts';
import { notifications } from '../modules/notifications/tables.ts';
import { as, type SignedInPerson, signUpAndSignIn } from '../test/accounts.ts';
import { buildTestApps } from '../test/test-app.ts';
import { createTestClock } from '../test/test-clock.ts';
import { TEST_DATABASE_URL } from '../test/test-database.ts';
import { expectLedgerSound, ROOMY_RATE_LIMITS } from '../test/transfer-fixtures.ts';

const SETTLEMENT_DELAY_MS = 1_000;
const PEOPLE = 3;
const DEPOSITS_EACH = 8;

/**
 * Two instances against one PostgreSQL run their background jobs at the same moments, round after
 * round, and every job is counted: each must have run exactly once.
 */
describe.runIf(TEST_DATABASE_URL)('background work across two instances on one database', () => {
  const clock = createTestClock();
  let cluster: Awaited<ReturnType<typeof buildTestApps>>;
  let a: App;
  let b: App;
  beforeAll(async () => {
    cluster = await buildTestApps(2, {
      now: clock.now,
      rateLimits: ROOMY_RATE_LIMITS,
      config: { cardSettlementDelayMs: SETTLEMENT_DELAY_MS },
    });
    [a, b] = cluster.apps as [App, App];
  });
  afterAll(() => cluster.close());

  const depositThrough = async (app: App, person: SignedInPerson, cardId: string, amountMinor: number) => {
    const answer = await app.inject(
      as(person, {
        method: 'POST',
        url: '/api/wallet/deposits',
        payload: { paymentMethodId: cardId, amountMinor, currency: 'USD' },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().transaction.id as string;
  };

  it('settles every deposit of a burst exactly once, whichever instance claims it', async () => {
    const people: { person: SignedInPerson; card: string }[] = [];
    for (let index = 0; index < PEOPLE; index += 1) {
      const app = index % 2 === 0 ? a : b;
      const person = await signUpAndSignIn(app);
      const added = await app.inject(
        as(person, {
          method: 'POST',
          url: '/api/payment-methods',
          payload: {
            type: 'card',
            number: SANDBOX_TEST_CARDS.succeeds,
            expMonth: 12,
            expYear: 2031,
            cvc: '123',
            cardholderName: 'Ada Lovelace',
            billingAddress: { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' },
          },
        }),
      );
      expect(added.statusCode, added.body).toBe(201);
      people.push({ person, card: added.json().id });
    }
    // The test pool has four connections: a few deposits at a time, through both instances.
    const deposits: string[] = [];
    for (let n = 0; n < DEPOSITS_EACH; n += 1) {
      deposits.push(
        ...(await Promise.all(
          people.map(({ person, card }, index) => depositThrough(n % 2 ? a : b, person, card, 100 + index)),
        )),
      );
    }
    clock.advance({ seconds: SETTLEMENT_DELAY_MS / 1000 });

    // Both instances' settlement rounds at the same moments, until neither finds work.
    const settledBy = { a: [] as string[], b: [] as string[] };
    for (let round = 0; round < 50; round += 1) {
      const [onA, onB] = await Promise.all([
        a.settlement.settleDue(clock.now()),
        b.settlement.settleDue(clock.now()),
      ]);
      settledBy.a.push(...onA.settled);
      settledBy.b.push(...onB.settled);
      expect([...onA.failed, ...onB.failed]).toEqual([]);
      if (onA.settled.length === 0 && onB.settled.length === 0) break;
    }

    const all = [...settledBy.a, ...settledBy.b];
    expect(all).toHaveLength(deposits.length);
    expect(new Set(all).size).toBe(deposits.length);
    for (const { person } of people) {
      const told = await cluster.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, person.userId));
      expect(told.filter((row) => row.event === 'deposit_completed')).toHaveLength(DEPOSITS_EACH);
    }
    const [completed] = await queryRows<{ count: number }>(
      cluster.database.db,
      sql`SELECT count(*)::int AS count FROM transactions WHERE kind = 'deposit' AND status = 'completed'`,
    );
    expect(completed?.count).toBe(deposits.length);
    await expectLedgerSound(cluster.database.db);
  });

  it('runs the hour’s housekeeping and the period’s invariant check once between them', async () => {
    const now = new Date(Date.UTC(2031, 4, 1, 10, 0, 0));
    const housekeeping = await Promise.all([
      a.housekeeping.runOnce(now),
      b.housekeeping.runOnce(now),
      a.housekeeping.runOnce(now),
      b.housekeeping.runOnce(now),
    ]);
    expect(housekeeping.filter((outcome) => outcome !== null)).toHaveLength(1);

    const checks = await Promise.all([
      a.invariantChecker.runOnce(now),
      b.invariantChecker.runOnce(now),
      a.invariantChecker.runOnce(now),
    ]);
    expect(checks.filter((check) => check !== null)).toHaveLength(1);
    expect(checks.find((check) => check !== null)).toMatchObject({ ok: true });
  });
});
