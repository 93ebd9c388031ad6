import { IDEMPOTENCY_KEY_HOURS } from '@ztart/shared/contracts/wallet';
import { SESSION_IDLE_TIMEOUT_MINUTES } from '@ztart/shared/limits';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw-query.ts';
import { outboxMessages } from '../../integrations/outbox/tables.ts';
import { signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { authTokens, sessions } from '../auth/tables.ts';
import { idempotencyKeys } from '../idempotency/tables.ts';
import { liveEventRelay } from '../notifications/tables.ts';
import { claimScheduledRun } from './scheduled.ts';
import { HOUSEKEEPING_PERIOD_MS, OUTBOX_RETENTION_DAYS } from './service.ts';

const HOUR_MS = 60 * 60 * 1000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('housekeeping', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const countOf = async (table: string) => {
    const [row] = await queryRows<{ count: number }>(
      testApp.database.db,
      sql`SELECT count(*)::int AS count FROM ${sql.identifier(table)}`,
    );
    return row!.count;
  };

  it('removes what expired and keeps what has not, idempotency keys for their whole window', async () => {
    const { app, database } = testApp;
    const db = database.db;
    const person = await signUpAndSignIn(app);
    const now = new Date(Date.UTC(2030, 0, 10, 12, 0, 0));
    // A session idle too long, and one in use.
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, person.userId));
    await db.insert(sessions).values({
      userId: person.userId,
      tokenHash: 'idle-session',
      createdAt: at(now, -2 * HOUR_MS),
      lastSeenAt: at(now, -(SESSION_IDLE_TIMEOUT_MINUTES + 1) * 60 * 1000),
      expiresAt: at(now, 24 * HOUR_MS),
    });
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: at(now, HOUR_MS) })
      .where(eq(sessions.id, session!.id));
    await db.insert(authTokens).values([
      {
        userId: person.userId,
        purpose: 'reset_password',
        tokenHash: 'gone',
        email: person.email,
        expiresAt: at(now, -1),
      },
      {
        userId: person.userId,
        purpose: 'reset_password',
        tokenHash: 'kept',
        email: person.email,
        expiresAt: at(now, HOUR_MS),
      },
    ]);
    const key = (name: string, createdAt: Date) => ({
      scope: person.userId,
      key: name,
      requestHash: 'h',
      statusCode: 201,
      response: sql`'null'::jsonb`,
      createdAt,
      expiresAt: at(createdAt, IDEMPOTENCY_KEY_HOURS * HOUR_MS),
    });
    await db
      .insert(idempotencyKeys)
      .values([
        key('within-window', at(now, -(IDEMPOTENCY_KEY_HOURS * HOUR_MS - 60_000))),
        key('past-window', at(now, -(IDEMPOTENCY_KEY_HOURS * HOUR_MS + 60_000))),
      ]);
    await db.insert(outboxMessages).values([
      {
        channel: 'email',
        recipient: 'old@example.test',
        text: 'old',
        createdAt: at(now, -(OUTBOX_RETENTION_DAYS + 1) * 24 * HOUR_MS),
      },
      { channel: 'email', recipient: 'new@example.test', text: 'new', createdAt: at(now, -HOUR_MS) },
    ]);
    await db.insert(liveEventRelay).values([
      { payload: {}, createdAt: at(now, -2 * HOUR_MS) },
      { payload: {}, createdAt: now },
    ]);

    const outcome = await app.housekeeping.runOnce(now);

    expect(outcome).toMatchObject({ sessions: 1, idempotencyKeys: 1, liveEvents: 1 });
    // The sign-up's verification link (expired by 2030) goes too.
    expect(outcome!.authTokens).toBeGreaterThanOrEqual(1);
    expect(outcome!.outboxMessages).toBeGreaterThanOrEqual(1);
    const keys = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, person.userId));
    expect(keys.map((row) => row.key)).toEqual(['within-window']);
    const tokens = await db
      .select({ hash: authTokens.tokenHash })
      .from(authTokens)
      .where(eq(authTokens.userId, person.userId));
    expect(tokens.map((row) => row.hash)).toContain('kept');
    expect(tokens.map((row) => row.hash)).not.toContain('gone');
    const open = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, person.userId));
    expect(open.map((row) => row.id)).toEqual([session!.id]);
    expect(await countOf('live_event_relay')).toBe(1);
    const recipients = (await db.select({ to: outboxMessages.recipient }).from(outboxMessages)).map(
      (row) => row.to,
    );
    expect(recipients).toContain('new@example.test');
    expect(recipients).not.toContain('old@example.test');
  });

  it('runs once per hour whichever instance asks, and again the next hour', async () => {
    const { app } = testApp;
    const hour = new Date(Date.UTC(2030, 1, 1, 8, 0, 0));

    expect(await app.housekeeping.runOnce(at(hour, 5_000))).not.toBeNull();
    expect(await app.housekeeping.runOnce(at(hour, 60_000))).toBeNull();
    expect(await app.housekeeping.runOnce(at(hour, HOUSEKEEPING_PERIOD_MS + 1_000))).not.toBeNull();
  });

  it('takes over a run whose instance died before finishing it, once its lease has run out', async () => {
    const { app, database } = testApp;
    const hour = new Date(Date.UTC(2030, 2, 1, 8, 0, 0));
    // An instance claimed the hour and died: no finished_at.
    expect(
      await claimScheduledRun(database.db, 'housekeeping', hour, {
        periodMs: HOUSEKEEPING_PERIOD_MS,
        leaseMs: 60_000,
      }),
    ).not.toBeNull();

    expect(await app.housekeeping.runOnce(at(hour, 30_000))).toBeNull();
    expect(await app.housekeeping.runOnce(at(hour, 61_000))).not.toBeNull();
    expect(await app.housekeeping.runOnce(at(hour, 20 * 60_000))).toBeNull();
  });
});
