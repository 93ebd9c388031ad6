import type { AddressInfo } from 'node:net';
import type { NotificationPreferences } from '@ztart/shared/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson } from '../../test/accounts.ts';
import { openStream } from '../../test/event-stream.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { postTip, ROOMY_TIP_RATE_LIMITS } from '../../test/tip-fixtures.ts';
import {
  availableOf,
  createPerson,
  expectLedgerSound,
  fund,
  postTransfer,
} from '../../test/transfer-fixtures.ts';
import { notify } from './service.ts';

describe('notification preferences', () => {
  let testApp: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_TIP_RATE_LIMITS });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const person = (options?: Parameters<typeof createPerson>[2]) => createPerson(testApp.app, db(), options);
  const call = (who: SignedInPerson, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    testApp.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));
  const preferencesOf = async (who: SignedInPerson) => {
    const answer = await call(who, 'GET', '/api/notification-preferences');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<NotificationPreferences>().items;
  };
  const turn = async (who: SignedInPerson, items: NotificationPreferences['items']) => {
    const answer = await call(who, 'PUT', '/api/notification-preferences', { items });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<NotificationPreferences>().items;
  };
  const notificationsOf = async (who: SignedInPerson) =>
    (await call(who, 'GET', '/api/notifications')).json<{
      items: { event: string }[];
      unreadCount: number;
    }>();

  it('has every type on at first; a change keeps the types not named, and stays the person’s own', async () => {
    const someone = await person();
    const other = await person();
    expect(await preferencesOf(someone)).toEqual([
      { type: 'tip', inApp: true },
      { type: 'transfer', inApp: true },
      { type: 'system', inApp: true },
      { type: 'achievement', inApp: true },
      { type: 'reminder', inApp: true },
    ]);

    const changed = await turn(someone, [
      { type: 'transfer', inApp: false },
      { type: 'reminder', inApp: false },
    ]);
    expect(changed.filter((item) => !item.inApp).map((item) => item.type)).toEqual(['transfer', 'reminder']);
    const back = await turn(someone, [{ type: 'reminder', inApp: true }]);
    expect(back.filter((item) => !item.inApp).map((item) => item.type)).toEqual(['transfer']);
    expect(await preferencesOf(someone)).toEqual(back);
    expect((await preferencesOf(other)).every((item) => item.inApp)).toBe(true);
  });

  it('refuses an unknown type, a type named twice, an empty change and a stranger', async () => {
    const someone = await person();
    const put = (items: unknown) => call(someone, 'PUT', '/api/notification-preferences', { items });
    expect((await put([{ type: 'gossip', inApp: false }])).statusCode).toBe(400);
    expect(
      (
        await put([
          { type: 'tip', inApp: false },
          { type: 'tip', inApp: true },
        ])
      ).statusCode,
    ).toBe(400);
    expect((await put([])).statusCode).toBe(400);
    expect((await put([{ type: 'tip', inApp: 'no' }])).statusCode).toBe(400);
    expect((await preferencesOf(someone)).every((item) => item.inApp)).toBe(true);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/notification-preferences' })).statusCode,
    ).toBe(401);
  });

  it('notify() writes nothing for a type turned off, and the other types as before', async () => {
    const someone = await person();
    await turn(someone, [{ type: 'system', inApp: false }]);
    const now = new Date();
    const data = { amountMinor: 100, currency: 'USD' as const };
    expect(
      await notify(db(), { userId: someone.userId, type: 'system', event: 'deposit_completed', data, now }),
    ).toBeNull();
    const written = await notify(db(), {
      userId: someone.userId,
      type: 'reminder',
      event: 'debt_due',
      data,
      now,
    });
    expect(written).toMatchObject({ userId: someone.userId, type: 'reminder' });
    const list = await notificationsOf(someone);
    expect(list.items.map((item) => item.event)).toEqual(['debt_due']);
    expect(list.unreadCount).toBe(1);
  });

  it('a transfer to someone who turned transfers off moves the money, with no notification and no live one', async () => {
    const sender = await person({ phoneVerified: true });
    const recipient = await person();
    await fund(db(), sender.userId, 10_000);
    await turn(recipient, [{ type: 'transfer', inApp: false }]);
    const stream = await openStream(baseUrl, recipient);
    await stream.waitFor((text) => text.includes(': connected'));

    const quiet = await postTransfer(testApp.app, sender, { recipient: recipient.ztartag, amountMinor: 700 });
    expect(quiet.statusCode, quiet.body).toBe(201);
    await stream.waitFor((text) => text.includes('event: transaction'));
    expect(await availableOf(db(), recipient.userId)).toBe(700);
    expect(await notificationsOf(recipient)).toMatchObject({ items: [], unreadCount: 0 });

    // Turned back on, the next one is told, on the page and in the list.
    await turn(recipient, [{ type: 'transfer', inApp: true }]);
    const told = await postTransfer(testApp.app, sender, { recipient: recipient.ztartag, amountMinor: 300 });
    expect(told.statusCode, told.body).toBe(201);
    await stream.waitFor((text) => text.includes('event: notification'));
    expect(stream.events('notification')).toMatchObject([
      { notification: { event: 'transfer_received', data: { amountMinor: 300 } } },
    ]);
    expect(stream.events('transaction')).toHaveLength(2);
    await stream.close();
    const list = await notificationsOf(recipient);
    expect(list.items.map((item) => item.event)).toEqual(['transfer_received']);
    expect(list.unreadCount).toBe(1);
    await expectLedgerSound(db());
  });

  it('a tip from the wallet respects the receiver’s tip preference, not their transfer one', async () => {
    const sender = await person({ phoneVerified: true });
    const receiver = await person();
    await fund(db(), sender.userId, 10_000);
    await turn(receiver, [{ type: 'tip', inApp: false }]);

    const tip = await postTip(
      testApp.app,
      { source: 'wallet', receiver: receiver.ztartag, amountMinor: 500 },
      { as: sender },
    );
    expect(tip.statusCode, tip.body).toBe(201);
    expect(await notificationsOf(receiver)).toMatchObject({ items: [], unreadCount: 0 });
    const transfer = await postTransfer(testApp.app, sender, {
      recipient: receiver.ztartag,
      amountMinor: 200,
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    expect((await notificationsOf(receiver)).items.map((item) => item.event)).toEqual(['transfer_received']);
    await expectLedgerSound(db());
  });

  it('tells the person’s other pages the new unread count when they read one or all', async () => {
    const someone = await person();
    const now = new Date();
    const data = { amountMinor: 100, currency: 'USD' as const };
    const first = await notify(db(), {
      userId: someone.userId,
      type: 'system',
      event: 'deposit_completed',
      data,
      now,
    });
    await notify(db(), { userId: someone.userId, type: 'system', event: 'deposit_completed', data, now });
    await notify(db(), { userId: someone.userId, type: 'system', event: 'deposit_completed', data, now });
    const stream = await openStream(baseUrl, someone);
    await stream.waitFor((text) => text.includes(': connected'));

    expect((await call(someone, 'POST', `/api/notifications/${first!.id}/read`)).statusCode).toBe(200);
    await stream.waitFor((text) => text.includes('event: notifications_read'));
    expect((await call(someone, 'POST', '/api/notifications/read-all')).json()).toEqual({ updated: 2 });
    await stream.waitFor(() => stream.events('notifications_read').length === 2);
    // Nothing left to read: no event.
    expect((await call(someone, 'POST', '/api/notifications/read-all')).json()).toEqual({ updated: 0 });
    await stream.close();
    expect(stream.events('notifications_read')).toEqual([
      { type: 'notifications_read', unreadCount: 2 },
      { type: 'notifications_read', unreadCount: 0 },
    ]);
  });
});
