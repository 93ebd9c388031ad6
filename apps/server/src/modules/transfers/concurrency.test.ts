import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_DATABASE_URL } from '../../test/test-database.ts';
import {
  availableOf,
  createPerson,
  expectLedgerSound,
  fund,
  ROOMY_RATE_LIMITS,
} from '../../test/transfer-fixtures.ts';
import { reconcile } from '../ledger/service.ts';

const TRANSFERS = 100;
const AMOUNT_MINOR = 1_234;
const AFFORDABLE = 10;

// PGlite runs one query at a time: only a PostgreSQL server shows what concurrent transfers do.
describe.skipIf(!TEST_DATABASE_URL)('100 concurrent transfers from one wallet (PostgreSQL)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  it('holding 10 × the amount, exactly 10 succeed and 90 are refused for insufficient balance', async () => {
    const db = testApp.database.db;
    // Verified, so that the daily limit of unverified people does not stop them first.
    const sender = await createPerson(testApp.app, db, { phoneVerified: true });
    const recipients = await Promise.all([
      createPerson(testApp.app, db),
      createPerson(testApp.app, db),
      createPerson(testApp.app, db),
    ]);
    await fund(db, sender.userId, AFFORDABLE * AMOUNT_MINOR);

    const answers = await Promise.all(
      Array.from({ length: TRANSFERS }, (_, i) =>
        testApp.app.inject(
          as(sender, {
            method: 'POST',
            url: '/api/transfers',
            headers: { 'idempotency-key': randomUUID() },
            payload: {
              recipient: recipients[i % recipients.length]!.ztartag,
              amountMinor: AMOUNT_MINOR,
              currency: 'USD',
            },
          }),
        ),
      ),
    );

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(AFFORDABLE);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused).toHaveLength(TRANSFERS - AFFORDABLE);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().error.code).toBe('insufficient_balance');
    }

    expect(await availableOf(db, sender.userId)).toBe(0);
    const received = await Promise.all(recipients.map((recipient) => availableOf(db, recipient.userId)));
    expect(received.reduce((sum, amount) => sum + amount, 0)).toBe(AFFORDABLE * AMOUNT_MINOR);
    for (const [i, recipient] of recipients.entries()) {
      const list = await testApp.app.inject(
        as(recipient, { method: 'GET', url: '/api/transactions?limit=100' }),
      );
      expect(list.json().items.length * AMOUNT_MINOR).toBe(received[i]);
    }
    expect((await reconcile(db)).totals).toEqual({ USD: 0 });
    await expectLedgerSound(db);
  });

  it('transfers and tips from the wallet at once share one balance: exactly 10 of 100 succeed', async () => {
    const db = testApp.database.db;
    const sender = await createPerson(testApp.app, db, { phoneVerified: true });
    const recipient = await createPerson(testApp.app, db);
    await fund(db, sender.userId, AFFORDABLE * AMOUNT_MINOR);
    const body = (i: number) =>
      i % 2 === 0
        ? {
            url: '/api/transfers',
            payload: { recipient: recipient.ztartag, amountMinor: AMOUNT_MINOR, currency: 'USD' },
          }
        : {
            url: '/api/tips',
            payload: {
              receiver: recipient.ztartag,
              amountMinor: AMOUNT_MINOR,
              currency: 'USD',
              source: 'wallet',
            },
          };

    const answers = await Promise.all(
      Array.from({ length: TRANSFERS }, (_, i) =>
        testApp.app.inject(
          as(sender, { method: 'POST', headers: { 'idempotency-key': randomUUID() }, ...body(i) }),
        ),
      ),
    );

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(AFFORDABLE);
    expect(statuses.filter((status) => status !== 201)).toEqual(Array(TRANSFERS - AFFORDABLE).fill(422));
    expect(await availableOf(db, sender.userId)).toBe(0);
    expect(await availableOf(db, recipient.userId)).toBe(AFFORDABLE * AMOUNT_MINOR);
    await expectLedgerSound(db);
  });
});
