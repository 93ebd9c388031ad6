import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-path.ts';
import { AppError } from './errors.ts';
import { QUICK_TIP_PATHS } from './web-app.ts';

/** The health check answers at once, even while the database opens (it says so with a 503). */
export const HEALTH_PATH = '/api/health';
/** For a load balancer: the process is up (liveness), and it takes traffic (readiness). */
export const LIVENESS_PATH = '/api/health/live';
export const READINESS_PATH = '/api/health/ready';
/** The health checks: they never wait for the database (each says what it knows at once). */
export const HEALTH_PATHS: ReadonlySet<string> = new Set([HEALTH_PATH, LIVENESS_PATH, READINESS_PATH]);

/**
 * Whether the database is ready for the app: open, migrated and seeded. The server listens before
 * that, so that its pages load while the embedded database starts (decision 0025).
 */
export interface Readiness {
  /** Resolves when the database is ready; rejects if it never will be (the process then ends). */
  ready: Promise<void>;
  isReady(): boolean;
}

export function readinessOf(ready: Promise<void>): Readiness {
  let done = false;
  const tracked = ready.then(() => {
    done = true;
  });
  // A start that fails ends the process; requests waiting meanwhile get a 503, never a crash.
  tracked.catch(() => {});
  return { ready: tracked, isReady: () => done };
}

/** Ready from the start: what tests and callers that opened the database first pass. */
export const READY: Readiness = { ready: Promise.resolve(), isReady: () => true };

/**
 * Paths outside the API that read the database: the outbox's page (`/dev/`), the links of QR codes
 * (`/q/<code>`) and public profiles (`/@<ztartag>`, which checks the tag exists).
 */
const DATABASE_PAGE_PREFIXES = ['/dev/', '/q/', '/@'] as const;
/** The quick-tip page is rendered with its receiver (`?to=`), read from the database. */
const QUICK_TIP_PAGES: ReadonlySet<string> = new Set(QUICK_TIP_PATHS);

/**
 * The API (health aside), the pages listed above and the quick-tip page with its receiver use the
 * database; the web app's other pages and static files do not.
 */
export function needsDatabase(url: string): boolean {
  const [pathname = '', query = ''] = url.split('?', 2);
  if (HEALTH_PATHS.has(pathname)) return false;
  if (QUICK_TIP_PAGES.has(pathname)) return new URLSearchParams(query).has('to');
  return isApiPath(url) || DATABASE_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * Requests that need the database wait until it is ready, in the order they came. Nothing is
 * refused or answered with an error because the server is still starting.
 */
export function registerReadinessGate(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onRequest', async (request) => {
    if (readiness.isReady() || !needsDatabase(request.url)) return;
    try {
      await readiness.ready;
    } catch (error) {
      throw new AppError('service_unavailable', {
        message: 'The database could not be opened.',
        cause: error,
      });
    }
  });
}
