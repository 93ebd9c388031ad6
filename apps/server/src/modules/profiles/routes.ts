import { publicProfileParamsSchema, publicProfileSchema } from '@ztart/shared/contracts/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { findPublicProfile } from './service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ db: AppDatabase }> = async (app, { db }) => {
  app.get(
    '/api/public/profiles/:ztartag',
    {
      schema: {
        summary: 'The public face of a person who receives tips (no sign-in needed)',
        tags: ['profiles'],
        params: publicProfileParamsSchema,
        response: { 200: publicProfileSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => findPublicProfile(db, request.params.ztartag),
  );
};
