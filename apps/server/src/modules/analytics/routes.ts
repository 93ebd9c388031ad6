import {
  type AnalyticsQuery,
  analyticsQuerySchema,
  analyticsSchema,
  type ZonedAnalyticsQuery,
} from '@ztart/shared/contracts/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { timeZoneOf } from '../profiles/service.ts';
import { analyticsCsv, analyticsFileName } from './csv.ts';
import { getAnalytics } from './service.ts';

/** The request's filters, in the profile's time zone when they name none. */
async function zonedQuery(
  context: AppContext,
  userId: string,
  query: AnalyticsQuery,
): Promise<ZonedAnalyticsQuery> {
  return { ...query, timeZone: query.timeZone ?? (await timeZoneOf(context.db, userId)) };
}

export const analyticsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    '/api/analytics',
    {
      schema: {
        summary:
          "The signed-in person's income against expenses over time, spending by category, tips received and top people, for one period and currency",
        tags: ['analytics'],
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      // A heavy read: the replica's, unless this person just wrote (decision 0052).
      return getAnalytics(
        context.reads.readerFor(request),
        user.id,
        await zonedQuery(context, user.id, request.query),
        context.now(),
      );
    },
  );

  app.get(
    '/api/analytics/export.csv',
    {
      schema: {
        summary: 'The same figures under the same filters as a CSV file (RFC 4180, UTF-8)',
        tags: ['analytics'],
        querystring: analyticsQuerySchema,
        // Text sent as is: nothing to serialize.
        response: {
          200: z.unknown().describe('text/csv, the header line first'),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const analytics = await getAnalytics(
        context.reads.readerFor(request),
        user.id,
        await zonedQuery(context, user.id, request.query),
        context.now(),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${analyticsFileName(analytics)}"`)
        .header('cache-control', 'no-store')
        .send(analyticsCsv(analytics));
    },
  );
};
