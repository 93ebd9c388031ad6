import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { LiveEvent } from '@ztart/shared/contracts/notifications';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { openStream } from '../../test/event-stream.ts';
import { buildTestApps } from '../../test/test-app.ts';
import { TEST_DATABASE_URL } from '../../test/test-database.ts';
import { createPerson, fund, postTransfer, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import {
  type LiveChannelKind,
  liveChannelKindOf,
  NOTIFY_PAYLOAD_MAX_BYTES,
  startLiveChannel,
} from './channel.ts';
import { LiveEvents, type LiveMessage } from './live.ts';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
const log = Fastify({ logger: false }).log;

const baseUrlOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function waitUntil(found: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!found()) {
    if (Date.now() > deadline) throw new Error(`${what}: not in time`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A notification event whose data is `size` characters long. */
function noteOfSize(size: number): LiveEvent {
  return {
    type: 'notification',
    notification: {
      id: '00000000-0000-4000-8000-000000000001',
      type: 'transfer',
      event: 'transfer_received',
      data: { fromName: 'x'.repeat(size) },
      read: false,
      createdAt: new Date(0).toISOString(),
    },
  } as unknown as LiveEvent;
}

describe('which channel carries live events between instances', () => {
  it('is Redis with REDIS_URL, PostgreSQL on a server without it, none on the embedded database', () => {
    const config = { liveEventsChannel: 'auto' as const, redisUrl: undefined };
    expect(liveChannelKindOf({ ...config, redisUrl: 'redis://127.0.0.1' }, { kind: 'postgres' })).toBe(
      'redis',
    );
    expect(liveChannelKindOf(config, { kind: 'postgres' })).toBe('postgres');
    expect(liveChannelKindOf(config, { kind: 'pglite' })).toBe('local');
    expect(liveChannelKindOf({ ...config, liveEventsChannel: 'local' }, { kind: 'postgres' })).toBe('local');
  });
});

/** Two instances' buses on one database (and Redis), as two processes would have them. */
function channelPair(kind: LiveChannelKind, database: Database) {
  const a = new LiveEvents();
  const b = new LiveEvents();
  const config = { redisUrl: TEST_REDIS_URL };
  const channelA = startLiveChannel(a, { kind, config, database, log });
  const channelB = startLiveChannel(b, { kind, config, database, log });
  const heardOnB: LiveMessage[] = [];
  const heardOnA: LiveMessage[] = [];
  return {
    a,
    b,
    heardOnA,
    heardOnB,
    listen: (userId: string) => {
      b.subscribe(userId, (message) => heardOnB.push(message));
      a.subscribe(userId, (message) => heardOnA.push(message));
    },
    started: Promise.all([channelA.started, channelB.started]),
    close: () => Promise.all([channelA.close(), channelB.close()]),
  };
}

function channelContract(kind: LiveChannelKind, databaseOf: () => Database) {
  it('carries an event, and the end of sessions, from one instance to the other, once each', async () => {
    const pair = channelPair(kind, databaseOf());
    try {
      await pair.started;
      pair.listen('person-1');
      pair.a.publish('person-1', { type: 'notifications_read', unreadCount: 3 });
      pair.a.endSessions('person-1', ['session-9']);
      await waitUntil(() => pair.heardOnB.length === 2, 'both messages on B');
      expect(pair.heardOnB).toEqual([
        { kind: 'event', event: { type: 'notifications_read', unreadCount: 3 } },
        { kind: 'sessions-ended', sessionIds: ['session-9'] },
      ]);
      // A delivered its own at once, and does not get them back from the channel.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(pair.heardOnA).toHaveLength(2);
      expect(pair.heardOnB).toHaveLength(2);
    } finally {
      await pair.close();
    }
  });

  it('carries an event larger than a PostgreSQL notification may be', async () => {
    const pair = channelPair(kind, databaseOf());
    try {
      await pair.started;
      pair.listen('person-2');
      const large = noteOfSize(NOTIFY_PAYLOAD_MAX_BYTES * 2);
      pair.a.publish('person-2', large);
      await waitUntil(() => pair.heardOnB.length === 1, 'the large event on B');
      expect(pair.heardOnB).toEqual([{ kind: 'event', event: large }]);
    } finally {
      await pair.close();
    }
  });
}

describe.runIf(TEST_DATABASE_URL)('live events between instances through PostgreSQL LISTEN/NOTIFY', () => {
  let apps: Awaited<ReturnType<typeof buildTestApps>>;
  beforeAll(async () => {
    apps = await buildTestApps(2, { rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => apps.close());

  channelContract('postgres', () => apps.database);

  it('sent the large event as the id of its row in the relay table', async () => {
    const [row] = await queryRows<{ count: number }>(
      apps.database.db,
      sql`SELECT count(*)::int AS count FROM live_event_relay`,
    );
    expect(row?.count).toBeGreaterThanOrEqual(1);
  });

  it('a transfer made through instance A reaches the recipient’s page open on instance B', async () => {
    const [a, b] = apps.apps as [App, App];
    await Promise.all([a.listen({ port: 0, host: '127.0.0.1' }), b.listen({ port: 0, host: '127.0.0.1' })]);
    await Promise.all([a.liveChannel.started, b.liveChannel.started]);
    expect(a.liveChannel.kind).toBe('postgres');
    const db = apps.database.db;
    const sender = await createPerson(a, db, { fullName: 'Ana Across' });
    const recipient = await createPerson(a, db);
    await fund(db, sender.userId, 5_000);
    const stream = await openStream(baseUrlOf(b), recipient);
    try {
      await stream.waitFor((text) => text.includes(': connected'));
      const sent = await postTransfer(a, sender, { recipient: recipient.ztartag, amountMinor: 700 });
      expect(sent.statusCode).toBe(201);
      // The two events are published apart, so either may arrive first.
      await stream.waitFor(
        (text) => text.includes('event: notification') && text.includes('event: transaction'),
      );
      expect(stream.events('transaction')).toMatchObject([
        { type: 'transaction', transaction: { kind: 'transfer_in', amountMinor: 700 } },
      ]);
    } finally {
      await stream.close();
    }
  });
});

describe.runIf(TEST_DATABASE_URL)('with the channel between instances turned off', () => {
  it('a page open on instance B never hears of a transfer made through instance A', async () => {
    const apps = await buildTestApps(2, {
      rateLimits: ROOMY_RATE_LIMITS,
      config: { liveEventsChannel: 'local' },
    });
    try {
      const [a, b] = apps.apps as [App, App];
      await Promise.all([a.listen({ port: 0, host: '127.0.0.1' }), b.listen({ port: 0, host: '127.0.0.1' })]);
      const db = apps.database.db;
      const sender = await createPerson(a, db);
      const recipient = await createPerson(a, db);
      await fund(db, sender.userId, 5_000);
      const onB = await openStream(baseUrlOf(b), recipient);
      const onA = await openStream(baseUrlOf(a), recipient);
      try {
        await onB.waitFor((text) => text.includes(': connected'));
        await onA.waitFor((text) => text.includes(': connected'));
        const sent = await postTransfer(a, sender, { recipient: recipient.ztartag, amountMinor: 300 });
        expect(sent.statusCode).toBe(201);
        await onA.waitFor((text) => text.includes('event: notification'));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(onB.text()).not.toContain('event: ');
      } finally {
        await Promise.all([onA.close(), onB.close()]);
      }
    } finally {
      await apps.close();
    }
  });
});

describe.runIf(TEST_REDIS_URL)('live events between instances through Redis pub/sub', () => {
  // Only the channel's name comes from the database: a schema of its own keeps parallel tests apart.
  const database = { schemaName: `test_${randomBytes(6).toString('hex')}` } as Database;
  channelContract('redis', () => database);
});
