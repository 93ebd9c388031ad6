import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { users } from '../auth/tables.ts';
import { type NewTransaction, recordTransaction, recordTransactions } from './record.ts';
import { transactionCategories } from './tables.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function newUser(): Promise<string> {
  const [user] = await database.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com` })
    .returning();
  if (!user) throw new Error('no user');
  return user.id;
}

async function categoryId(userId: string, key: string): Promise<string | undefined> {
  const [row] = await database.db
    .select({ id: transactionCategories.id })
    .from(transactionCategories)
    .where(and(eq(transactionCategories.userId, userId), eq(transactionCategories.key, key)));
  return row?.id;
}

function sides(senderId: string, recipientId: string): [NewTransaction, NewTransaction] {
  const shared = {
    status: 'completed',
    amountMinor: 1_250,
    currency: 'USD',
    groupId: randomUUID(),
    ledgerBatchId: randomUUID(),
    createdAt: new Date('2026-11-23T12:00:00Z'),
  } as const;
  return [
    { ...shared, userId: senderId, type: 'expense', kind: 'transfer_out', description: 'Transfer to @bo' },
    { ...shared, userId: recipientId, type: 'income', kind: 'transfer_in', description: 'Transfer from @al' },
  ];
}

describe('transaction rows', () => {
  it('writes both sides of a movement in the order given, each in its own default category', async () => {
    const alice = await newUser();
    const bob = await newUser();
    const [first, second] = sides(alice, bob);

    // Their first movement: neither has categories yet, so their defaults are created.
    const [sent, received] = await recordTransactions(database.db, [first, second]);
    expect(sent).toMatchObject({ userId: alice, kind: 'transfer_out', amountMinor: 1_250 });
    expect(received).toMatchObject({ userId: bob, kind: 'transfer_in', amountMinor: 1_250 });
    expect(sent?.categoryId).toBe(await categoryId(alice, 'transfers'));
    expect(received?.categoryId).toBe(await categoryId(bob, 'transfers'));
    expect(sent?.categoryId).toEqual(expect.any(String));
    expect(sent?.ledgerBatchId).toBe(first.ledgerBatchId);

    // Later movements find them in place; the order of the answer follows the inputs.
    const [again, andAgain] = await recordTransactions(database.db, [second, first]);
    expect(again).toMatchObject({ userId: bob, categoryId: received?.categoryId });
    expect(andAgain).toMatchObject({ userId: alice, categoryId: sent?.categoryId });
  });

  it('does not bring back a default category the person deleted', async () => {
    const alice = await newUser();
    const bob = await newUser();
    const [first, second] = sides(alice, bob);
    await recordTransactions(database.db, [first, second]);
    await database.db
      .delete(transactionCategories)
      .where(and(eq(transactionCategories.userId, alice), eq(transactionCategories.key, 'transfers')));

    const row = await recordTransaction(database.db, { ...first, groupId: randomUUID() });
    expect(row.categoryId).toBeNull();
    expect(await categoryId(alice, 'transfers')).toBeUndefined();
  });
});
