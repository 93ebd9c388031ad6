import { IDEMPOTENCY_KEY_HOURS } from '@ztart/shared/contracts/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { deleteExpiredKeys, withIdempotency } from './service.ts';
import { idempotencyKeys } from './tables.ts';

describe('idempotency keys', () => {
  let database: Database;
  const start = new Date('2026-11-23T12:00:00Z');
  const later = (hours: number) => new Date(start.getTime() + hours * 3_600_000);

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  function counter() {
    let runs = 0;
    return {
      get runs() {
        return runs;
      },
      work: async () => {
        runs += 1;
        return { statusCode: 201, body: { run: runs } };
      },
    };
  }

  it('answers a repeat with the first answer without running the work again', async () => {
    const count = counter();
    const { work } = count;
    const request = { scope: 'person-1', key: 'k-repeat', fingerprint: { amount: 1 }, now: start };
    const first = await withIdempotency(database.db, request, work);
    const second = await withIdempotency(database.db, { ...request, now: later(1) }, work);
    expect(first).toEqual({ statusCode: 201, body: { run: 1 }, replayed: false });
    expect(second).toEqual({ statusCode: 201, body: { run: 1 }, replayed: true });
    expect(count.runs).toBe(1);
  });

  it('refuses the same key with other details', async () => {
    const { work } = counter();
    await withIdempotency(
      database.db,
      { scope: 'person-1', key: 'k-other', fingerprint: { a: 1 }, now: start },
      work,
    );
    await expect(
      withIdempotency(
        database.db,
        { scope: 'person-1', key: 'k-other', fingerprint: { a: 2 }, now: start },
        work,
      ),
    ).rejects.toMatchObject({ code: 'idempotency_conflict' });
  });

  it('keeps keys apart per scope and hashes bodies whatever their key order', async () => {
    const count = counter();
    const { work } = count;
    await withIdempotency(
      database.db,
      { scope: 'a', key: 'k-scope', fingerprint: { x: 1, y: 2 }, now: start },
      work,
    );
    const replay = await withIdempotency(
      database.db,
      { scope: 'a', key: 'k-scope', fingerprint: { y: 2, x: 1 }, now: start },
      work,
    );
    const elsewhere = await withIdempotency(
      database.db,
      { scope: 'b', key: 'k-scope', fingerprint: {}, now: start },
      work,
    );
    expect(replay.replayed).toBe(true);
    expect(elsewhere.replayed).toBe(false);
    expect(count.runs).toBe(2);
  });

  it('keeps nothing when the work fails, so a retry runs again', async () => {
    const request = { scope: 'person-2', key: 'k-fail', fingerprint: {}, now: start };
    await expect(
      withIdempotency(database.db, request, async () => {
        throw new AppError('insufficient_balance');
      }),
    ).rejects.toMatchObject({ code: 'insufficient_balance' });
    const { work } = counter();
    expect((await withIdempotency(database.db, request, work)).replayed).toBe(false);
  });

  it(`frees a key after ${IDEMPOTENCY_KEY_HOURS} hours`, async () => {
    const count = counter();
    const { work } = count;
    const request = { scope: 'person-3', key: 'k-expiry', fingerprint: { a: 1 }, now: start };
    await withIdempotency(database.db, request, work);
    expect(
      (await withIdempotency(database.db, { ...request, now: later(IDEMPOTENCY_KEY_HOURS - 1) }, work))
        .replayed,
    ).toBe(true);
    const reused = await withIdempotency(
      database.db,
      { ...request, fingerprint: { a: 2 }, now: later(IDEMPOTENCY_KEY_HOURS + 1) },
      work,
    );
    expect(reused).toMatchObject({ replayed: false, body: { run: 2 } });
    expect(count.runs).toBe(2);
  });

  it('runs the work once for two requests with one key at the same moment', async () => {
    const count = counter();
    const { work } = count;
    const request = { scope: 'person-4', key: 'k-race', fingerprint: {}, now: start };
    const answers = await Promise.all([
      withIdempotency(database.db, request, work),
      withIdempotency(database.db, request, work),
    ]);
    expect(count.runs).toBe(1);
    expect(answers.map((answer) => answer.body)).toEqual([{ run: 1 }, { run: 1 }]);
  });

  it('removes expired keys in bulk', async () => {
    await withIdempotency(
      database.db,
      { scope: 'person-5', key: 'k-bulk', fingerprint: {}, now: start },
      counter().work,
    );
    const removed = await deleteExpiredKeys(database.db, later(IDEMPOTENCY_KEY_HOURS * 10));
    expect(removed).toBeGreaterThan(0);
    expect(await database.db.select().from(idempotencyKeys)).toEqual([]);
  });
});
