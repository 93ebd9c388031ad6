import { healthResponseSchema } from '@ztart/shared/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { checkDatabase } from './service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  { database, version },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Is the server up and its database reachable?',
        tags: ['health'],
        response: { 200: healthResponseSchema, ...errorResponses(503) },
      },
    },
    async () => {
      await checkDatabase(database);
      return { status: 'ok' as const, db: database.kind, version };
    },
  );
};
