import type { FastifyInstance } from 'fastify';

/** How long requests in flight get to finish before the process gives up on them. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * SIGTERM (a process manager or orchestrator stopping this instance): drain first for
 * `drainSeconds` — readiness answers 503 so that the load balancer sends new traffic elsewhere,
 * open live streams close with a short reconnection hint, requests still arriving are served —
 * then stop taking connections, let requests in flight finish (new ones on open connections get
 * 503), close the database (the app's onClose hook), exit 0. SIGINT (Ctrl-C at a terminal) skips
 * the drain. If closing takes longer than the grace period, exit 1. A second signal means the
 * operator wants out now: exit at once.
 */
export function closeOnSignals(app: FastifyInstance, options: { drainSeconds: number }): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    const drainMs = signal === 'SIGTERM' ? options.drainSeconds * 1000 : 0;
    app.log.info({ signal, drainMs }, 'shutting down');
    app.drain.start();
    setTimeout(() => {
      app.log.error(`still busy after ${SHUTDOWN_GRACE_MS} ms: exiting anyway`);
      process.exit(1);
    }, drainMs + SHUTDOWN_GRACE_MS).unref();
    const close = () =>
      app.close().then(
        () => {
          app.log.info('closed');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        },
      );
    if (drainMs > 0) setTimeout(close, drainMs);
    else void close();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
