import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Client } from 'pg';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { describeError } from '../../lib/background.ts';
import type { LiveEvents, LiveMessage } from './live.ts';
import { liveEventRelay } from './tables.ts';

/**
 * How live events reach the pages that other server instances hold (decision 0052): Redis
 * pub/sub when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY when only DATABASE_URL is, none with the
 * embedded database (one process holds every page). LIVE_EVENTS_CHANNEL=local turns it off.
 */
export type LiveChannelKind = 'redis' | 'postgres' | 'local';

/** What travels between instances: who sent it (an instance skips its own), to whom, and what. */
interface Envelope {
  origin: string;
  userId: string;
  message: LiveMessage;
}

/**
 * PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. A larger message is written to
 * `live_event_relay` and only its id is sent; housekeeping removes those rows after an hour.
 */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7_900;
/** How long a PostgreSQL listener waits before connecting again after it lost its connection. */
const RECONNECT_DELAY_MS = 1_000;

export interface LiveChannel {
  kind: LiveChannelKind;
  /** Resolves once this instance listens (at once for `local`); rejects if it could not start. */
  started: Promise<void>;
  close(): Promise<void>;
}

/** Which channel the configuration asks for. */
export function liveChannelKindOf(
  config: Pick<Config, 'liveEventsChannel' | 'redisUrl'>,
  database: Pick<Database, 'kind'>,
): LiveChannelKind {
  if (config.liveEventsChannel !== 'auto') return config.liveEventsChannel;
  if (config.redisUrl) return 'redis';
  if (database.kind === 'postgres') return 'postgres';
  return 'local';
}

/**
 * The channel name: one per database schema, so that apps on different schemas of one server
 * (the tests) never hear each other.
 */
function channelName(database: Pick<Database, 'schemaName'>): string {
  return `ztart_live_${database.schemaName}`.slice(0, 63);
}

/**
 * Connects `live` to the other instances through the channel of `kind`: what this instance
 * publishes is sent out, and what others publish is delivered to the pages open here. Sending
 * never waits and never fails the publisher: a lost message is logged (the page catches up on its
 * next load, as after any reconnection).
 */
export function startLiveChannel(
  live: LiveEvents,
  options: {
    kind: LiveChannelKind;
    config: Pick<Config, 'redisUrl'>;
    database: Database;
    log: FastifyBaseLogger;
  },
): LiveChannel {
  const { kind, database, log } = options;
  const origin = randomUUID();
  const onEnvelope = (envelope: Envelope) => {
    if (envelope.origin !== origin) live.receive(envelope.userId, envelope.message);
  };
  if (kind === 'local') {
    live.relayThrough(undefined);
    return { kind, started: Promise.resolve(), close: async () => {} };
  }
  const channel =
    kind === 'redis'
      ? redisChannel(options.config.redisUrl, channelName(database), onEnvelope, log)
      : postgresChannel(database, channelName(database), onEnvelope, log);
  live.relayThrough((userId, message) => {
    channel.send({ origin, userId, message }).catch((error: unknown) => {
      log.warn(
        { err: describeError(error), channel: kind },
        'a live event could not be sent to the other instances',
      );
    });
  });
  return {
    kind,
    started: channel.started,
    close: async () => {
      live.relayThrough(undefined);
      await channel.close();
    },
  };
}

interface Transport {
  started: Promise<void>;
  send(envelope: Envelope): Promise<void>;
  close(): Promise<void>;
}

function parseEnvelope(text: string, log: FastifyBaseLogger): Envelope | undefined {
  try {
    return JSON.parse(text) as Envelope;
  } catch (error) {
    log.warn({ err: describeError(error) }, 'an unreadable live event was ignored');
    return undefined;
  }
}

function redisChannel(
  redisUrl: string | undefined,
  name: string,
  onEnvelope: (envelope: Envelope) => void,
  log: FastifyBaseLogger,
): Transport {
  if (!redisUrl) throw new Error('LIVE_EVENTS_CHANNEL=redis needs REDIS_URL');
  const clients = import('ioredis').then(({ Redis }) => {
    // A subscribed connection can do nothing else: one to publish, one to listen.
    const publisher = new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 });
    const subscriber = new Redis(redisUrl, { connectTimeout: 2_000 });
    for (const client of [publisher, subscriber]) {
      client.on('error', (error) =>
        log.warn({ err: describeError(error) }, 'live events channel (Redis) unavailable'),
      );
    }
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== name) return;
      const envelope = parseEnvelope(text, log);
      if (envelope) onEnvelope(envelope);
    });
    return { publisher, subscriber };
  });
  const started = clients.then(async ({ subscriber }) => {
    // ioredis subscribes again by itself after a reconnection.
    await subscriber.subscribe(name);
  });
  started.catch(() => {});
  return {
    started,
    send: async (envelope) => {
      const { publisher } = await clients;
      await publisher.publish(name, JSON.stringify(envelope));
    },
    close: async () => {
      const { publisher, subscriber } = await clients;
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/** What a NOTIFY carries: the envelope, or the id of its row in `live_event_relay` when too large. */
type Notice = Envelope | { origin: string; relayId: string };

function postgresChannel(
  database: Database,
  name: string,
  onEnvelope: (envelope: Envelope) => void,
  log: FastifyBaseLogger,
): Transport {
  const { newClient, db } = database;
  if (!newClient) throw new Error('LIVE_EVENTS_CHANNEL=postgres needs DATABASE_URL');
  let client: Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const onNotice = async (text: string) => {
    const notice = parseEnvelope(text, log) as Notice | undefined;
    if (!notice) return;
    if (!('relayId' in notice)) return onEnvelope(notice);
    const [row] = await db
      .select({ payload: liveEventRelay.payload })
      .from(liveEventRelay)
      .where(eq(liveEventRelay.id, notice.relayId));
    if (row) onEnvelope(row.payload as Envelope);
  };

  const connect = async (): Promise<void> => {
    const next = newClient();
    next.on('notification', (message) => {
      if (message.channel !== name || message.payload === undefined) return;
      onNotice(message.payload).catch((error: unknown) =>
        log.warn({ err: describeError(error) }, 'a large live event could not be read'),
      );
    });
    // A broken connection is replaced: the pages miss what was sent meanwhile, as on any reconnection.
    next.on('error', (error) => {
      log.warn({ err: describeError(error) }, 'live events channel (PostgreSQL) lost its connection');
      void next.end().catch(() => {});
      if (client === next) client = undefined;
      retryLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${name}"`);
    } catch (error) {
      // A failure while connecting emits no 'error': it is retried here, until it listens again.
      void next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };
  /** Tries again after RECONNECT_DELAY_MS, and again after each failed try, until closed. */
  const retryLater = () => {
    if (closed) return;
    clearTimeout(retry);
    retry = setTimeout(() => {
      connect().catch((error: unknown) => {
        log.warn({ err: describeError(error) }, 'live events channel (PostgreSQL) could not reconnect');
        retryLater();
      });
    }, RECONNECT_DELAY_MS);
  };
  const started = connect();
  started.catch(() => retryLater());

  return {
    started,
    send: async (envelope) => {
      let payload = JSON.stringify(envelope);
      if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_MAX_BYTES) {
        const [row] = await db
          .insert(liveEventRelay)
          .values({ payload: envelope })
          .returning({ id: liveEventRelay.id });
        if (!row) throw new Error('a live event was not written');
        payload = JSON.stringify({ origin: envelope.origin, relayId: row.id } satisfies Notice);
      }
      await queryRows(db, sql`SELECT pg_notify(${name}, ${payload})`);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await started.catch(() => {});
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
