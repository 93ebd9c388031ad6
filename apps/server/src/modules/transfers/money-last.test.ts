import type { Transaction } from '@ztart/shared/contracts/transactions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  availableOf,
  createPerson,
  expectLedgerSound,
  fund,
  postTransfer,
  ROOMY_RATE_LIMITS,
} from '../../test/transfer-fixtures.ts';
import { auditLog } from '../activity/tables.ts';
import { ledgerTransfers } from '../ledger/tables.ts';
import { notifications } from '../notifications/tables.ts';
import { transactions } from '../transactions/tables.ts';

// The transaction rows, notification and audit row are written before the money moves, so that the
// receiver's account is locked for the shortest time: they must still tell of the ledger batch
// that moved it, and must vanish with a movement the ledger refuses.
describe('a transfer written before its money moves', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());
  const db = () => testApp.database.db;

  it('links both transaction rows and the audit row to the ledger batch that moved the money', async () => {
    const ana = await createPerson(testApp.app, db());
    const ben = await createPerson(testApp.app, db());
    await fund(db(), ana.userId, 5_000);

    const answer = await postTransfer(testApp.app, ana, { recipient: ben.ztartag, amountMinor: 1_200 });

    expect(answer.statusCode, answer.body).toBe(201);
    const sent = answer.json<{ transaction: Transaction }>().transaction;
    const [sentRow] = await db().select().from(transactions).where(eq(transactions.id, sent.id));
    const batchId = sentRow?.ledgerBatchId;
    expect(batchId).toEqual(expect.any(String));
    const moved = await db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.batchId, batchId ?? ''));
    expect(moved).toMatchObject([{ amountMinor: 1_200, code: 'transfer', state: 'posted' }]);
    const sides = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.ledgerBatchId, batchId ?? ''));
    expect(sides.map((row) => [row.userId, row.kind, row.categoryId !== null]).sort()).toEqual(
      [
        [ana.userId, 'transfer_out', true],
        [ben.userId, 'transfer_in', true],
      ].sort(),
    );
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, ana.userId), eq(auditLog.actionType, 'transfer_sent')));
    expect(audit?.metadata).toMatchObject({ ledgerBatchId: batchId, amountMinor: 1_200 });
    expect(await availableOf(db(), ben.userId)).toBe(1_200);
    await expectLedgerSound(db());
  });

  it('keeps no transaction row, notification or audit row when the ledger refuses the money', async () => {
    const ana = await createPerson(testApp.app, db());
    const ben = await createPerson(testApp.app, db());
    await fund(db(), ana.userId, 500);

    const answer = await postTransfer(testApp.app, ana, { recipient: ben.ztartag, amountMinor: 501 });

    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.code).toBe('insufficient_balance');
    for (const userId of [ana.userId, ben.userId]) {
      expect(await db().select().from(transactions).where(eq(transactions.userId, userId))).toEqual([]);
      expect(await db().select().from(notifications).where(eq(notifications.userId, userId))).toEqual([]);
    }
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, ana.userId), eq(auditLog.actionType, 'transfer_sent'))),
    ).toEqual([]);
    expect(await availableOf(db(), ana.userId)).toBe(500);
    await expectLedgerSound(db());
  });
});
