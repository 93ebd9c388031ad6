import type { ActivityItem, ActivityListResponse } from '@ztart/shared/contracts/activity';
import type { QrCode } from '@ztart/shared/contracts/qr-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createPerson, fund, postTransfer, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';

describe('activity feed (GET /api/activity)', () => {
  let testApp: TestApp;
  // The real clock: the audit rows of sign-ins take the database's time, the money the app's.
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_RATE_LIMITS });
  });
  /** A few milliseconds between steps, so that each has its own moment. */
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const call = (who: SignedInPerson, method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));
  const feed = async (who: SignedInPerson, query = '') => {
    const answer = await call(who, 'GET', `/api/activity${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<ActivityListResponse>();
  };
  /** Every page of the feed, following the cursors. */
  const wholeFeed = async (who: SignedInPerson, query: string, limit: number) => {
    const items: ActivityItem[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages += 1) {
      const page = await feed(
        who,
        `?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      items.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    return items;
  };
  const labelOf = (item: ActivityItem) =>
    item.type === 'money' ? `money:${item.transaction?.kind}` : `${item.type}:${item.action}`;

  /**
   * A person who signed up, signed in again from a phone, made a PIN, was paid, paid someone, and
   * scanned someone's QR code; and the other person of those payments.
   */
  async function story() {
    const someone = await createPerson(testApp.app, db(), { phoneVerified: true });
    const other = await createPerson(testApp.app, db(), { phoneVerified: true });
    await fund(db(), other.userId, 10_000);
    await fund(db(), someone.userId, 10_000);
    await tick();
    const phone = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: someone.ip,
      headers: { 'user-agent': ANDROID },
      payload: { email: someone.email, password: someone.password },
    });
    expect(phone.statusCode, phone.body).toBe(200);
    await tick();
    const pin = await call(someone, 'POST', '/api/pin', { pin: '482913', pinConfirmation: '482913' });
    expect(pin.statusCode, pin.body).toBe(201);
    await tick();
    expect(
      (await postTransfer(testApp.app, other, { recipient: someone.ztartag, amountMinor: 1_200 })).statusCode,
    ).toBe(201);
    await tick();
    expect(
      (await postTransfer(testApp.app, someone, { recipient: other.ztartag, amountMinor: 300 })).statusCode,
    ).toBe(201);
    await tick();
    const qr = await call(other, 'POST', '/api/qr-codes', { title: 'Tips', currency: 'USD' });
    expect(qr.statusCode, qr.body).toBe(201);
    const scanned = await call(someone, 'GET', `/q/${qr.json<QrCode>().code}`);
    expect(scanned.statusCode).toBe(302);
    // What the app logs for itself does not enter the feed.
    await tick();
    await call(someone, 'POST', '/api/rpc/log_user_action', { p_action_type: 'opened_help' });
    return { someone, other };
  }

  it('shows the person’s own sign-ins, security changes, money and QR scans, newest first', async () => {
    const { someone } = await story();
    const { items, nextCursor } = await feed(someone);
    expect(nextCursor).toBeNull();
    expect(items.map(labelOf)).toEqual([
      'qr_scan:qr_scanned',
      'money:transfer_out',
      'money:transfer_in',
      'security:pin_created',
      'sign_in:sign_in',
      'sign_in:sign_in',
      'security:email_verified',
      'sign_in:sign_up',
    ]);
    const times = items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const [scan, sent, received] = items;
    expect(scan).toMatchObject({ ztartag: expect.any(String), transaction: null });
    expect(sent!.transaction).toMatchObject({ kind: 'transfer_out', amountMinor: 300, status: 'completed' });
    expect(received!.transaction).toMatchObject({ kind: 'transfer_in', amountMinor: 1_200 });
    expect(items[4]!.userAgent).toContain('Android 14');
    expect(items[5]!.userAgent).not.toContain('Android');
  });

  it('filters by type, and pages by cursor without gaps or repeats', async () => {
    const { someone } = await story();
    const all = (await feed(someone)).items;
    expect((await feed(someone, '?type=money')).items.map(labelOf)).toEqual([
      'money:transfer_out',
      'money:transfer_in',
    ]);
    expect((await feed(someone, '?type=sign_in')).items.map(labelOf)).toEqual([
      'sign_in:sign_in',
      'sign_in:sign_in',
      'sign_in:sign_up',
    ]);
    expect((await feed(someone, '?type=security')).items.map(labelOf)).toEqual([
      'security:pin_created',
      'security:email_verified',
    ]);
    expect((await feed(someone, '?type=qr_scan')).items.map(labelOf)).toEqual(['qr_scan:qr_scanned']);

    for (const limit of [1, 2, 4]) {
      expect((await wholeFeed(someone, '', limit)).map((item) => item.id)).toEqual(
        all.map((item) => item.id),
      );
    }
    expect((await wholeFeed(someone, '&type=sign_in', 1)).map(labelOf)).toEqual([
      'sign_in:sign_in',
      'sign_in:sign_in',
      'sign_in:sign_up',
    ]);
  });

  it('never shows another person’s rows, an address, metadata or a secret', async () => {
    const { someone, other } = await story();
    const mine = (await feed(someone)).items;
    const theirs = (await feed(other)).items;
    const myIds = new Set(mine.map((item) => item.id));
    expect(theirs.some((item) => myIds.has(item.id))).toBe(false);
    // The other person sees their own side of the same payments, and no scan of their code by someone else.
    expect(theirs.map(labelOf).filter((label) => label.startsWith('money:'))).toEqual([
      'money:transfer_in',
      'money:transfer_out',
    ]);
    expect(theirs.map(labelOf)).not.toContain('qr_scan:qr_scanned');

    const text = JSON.stringify(mine);
    expect(text).not.toContain('482913');
    expect(text).not.toContain(someone.ip);
    for (const item of mine) {
      expect(Object.keys(item).sort()).toEqual(
        ['action', 'createdAt', 'id', 'transaction', 'type', 'userAgent', 'ztartag'].sort(),
      );
    }
  });

  it('refuses a stranger, an unknown type and a cursor it did not give', async () => {
    const someone = await createPerson(testApp.app, db());
    expect((await testApp.app.inject({ method: 'GET', url: '/api/activity' })).statusCode).toBe(401);
    expect((await call(someone, 'GET', '/api/activity?type=gossip')).statusCode).toBe(400);
    expect((await call(someone, 'GET', '/api/activity?cursor=nope')).json().error.code).toBe('bad_request');
  });
});
