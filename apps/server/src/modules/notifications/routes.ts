import {
  notificationListResponseSchema,
  notificationParamsSchema,
  notificationQuerySchema,
  notificationSchema,
  readAllNotificationsResponseSchema,
} from '@ztart/shared/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { isSessionOpen } from '../auth/sessions.ts';
import { EventStreams } from './events.ts';
import { listNotifications, markAllRead, markRead } from './service.ts';

export const notificationRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const { db } = context;
  const streams = new EventStreams({
    sessionIsOpen: (sessionId) => isSessionOpen(db, sessionId, context.now()),
    sessionCheckMs: context.config.liveSessionCheckSeconds * 1000,
    log: app.log,
  });
  app.addHook('preClose', async () => streams.endAll());

  app.get(
    '/api/notifications',
    {
      schema: {
        summary: "The signed-in person's notifications, newest first, with the unread count",
        tags: ['notifications'],
        querystring: notificationQuerySchema,
        response: { 200: notificationListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      listNotifications(db, requireSignIn(request, reply, context).user.id, request.query),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        summary: 'Marks one notification read',
        tags: ['notifications'],
        params: notificationParamsSchema,
        response: { 200: notificationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      markRead(db, requireSignIn(request, reply, context).user.id, request.params.id, context.now()),
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        summary: 'Marks every notification read',
        tags: ['notifications'],
        response: { 200: readAllNotificationsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => ({
      updated: await markAllRead(db, requireSignIn(request, reply, context).user.id, context.now()),
    }),
  );

  app.get(
    '/api/events',
    {
      schema: {
        summary: 'Server-Sent Events of the signed-in person: notifications and transaction changes',
        tags: ['notifications'],
        response: errorResponses(401, 429),
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      streams.open(reply, context.live, { userId: signedIn.user.id, sessionId: signedIn.session.id });
    },
  );
};
