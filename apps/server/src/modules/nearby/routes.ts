import {
  nearbyListResponseSchema,
  nearbyLocationRequestSchema,
  nearbyQuerySchema,
  nearbyVisibilitySchema,
} from '@ztart/shared/contracts/nearby';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { createRateLimitCheck } from '../../http/rate-limit.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { findNearby, isVisible, setVisibility, updateLocation } from './service.ts';
import { startPositionSweeper } from './sweeper.ts';

/** Nearby users (spec §2): visibility, the person's coarse position, and who is around. */
export const nearbyRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const locationLimit = createRateLimitCheck(
    app,
    'nearby-location',
    context.rateLimits.nearbyLocationPerUser,
    (request) => (request.auth.status === 'signed-in' ? request.auth.user.id : undefined),
  );
  const sweeper = startPositionSweeper(context, app.log);
  app.addHook('preClose', async () => sweeper.stop());

  app.get(
    '/api/nearby/visibility',
    {
      schema: {
        summary: 'Whether people nearby can find the person (off by default)',
        tags: ['nearby'],
        response: { 200: nearbyVisibilitySchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return { enabled: await isVisible(context.db, user.id) };
    },
  );

  app.put(
    '/api/nearby/visibility',
    {
      schema: {
        summary: 'Turns visibility to people nearby on or off; off forgets the position at once',
        tags: ['nearby'],
        body: nearbyVisibilitySchema,
        response: { 200: nearbyVisibilitySchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await setVisibility(context, user.id, request.body.enabled);
      return { enabled: request.body.enabled };
    },
  );

  app.put(
    '/api/nearby/location',
    {
      schema: {
        summary: 'The device position; only its grid cell (about 1 km) is kept, for 15 minutes',
        tags: ['nearby'],
        body: nearbyLocationRequestSchema,
        response: { 204: z.null().describe('Kept'), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await locationLimit(request, reply);
      await updateLocation(context, user.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/nearby',
    {
      schema: {
        summary:
          'Visible people within the radius, nearest first, with a rounded distance (never coordinates)',
        tags: ['nearby'],
        querystring: nearbyQuerySchema,
        response: { 200: nearbyListResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return { items: await findNearby(context, user.id, request.query.radiusKm) };
    },
  );
};
