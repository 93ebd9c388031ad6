import { activityListResponseSchema, activityQuerySchema } from '@ztart/shared/contracts/activity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { listActivity } from './service.ts';

export const activityFeedRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/api/activity',
    {
      schema: {
        summary:
          "The signed-in person's own activity, newest first: sign-ins, security changes, money and QR scans",
        tags: ['activity'],
        querystring: activityQuerySchema,
        response: { 200: activityListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      listActivity(context.db, requireSignIn(request, reply, context).user.id, request.query),
  );
};
