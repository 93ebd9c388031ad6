import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LIVE_EVENT_HEARTBEAT_SECONDS, type LiveEvent } from '@ztart/shared/contracts/notifications';
import type { FastifyReply } from 'fastify';
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

/**
 * The streams this server holds open. They never end on their own, so the server ends them when
 * it closes; otherwise closing would wait for every open page to go away.
 */
export class EventStreams {
  readonly #open = new Set<ServerResponse>();

  /**
   * Turns the reply into a text/event-stream of the person's live events, with a comment line
   * every LIVE_EVENT_HEARTBEAT_SECONDS so that proxies keep it open.
   */
  open(reply: FastifyReply, live: LiveEvents, userId: string): void {
    if (live.listenerCount(userId) >= MAX_STREAMS_PER_PERSON) {
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
    raw.write(`retry: ${RECONNECT_AFTER_MS}\n: connected\n\n`);
    const unsubscribe = live.subscribe(userId, (event) => write(sseMessage(event)));
    const heartbeat = setInterval(() => write(': heartbeat\n\n'), LIVE_EVENT_HEARTBEAT_SECONDS * 1000);
    this.#open.add(raw);
    raw.once('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      this.#open.delete(raw);
    });
  }

  endAll(): void {
    for (const raw of this.#open) raw.end();
  }
}
