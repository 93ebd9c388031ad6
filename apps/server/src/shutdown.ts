import type { FastifyInstance } from 'fastify';

/** How long requests in flight get to finish before the process gives up on them. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * SIGTERM or SIGINT: stop taking connections, let requests in flight finish (new ones get 503),
 * close the database (the app's onClose hook), exit 0. If that takes longer than the grace
 * period, exit 1. A second signal means the operator wants out now: exit at once.
 */
export function closeOnSignals(app: FastifyInstance): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error(`still busy after ${SHUTDOWN_GRACE_MS} ms: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
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
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
