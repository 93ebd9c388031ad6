import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_DATABASE_URL } from '../../test/test-database.ts';
import { postTip, ROOMY_TIP_RATE_LIMITS } from '../../test/tip-fixtures.ts';
import { createPerson, expectLedgerSound, holdDeletion, stillWaiting } from '../../test/transfer-fixtures.ts';
import { transactions } from '../transactions/tables.ts';
import { tips } from './tables.ts';

// PGlite runs one query at a time: only a PostgreSQL server shows a tip waiting on a deletion's lock.
describe.skipIf(!TEST_DATABASE_URL)('a card tip to an account being deleted (PostgreSQL)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_TIP_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  it('waits for the deletion that holds the receiver’s row, then charges nothing and answers 404', async () => {
    const db = testApp.database.db;
    const receiver = await createPerson(testApp.app, db);

    // The deletion's first step marks the person deleted and keeps their row locked until it
    // commits: here it stays open until the tip has had time to reach the lock.
    const deletion = await holdDeletion(db, receiver.userId);
    const tip = postTip(testApp.app, { receiver: receiver.ztartag });
    expect(await stillWaiting(tip)).toBe(true);
    deletion.commit();
    await deletion.done;

    const answer = await tip;
    expect(answer.statusCode, answer.body).toBe(404);
    expect(answer.json().error.code).toBe('recipient_user_not_found');
    expect(await db.select().from(tips).where(eq(tips.receiverId, receiver.userId))).toEqual([]);
    expect(await db.select().from(transactions).where(eq(transactions.userId, receiver.userId))).toEqual([]);
    await expectLedgerSound(db);
  });
});
