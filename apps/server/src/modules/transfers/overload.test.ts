import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  availableOf,
  createPerson,
  expectLedgerSound,
  fund,
  type Person,
  postTransfer,
  ROOMY_RATE_LIMITS,
} from '../../test/transfer-fixtures.ts';
import { idempotencyKeys } from '../idempotency/tables.ts';
import { transactions } from '../transactions/tables.ts';

/** A server that queues at most two requests per shared database step, so that a burst overflows it. */
const QUEUE_MAX = 2;
const BURST = 24;
const AMOUNT_MINOR = 100;

let testApp: TestApp;
const db = () => testApp.database.db;

beforeAll(async () => {
  testApp = await buildTestApp({ rateLimits: ROOMY_RATE_LIMITS, config: { batchQueueMax: QUEUE_MAX } });
});
afterAll(() => testApp.close());

describe('a burst of transfers larger than the server queues', () => {
  let sender: Person;
  let recipient: Person;

  beforeAll(async () => {
    sender = await createPerson(testApp.app, db(), { phoneVerified: true });
    recipient = await createPerson(testApp.app, db());
    await fund(db(), sender.userId, 100_000);
  });

  it('tells the ones it cannot queue 503 overloaded with Retry-After, moves nothing for them, and takes them when sent again', async () => {
    const keys = Array.from({ length: BURST }, () => randomUUID());
    const send = (key: string) =>
      postTransfer(
        testApp.app,
        sender,
        { recipient: `@${recipient.ztartag}`, amountMinor: AMOUNT_MINOR },
        { key },
      );
    const answers = await Promise.all(keys.map(send));

    const overloaded = keys.filter((_, i) => answers[i]!.statusCode === 503);
    for (const answer of answers) {
      if (answer.statusCode === 201) continue;
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json().error.code).toBe('overloaded');
      expect(answer.headers['retry-after']).toBe('1');
    }
    expect(overloaded.length).toBeGreaterThan(0);
    // Only the answered transfers moved money; the refused ones left no key, row or movement.
    const moved = BURST - overloaded.length;
    expect(await availableOf(db(), sender.userId)).toBe(100_000 - moved * AMOUNT_MINOR);
    expect(await availableOf(db(), recipient.userId)).toBe(moved * AMOUNT_MINOR);
    for (const key of overloaded) {
      expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    }

    // Sent again one after the other, as a client honouring Retry-After would: each goes through once.
    for (const key of overloaded) {
      const retried = await send(key);
      expect(retried.statusCode, retried.body).toBe(201);
    }
    expect(await availableOf(db(), sender.userId)).toBe(100_000 - BURST * AMOUNT_MINOR);
    expect(await availableOf(db(), recipient.userId)).toBe(BURST * AMOUNT_MINOR);
    const sent = await db().select().from(transactions).where(eq(transactions.userId, sender.userId));
    expect(sent).toHaveLength(BURST);
    await expectLedgerSound(db());
  });
});
