import { dashboardQuerySchema, dashboardResponseSchema } from '@ztart/shared/contracts/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { timeZoneOf } from '../profiles/service.ts';
import { dashboardOf } from './service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    '/api/dashboard',
    {
      schema: {
        summary:
          "The home screen in one answer: balances, the month's money in and out, this week's tips, the newest transactions and the first steps taken",
        tags: ['dashboard'],
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      const timeZone = request.query.timeZone ?? (await timeZoneOf(context.db, signedIn.user.id));
      return dashboardOf(context.db, signedIn.user.id, { timeZone }, context.now());
    },
  );
};
