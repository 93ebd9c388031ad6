import type { Contact } from '@ztart/shared/contracts/contacts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw-query.ts';
import { as, type SignedInPerson, uniqueEmail } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { expectMoneyKept, postTip, ROOMY_TIP_RATE_LIMITS } from '../../test/tip-fixtures.ts';
import { availableOf, createPerson, fund, postTransfer, uniquePhone } from '../../test/transfer-fixtures.ts';
import { blockedEitherWay, hasBlocked, isBlockedEitherWay } from './blocking.ts';

describe('blocking', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_TIP_RATE_LIMITS });
  });
  afterAll(() => testApp.close());
  afterEach(() => expectMoneyKept(db()));

  const db = () => testApp.database.db;
  const person = (options?: Parameters<typeof createPerson>[2]) => createPerson(testApp.app, db(), options);
  const call = (who: SignedInPerson, options: InjectOptions) => testApp.app.inject(as(who, options));

  /** `blocker` adds `blocked` as a contact by ztartag and blocks them. */
  async function block(blocker: SignedInPerson, blocked: { ztartag: string }) {
    const answer = await call(blocker, {
      method: 'POST',
      url: '/api/contacts',
      payload: { nickname: 'Pest', ztartag: blocked.ztartag, blocked: true },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Contact>();
  }

  it('hides the blocker from every search of the blocked person, as if nobody had the name', async () => {
    const blocker = await person({ fullName: 'Blocker', phoneVerified: true });
    const blocked = await person();
    await block(blocker, blocked);

    for (const q of [blocker.ztartag, blocker.email, blocker.phone!]) {
      const lookup = await call(blocked, {
        method: 'GET',
        url: `/api/contacts/lookup?q=${encodeURIComponent(q)}`,
      });
      expect(lookup.json(), q).toEqual({ person: null });
    }
    const recipient = await call(blocked, {
      method: 'GET',
      url: `/api/transfers/recipient?q=${blocker.ztartag}`,
    });
    const nobody = await call(blocked, { method: 'GET', url: '/api/transfers/recipient?q=nobody_at_all_9' });
    expect(recipient.statusCode).toBe(404);
    expect(recipient.json()).toEqual(nobody.json());
    const add = await call(blocked, {
      method: 'POST',
      url: '/api/contacts',
      payload: { nickname: 'B', ztartag: blocker.ztartag },
    });
    expect(add.statusCode).toBe(404);
    expect(add.json().error.code).toBe('recipient_user_not_found');

    // The blocker still finds the person they blocked; a third person still finds the blocker.
    const own = await call(blocker, { method: 'GET', url: `/api/contacts/lookup?q=${blocked.ztartag}` });
    expect(own.json().person.ztartag).toBe(blocked.ztartag);
    const third = await person();
    const theirs = await call(third, { method: 'GET', url: `/api/contacts/lookup?q=${blocker.ztartag}` });
    expect(theirs.json().person.ztartag).toBe(blocker.ztartag);
  });

  it('refuses the blocked person’s transfers and wallet tips with a missing account’s answer: no money moves', async () => {
    const blocker = await person();
    const blocked = await person({ phoneVerified: true });
    await fund(db(), blocked.userId, 10_000);
    const contact = await block(blocker, blocked);

    const transfer = await postTransfer(testApp.app, blocked, {
      recipient: blocker.ztartag,
      amountMinor: 1_000,
    });
    expect(transfer.statusCode).toBe(404);
    expect(transfer.json().error.code).toBe('recipient_user_not_found');
    const tip = await postTip(
      testApp.app,
      { source: 'wallet', receiver: blocker.ztartag, amountMinor: 500 },
      { as: blocked },
    );
    expect(tip.statusCode).toBe(404);
    expect(tip.json().error.code).toBe('recipient_user_not_found');
    const cardTip = await postTip(
      testApp.app,
      { receiver: blocker.ztartag, amountMinor: 500 },
      { as: blocked },
    );
    expect(cardTip.statusCode).toBe(404);
    expect(cardTip.json().error.code).toBe('recipient_user_not_found');

    expect(await availableOf(db(), blocked.userId)).toBe(10_000);
    expect(await availableOf(db(), blocker.userId)).toBe(0);
    const history = await call(blocked, { method: 'GET', url: '/api/transactions' });
    expect(history.json().items.filter((t: { kind: string }) => t.kind !== 'deposit')).toEqual([]);

    // The blocker can still pay them; once unblocked, the money goes through again.
    await fund(db(), blocker.userId, 1_000);
    expect(
      (await postTransfer(testApp.app, blocker, { recipient: blocked.ztartag, amountMinor: 300 })).statusCode,
    ).toBe(201);
    await call(blocker, { method: 'PATCH', url: `/api/contacts/${contact.id}`, payload: { blocked: false } });
    const after = await postTransfer(testApp.app, blocked, {
      recipient: blocker.ztartag,
      amountMinor: 1_000,
    });
    expect(after.statusCode, after.body).toBe(201);
    expect(await availableOf(db(), blocker.userId)).toBe(1_700);
  });

  it('answers a transfer typed by email or phone to someone who blocked the sender exactly as to nobody', async () => {
    const blocker = await person({ phoneVerified: true });
    const blocked = await person();
    await fund(db(), blocked.userId, 10_000);
    await block(blocker, blocked);
    const answerOf = async (recipient: string) => {
      const answer = await postTransfer(testApp.app, blocked, { recipient, amountMinor: 1_000 });
      return { status: answer.statusCode, error: answer.json().error };
    };
    const nobodyByEmail = await answerOf(uniqueEmail('nobody'));
    expect(nobodyByEmail).toMatchObject({ status: 404, error: { code: 'recipient_not_found' } });
    expect(await answerOf(blocker.email)).toEqual(nobodyByEmail);
    const nobodyByPhone = await answerOf(uniquePhone());
    expect(nobodyByPhone.status).toBe(404);
    expect(await answerOf(blocker.phone!)).toEqual(nobodyByPhone);
    expect(await availableOf(db(), blocked.userId)).toBe(10_000);
  });

  it('lists the history with one person by the transactions counterparty filter', async () => {
    const me = await person();
    const friend = await person();
    const other = await person();
    await fund(db(), me.userId, 5_000);
    await postTransfer(testApp.app, me, { recipient: friend.ztartag, amountMinor: 100 });
    await postTransfer(testApp.app, me, { recipient: other.ztartag, amountMinor: 200 });
    const items = (
      await call(me, { method: 'GET', url: `/api/transactions?counterparty=@${friend.ztartag}` })
    ).json().items;
    expect(items.map((t: { amountMinor: number }) => t.amountMinor)).toEqual([100]);
    expect((await call(me, { method: 'GET', url: '/api/transactions?counterparty=a%20b' })).statusCode).toBe(
      400,
    );
  });

  it('answers either way for nearby people, by function and as a SQL condition', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    await block(a, b);
    expect(await hasBlocked(db(), a.userId, b.userId)).toBe(true);
    expect(await hasBlocked(db(), b.userId, a.userId)).toBe(false);
    expect(await isBlockedEitherWay(db(), b.userId, a.userId)).toBe(true);
    expect(await isBlockedEitherWay(db(), a.userId, c.userId)).toBe(false);
    const visible = await queryRows<{ id: string }>(
      db(),
      sql`SELECT id FROM users WHERE id IN (${a.userId}::uuid, ${c.userId}::uuid)
        AND NOT ${blockedEitherWay(sql`${b.userId}::uuid`, sql`users.id`)}`,
    );
    expect(visible.map((row) => row.id)).toEqual([c.userId]);
  });
});
