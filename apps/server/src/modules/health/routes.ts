import { healthResponseSchema, livenessResponseSchema } from '@ztart/shared/contracts/health';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Drain } from '../../http/drain.ts';
import { sendError } from '../../http/error-handler.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { HEALTH_PATH, LIVENESS_PATH, READINESS_PATH, type Readiness } from '../../http/readiness.ts';
import { checkDatabase } from './service.ts';

/** How long a load balancer is asked to wait before asking again while the database opens. */
const STARTING_RETRY_AFTER_SECONDS = 1;

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  readiness: Readiness;
  drain: Drain;
  version: string;
}> = async (app, { database, readiness, drain, version }) => {
  /**
   * Ready for traffic: started, not draining, and its database answers. Starting and draining are
   * expected, so they are not logged as failures; a database that is away is (the error handler).
   */
  const ready = async (reply: FastifyReply) => {
    // Listening comes before the database is open: until then the server is up but not ready.
    if (!readiness.isReady()) {
      return sendError(
        reply.header('retry-after', String(STARTING_RETRY_AFTER_SECONDS)),
        'service_unavailable',
        { starting: true },
      );
    }
    // Stopping: the load balancer sends new requests elsewhere; those that still come are served.
    if (drain.isDraining()) return sendError(reply, 'service_unavailable', { draining: true });
    await checkDatabase(database);
    return { status: 'ok' as const, db: database.kind, version };
  };

  app.get(
    HEALTH_PATH,
    {
      schema: {
        summary: 'Is the server up, its database ready and reachable? (the same answer as /api/health/ready)',
        tags: ['health'],
        response: { 200: healthResponseSchema, ...errorResponses(503) },
      },
    },
    async (_request, reply) => ready(reply),
  );

  app.get(
    READINESS_PATH,
    {
      schema: {
        summary:
          'Should a load balancer send traffic here? 503 while starting, draining or without a database',
        tags: ['health'],
        response: { 200: healthResponseSchema, ...errorResponses(503) },
      },
    },
    async (_request, reply) => ready(reply),
  );

  app.get(
    LIVENESS_PATH,
    {
      schema: {
        summary: 'Is the process up? (200 while starting and draining too; it never asks the database)',
        tags: ['health'],
        response: { 200: livenessResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const, version }),
  );
};
