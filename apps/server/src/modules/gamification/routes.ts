import {
  gamificationHistoryQuerySchema,
  gamificationHistoryResponseSchema,
  gamificationResponseSchema,
} from '@ztart/shared/contracts/gamification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { gamificationHistory, gamificationOf } from './service.ts';
import type { GamificationWatcher } from './watcher.ts';

/** Gamification (decision 0050): the person's level, achievements, challenges and history. */
export const gamificationRoutes: FastifyPluginAsyncZod<{
  context: AppContext;
  gamification: GamificationWatcher;
}> = async (app, { context, gamification }) => {
  app.get(
    '/api/gamification',
    {
      schema: {
        summary:
          "The person's level and XP, every achievement (locked ones with their progress) and today's three challenges",
        tags: ['gamification'],
        response: { 200: gamificationResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      // Whatever an event missed (a QR code's first scan, a profile completed) is awarded first.
      await gamification.award(user.id);
      return gamificationOf(context.db, user.id, context.now());
    },
  );

  app.get(
    '/api/gamification/history',
    {
      schema: {
        summary:
          "The person's recorded actions and the XP each earned (0 with why when withheld), newest first",
        tags: ['gamification'],
        querystring: gamificationHistoryQuerySchema,
        response: { 200: gamificationHistoryResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return gamificationHistory(context.db, user.id, request.query);
    },
  );
};
