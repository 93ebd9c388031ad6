import { randomUUID } from 'node:crypto';
import type { Transaction, TransactionListResponse } from '@ztart/shared/contracts/transactions';
import type { Currency } from '@ztart/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { createPerson, fund, postTransfer, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { type NewTransaction, recordTransaction } from './record.ts';

describe('transaction history', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-10T09:00:00.000Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const get = (person: SignedInPerson, url: string) => testApp.app.inject(as(person, { method: 'GET', url }));
  const list = async (person: SignedInPerson, query = '') => {
    const answer = await get(person, `/api/transactions${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<TransactionListResponse>();
  };

  function record(userId: string, overrides: Partial<NewTransaction> = {}) {
    return recordTransaction(testApp.database.db, {
      userId,
      type: 'income',
      kind: 'deposit',
      status: 'completed',
      amountMinor: 1_000,
      currency: 'USD',
      description: 'Card deposit',
      groupId: randomUUID(),
      createdAt: clock.now(),
      ...overrides,
    });
  }

  it('pages newest first by cursor without gaps or repeats, ties broken by id', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const rows = [];
    for (let i = 0; i < 25; i += 1) {
      if (i % 4 === 0) clock.advance({ seconds: 30 });
      rows.push(await record(person.userId, { amountMinor: i + 1 }));
    }
    const expected = [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: TransactionListResponse = await list(
        person,
        `?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(7);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);

    expect(pages).toBe(4);
    expect(seen).toEqual(expected);
    // A page that ends exactly at the last row says so.
    expect((await list(person, '?limit=25')).nextCursor).toBeNull();
    const bad = await get(person, '/api/transactions?cursor=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('bad_request');
    const tooLarge = await get(person, '/api/transactions?limit=101');
    expect(tooLarge.json().error.code).toBe('validation_failed');
  });

  it('filters by status, type, kind, category, currency and date range (UTC days, inclusive)', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const at = (day: number, time = '12:00:00') =>
      new Date(`2026-06-${String(day).padStart(2, '0')}T${time}.000Z`);
    const deposit = await record(person.userId, { createdAt: at(1, '00:00:00') });
    const pending = await record(person.userId, { status: 'pending', createdAt: at(2) });
    const withdrawal = await record(person.userId, {
      type: 'expense',
      kind: 'withdrawal',
      description: 'Bank withdrawal',
      createdAt: at(3, '23:59:59'),
    });
    const euros = await record(person.userId, { currency: 'EUR' as Currency, createdAt: at(4) });
    const failed = await record(person.userId, {
      status: 'failed',
      failureCode: 'card_declined',
      createdAt: at(5),
    });

    const ids = async (query: string) => (await list(person, query)).items.map((item) => item.id);
    expect(await ids('?status=pending')).toEqual([pending.id]);
    expect(await ids('?status=failed')).toEqual([failed.id]);
    expect(await ids('?type=expense')).toEqual([withdrawal.id]);
    expect(await ids('?kind=withdrawal')).toEqual([withdrawal.id]);
    expect(await ids('?currency=EUR')).toEqual([euros.id]);
    expect(await ids(`?category=${withdrawal.categoryId}`)).toEqual([withdrawal.id]);
    expect(await ids('?from=2026-06-02&to=2026-06-03')).toEqual([withdrawal.id, pending.id]);
    expect(await ids('?from=2026-06-01&to=2026-06-01')).toEqual([deposit.id]);
    expect(await ids('?from=2026-06-04')).toEqual([failed.id, euros.id]);
    expect(await ids('?to=2026-06-01')).toEqual([deposit.id]);
    expect(await ids('?status=completed&type=income&currency=USD')).toEqual([deposit.id]);
    expect((await get(person, '/api/transactions?status=lost')).statusCode).toBe(400);
  });

  it('searches description, note and counterparty, with % and _ taken literally', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const byNote = await record(person.userId, { note: 'Paid 100% of the rent' });
    const byDescription = await record(person.userId, { description: 'Transfer to @rent_collective' });
    const byName = await record(person.userId, {
      counterparty: { userId: null, ztartag: 'zoe_k', name: 'Zoë Rentería' },
    });
    const plain = await record(person.userId, { note: 'Paid 1000 of the bill' });

    const ids = async (q: string) =>
      (await list(person, `?q=${encodeURIComponent(q)}`)).items.map((item) => item.id).sort();
    expect(await ids('RENT')).toEqual([byNote.id, byDescription.id, byName.id].sort());
    expect(await ids('100%')).toEqual([byNote.id]);
    expect(await ids('%')).toEqual([byNote.id]);
    expect(await ids('t_c')).toEqual([byDescription.id]);
    expect(await ids('_')).toEqual([byDescription.id, byName.id].sort());
    expect(await ids('zoe_')).toEqual([byName.id]);
    expect(await ids('\\')).toEqual([]);
    expect(await ids('paid 1000')).toEqual([plain.id]);
  });

  it('shows, changes and hides transactions by owner only', async () => {
    const owner = await signUpAndSignIn(testApp.app);
    const stranger = await signUpAndSignIn(testApp.app);
    const row = await record(owner.userId);
    const strangersCategory = (await get(stranger, '/api/categories')).json().items[0].id;
    const ownFood = (await get(owner, '/api/categories'))
      .json()
      .items.find((category: { key: string }) => category.key === 'food').id;

    expect((await get(owner, `/api/transactions/${row.id}`)).json()).toMatchObject({
      id: row.id,
      amountMinor: 1_000,
    });
    const hidden = await get(stranger, `/api/transactions/${row.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('not_found');
    expect((await list(stranger)).items).toEqual([]);

    const patch = (person: SignedInPerson, payload: object) =>
      testApp.app.inject(as(person, { method: 'PATCH', url: `/api/transactions/${row.id}`, payload }));
    const changed = await patch(owner, { categoryId: ownFood, note: '  groceries  ' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ categoryId: ownFood, note: 'groceries', amountMinor: 1_000 });
    expect((await patch(owner, { categoryId: strangersCategory })).json().error.code).toBe('not_found');
    expect((await patch(stranger, { note: 'mine now' })).statusCode).toBe(404);
    const cleared = await patch(owner, { categoryId: null, note: null });
    expect(cleared.json()).toMatchObject({ categoryId: null, note: null });
    expect((await patch(owner, { note: 'x'.repeat(501) })).json().error.code).toBe('validation_failed');
  });

  it('lists both sides of real transfers', async () => {
    const db = testApp.database.db;
    const sender = await createPerson(testApp.app, db, { fullName: 'Iris Sender' });
    const recipient = await createPerson(testApp.app, db, { fullName: 'Omar Recipient' });
    await fund(db, sender.userId, 10_000);
    for (const amountMinor of [100, 200, 300]) {
      clock.advance({ seconds: 1 });
      expect(
        (await postTransfer(testApp.app, sender, { recipient: recipient.ztartag, amountMinor })).statusCode,
      ).toBe(201);
    }
    const sent = (await list(sender, '?kind=transfer_out')).items;
    const received = (await list(recipient, '?q=iris')).items;
    expect(sent.map((item: Transaction) => item.amountMinor)).toEqual([300, 200, 100]);
    expect(received.map((item: Transaction) => [item.kind, item.amountMinor])).toEqual([
      ['transfer_in', 300],
      ['transfer_in', 200],
      ['transfer_in', 100],
    ]);
    expect((await list(sender, `?q=${recipient.ztartag}`)).items).toHaveLength(3);
  });
});
