import type { Notification, NotificationListResponse } from '@ztart/shared/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { notify } from './service.ts';

describe('notifications', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-03-01T12:00:00.000Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const get = (person: SignedInPerson, url: string) => testApp.app.inject(as(person, { method: 'GET', url }));
  const post = (person: SignedInPerson, url: string) =>
    testApp.app.inject(as(person, { method: 'POST', url }));

  /** `count` notifications, one minute apart, some at the very same moment (the cursor's id breaks the tie). */
  async function seed(userId: string, count: number) {
    const rows = [];
    for (let i = 0; i < count; i += 1) {
      if (i % 3 !== 0) clock.advance({ minutes: 1 });
      const row = await notify(testApp.database.db, {
        userId,
        type: i % 2 === 0 ? 'system' : 'transfer',
        event: 'deposit_completed',
        data: { amountMinor: i + 1, currency: 'USD' },
        now: clock.now(),
      });
      if (!row) throw new Error('every type is on by default: notify() wrote nothing');
      rows.push(row);
    }
    return rows;
  }

  it('lists newest first in pages by cursor, without gaps or repeats, with the unread count', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const other = await signUpAndSignIn(testApp.app);
    const rows = await seed(person.userId, 23);
    await seed(other.userId, 2);

    const seen: Notification[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await get(
        person,
        `/api/notifications?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      const page: NotificationListResponse = answer.json();
      expect(page.unreadCount).toBe(23);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);

    expect(pages).toBe(5);
    // Newest first; notifications of the same moment in descending id order.
    const expected = [...rows].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
    );
    expect(seen.map((item) => item.id)).toEqual(expected.map((row) => row.id));
  });

  it('marks one read, filters by unread, and marks all read', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const [first, second, third] = await seed(person.userId, 3);

    clock.advance({ minutes: 5 });
    const read = await post(person, `/api/notifications/${second!.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: second!.id, readAt: clock.now().toISOString() });
    // Reading it again keeps the first time it was read.
    clock.advance({ minutes: 1 });
    expect((await post(person, `/api/notifications/${second!.id}/read`)).json().readAt).toBe(
      read.json().readAt,
    );

    const unread = (await get(person, '/api/notifications?unread=true')).json();
    expect(unread.items.map((item: Notification) => item.id)).toEqual([third!.id, first!.id]);
    expect(unread.unreadCount).toBe(2);
    const readOnly = (await get(person, '/api/notifications?unread=false')).json();
    expect(readOnly.items.map((item: Notification) => item.id)).toEqual([second!.id]);

    const all = await post(person, '/api/notifications/read-all');
    expect(all.json()).toEqual({ updated: 2 });
    expect((await post(person, '/api/notifications/read-all')).json()).toEqual({ updated: 0 });
    expect((await get(person, '/api/notifications')).json().unreadCount).toBe(0);
  });

  it('counts the unread for the bell, and filters by type', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const other = await signUpAndSignIn(testApp.app);
    const [first, second, third, fourth] = await seed(person.userId, 4);
    await seed(other.userId, 3);

    expect((await get(person, '/api/notifications/unread-count')).json()).toEqual({ unreadCount: 4 });
    await post(person, `/api/notifications/${second!.id}/read`);
    expect((await get(person, '/api/notifications/unread-count')).json()).toEqual({ unreadCount: 3 });

    // Seeded alternately: system, transfer, system, transfer.
    const system = (await get(person, '/api/notifications?type=system')).json();
    expect(system.items.map((item: Notification) => item.id)).toEqual([third!.id, first!.id]);
    const unreadTransfers = (await get(person, '/api/notifications?type=transfer&unread=true')).json();
    expect(unreadTransfers.items.map((item: Notification) => item.id)).toEqual([fourth!.id]);
    // The count stays the person's whole unread count, whatever the filter.
    expect(unreadTransfers.unreadCount).toBe(3);
    expect((await get(person, '/api/notifications?type=gossip')).statusCode).toBe(400);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/notifications/unread-count' })).statusCode,
    ).toBe(401);
  });

  it('keeps each person to their own notifications', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const stranger = await signUpAndSignIn(testApp.app);
    const [mine] = await seed(person.userId, 1);

    const answer = await post(stranger, `/api/notifications/${mine!.id}/read`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.code).toBe('not_found');
    expect((await post(stranger, '/api/notifications/read-all')).json()).toEqual({ updated: 0 });
    expect((await get(person, '/api/notifications')).json().unreadCount).toBe(1);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await get(person, '/api/notifications?cursor=not-a-cursor')).json().error.code).toBe(
      'bad_request',
    );
  });
});
