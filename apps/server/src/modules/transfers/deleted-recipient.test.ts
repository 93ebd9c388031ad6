import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/client.ts';
import { as } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_DATABASE_URL } from '../../test/test-database.ts';
import {
  availableOf,
  createPerson,
  expectLedgerSound,
  fund,
  holdDeletion,
  type Person,
  postTransfer,
  ROOMY_RATE_LIMITS,
  stillWaiting,
} from '../../test/transfer-fixtures.ts';
import { users } from '../auth/tables.ts';
import { transactions } from '../transactions/tables.ts';

const AMOUNT_MINOR = 1_500;

/** Runs `before` once, just before the next ledger movement statement reaches the database. */
function beforeNextMovement(db: AppDatabase, before: () => Promise<unknown>) {
  const execute = db.execute.bind(db);
  let armed = true;
  db.execute = ((query: Parameters<AppDatabase['execute']>[0]) => {
    const text = JSON.stringify(query);
    if (!armed || !text.includes('ledger_movement(')) return execute(query);
    armed = false;
    return (async () => {
      await before();
      return execute(query);
    })() as ReturnType<AppDatabase['execute']>;
  }) as AppDatabase['execute'];
  return () => {
    db.execute = execute;
  };
}

async function expectNothingMoved(db: AppDatabase, sender: Person, recipient: Person) {
  expect(await availableOf(db, sender.userId)).toBe(AMOUNT_MINOR);
  expect(await availableOf(db, recipient.userId)).toBe(0);
  expect(await db.select().from(transactions).where(eq(transactions.userId, recipient.userId))).toEqual([]);
  expect(
    (await db.select().from(transactions).where(eq(transactions.userId, sender.userId))).filter(
      (row) => row.kind === 'transfer_out',
    ),
  ).toEqual([]);
  await expectLedgerSound(db);
}

describe('money sent to an account deleted while the payment was on its way', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  it('is refused with 404 recipient_user_not_found when the deletion commits between the look-up and the movement', async () => {
    const db = testApp.database.db;
    const sender = await createPerson(testApp.app, db, { phoneVerified: true });
    const recipient = await createPerson(testApp.app, db);
    await fund(db, sender.userId, AMOUNT_MINOR);

    const restore = beforeNextMovement(db, async () => {
      const deleted = await testApp.app.inject(
        as(recipient, {
          method: 'DELETE',
          url: '/api/profiles/me',
          payload: { confirmation: 'DELETE', password: recipient.password },
        }),
      );
      expect(deleted.statusCode).toBe(204);
    });
    try {
      const answer = await postTransfer(testApp.app, sender, {
        recipient: recipient.ztartag,
        amountMinor: AMOUNT_MINOR,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('recipient_user_not_found');
    } finally {
      restore();
    }
    const [gone] = await db.select().from(users).where(eq(users.id, recipient.userId));
    expect(gone?.deletedAt).not.toBeNull();
    await expectNothingMoved(db, sender, recipient);
  });

  // PGlite runs one query at a time: only a PostgreSQL server shows a movement waiting on a lock.
  it.skipIf(!TEST_DATABASE_URL)(
    'waits for a deletion that holds the person’s row, then refuses (PostgreSQL)',
    async () => {
      const db = testApp.database.db;
      const sender = await createPerson(testApp.app, db, { phoneVerified: true });
      const recipient = await createPerson(testApp.app, db);
      await fund(db, sender.userId, AMOUNT_MINOR);

      // The deletion's first step marks the person deleted and keeps their row locked until it
      // commits: here it stays open until the transfer has had time to reach the lock.
      const deletion = await holdDeletion(db, recipient.userId);
      const transfer = postTransfer(testApp.app, sender, {
        recipient: recipient.ztartag,
        amountMinor: AMOUNT_MINOR,
      });
      expect(await stillWaiting(transfer)).toBe(true);
      deletion.commit();
      await deletion.done;

      const answer = await transfer;
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('recipient_user_not_found');
      await expectNothingMoved(db, sender, recipient);
    },
  );
});
