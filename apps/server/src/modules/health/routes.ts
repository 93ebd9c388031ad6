import { healthResponseSchema } from '@ztart/shared/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { sendError } from '../../http/error-handler.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { HEALTH_PATH, type Readiness } from '../../http/readiness.ts';
import { checkDatabase } from './service.ts';

/** How long a load balancer is asked to wait before asking again while the database opens. */
const STARTING_RETRY_AFTER_SECONDS = 1;

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  readiness: Readiness;
  version: string;
}> = async (app, { database, readiness, version }) => {
  app.get(
    HEALTH_PATH,
    {
      schema: {
        summary: 'Is the server up, its database ready and reachable?',
        tags: ['health'],
        response: { 200: healthResponseSchema, ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      // Listening comes before the database is open: until then the server is up but not ready.
      // Expected while starting, so not logged as a failure.
      if (!readiness.isReady()) {
        return sendError(
          reply.header('retry-after', String(STARTING_RETRY_AFTER_SECONDS)),
          'service_unavailable',
          {
            starting: true,
          },
        );
      }
      await checkDatabase(database);
      return { status: 'ok' as const, db: database.kind, version };
    },
  );
};
