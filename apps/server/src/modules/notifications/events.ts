import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LIVE_EVENT_HEARTBEAT_SECONDS, type LiveEvent } from '@ztart/shared/contracts/notifications';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { LiveEvents } from './live.ts';

/** Open pages per person: a tab left open in many windows must not hold unbounded sockets. */
export const MAX_STREAMS_PER_PERSON = 10;
/** A client that stops reading is dropped once this much waits for it (its page reconnects). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long a browser waits before reconnecting after the stream ends. */
const RECONNECT_AFTER_MS = 3_000;
/**
 * A stream's socket is idle at most between two heartbeats, whatever the server's idle timeout
 * for other connections; one that cannot take a write for two heartbeats is gone.
 */
const STREAM_IDLE_MS = 2 * LIVE_EVENT_HEARTBEAT_SECONDS * 1000;

/** `event: <type>` and the event as JSON: one Server-Sent Events message. */
export function sseMessage(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** Whose stream it is: a person, through one of their sessions. */
export interface StreamOwner {
  userId: string;
  sessionId: string;
}

export interface EventStreamsOptions {
  /** Whether a session is still open (not signed out, revoked, expired or of a deleted account). */
  sessionIsOpen: (sessionId: string) => Promise<boolean>;
  /**
   * How often each stream asks, besides being told at once when its session ends: the check
   * catches what no one announces, such as a session that expires while its page stays open.
   */
  sessionCheckMs: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The streams this server holds open. They never end on their own, so the server ends them when
 * it closes; otherwise closing would wait for every open page to go away. A stream also ends with
 * its session: when the bus says so, or when a periodic check finds the session gone.
 */
export class EventStreams {
  readonly #open = new Set<ServerResponse>();
  readonly #options: EventStreamsOptions;

  constructor(options: EventStreamsOptions) {
    this.#options = options;
  }

  /**
   * Turns the reply into a text/event-stream of the person's live events, with a comment line
   * every LIVE_EVENT_HEARTBEAT_SECONDS so that proxies keep it open.
   */
  open(reply: FastifyReply, live: LiveEvents, owner: StreamOwner): void {
    if (live.listenerCount(owner.userId) >= MAX_STREAMS_PER_PERSON) {
      throw new AppError('rate_limited', { message: 'Too many open live streams.' });
    }
    reply.hijack();
    const raw = reply.raw;
    raw.socket?.setTimeout(STREAM_IDLE_MS);
    const hookHeaders = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
    raw.writeHead(200, {
      // Headers the hooks set (request id, security headers) still go out.
      ...(Object.fromEntries(hookHeaders) as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const write = (text: string) => {
      // An event may come between the end of the stream and its 'close': writing then would throw.
      if (raw.writableEnded) return;
      if (raw.writableLength > MAX_BUFFERED_BYTES) raw.end();
      else raw.write(text);
    };
    const endWithSession = () => {
      if (raw.writableEnded) return;
      // The page reconnects and is refused (401): its person must sign in again.
      raw.end(': session ended\n\n');
    };
    raw.write(`retry: ${RECONNECT_AFTER_MS}\n: connected\n\n`);
    const unsubscribe = live.subscribe(owner.userId, (message) => {
      if (message.kind === 'event') write(sseMessage(message.event));
      else if (message.sessionIds.includes(owner.sessionId)) endWithSession();
    });
    const heartbeat = setInterval(() => write(': heartbeat\n\n'), LIVE_EVENT_HEARTBEAT_SECONDS * 1000);
    const sessionCheck = setInterval(
      () => void this.#checkSession(owner.sessionId, endWithSession),
      this.#options.sessionCheckMs,
    );
    this.#open.add(raw);
    raw.once('close', () => {
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      unsubscribe();
      this.#open.delete(raw);
    });
  }

  /**
   * Ends every open stream. With `reconnectMs` (draining) each browser is told to reconnect that
   * soon, through the load balancer, to an instance that stays.
   */
  endAll(options: { reconnectMs?: () => number } = {}): void {
    for (const raw of this.#open) {
      if (raw.writableEnded) continue;
      if (options.reconnectMs === undefined) raw.end();
      else raw.end(`retry: ${options.reconnectMs()}\n: server draining, reconnect\n\n`);
    }
  }

  async #checkSession(sessionId: string, end: () => void): Promise<void> {
    try {
      if (!(await this.#options.sessionIsOpen(sessionId))) end();
    } catch (error) {
      // The database is away for a moment: no money moves meanwhile, so the stream may wait for
      // the next check rather than send every open page reconnecting at once.
      this.#options.log?.warn({ err: error }, 'could not check the session of a live event stream');
    }
  }
}
