import type { FastifyServerOptions } from 'fastify';

/**
 * How long the server waits on a client. Without bounds a connection that sends nothing, or sends
 * its headers a byte a minute, holds a socket forever; enough of them and nobody else gets one.
 */
export interface ConnectionTimeouts {
  /** From the connection's first moment until the request's headers are complete (408 after). */
  headersMs: number;
  /** Until the whole request, body included, has arrived (408 after). */
  requestMs: number;
  /**
   * An idle keep-alive connection between two requests is closed after this. Longer than the
   * 60 seconds load balancers usually keep an idle connection, so that they close it first and
   * never send a request down a socket the server is closing.
   */
  keepAliveMs: number;
  /** A socket on which no byte went either way for this long is destroyed. */
  idleMs: number;
  /** How often the server looks for requests past their header or request time. */
  checkEveryMs: number;
}

/** Live event streams send a heartbeat every 25 seconds, so they stay well inside `idleMs`. */
export const CONNECTION_TIMEOUTS: ConnectionTimeouts = {
  headersMs: 10_000,
  requestMs: 60_000,
  keepAliveMs: 72_000,
  idleMs: 90_000,
  checkEveryMs: 2_000,
};

/** The Fastify (and Node HTTP server) options that apply them. */
export function timeoutOptions(timeouts: ConnectionTimeouts) {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
  } satisfies Partial<FastifyServerOptions> & { http: object };
}
