import {
  notificationListResponseSchema,
  notificationParamsSchema,
  notificationPreferencesSchema,
  notificationQuerySchema,
  notificationSchema,
  readAllNotificationsResponseSchema,
  unreadCountResponseSchema,
  updateNotificationPreferencesSchema,
} from '@ztart/shared/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { drainReconnectMs } from '../../http/drain.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { isSessionOpen } from '../auth/sessions.ts';
import { EventStreams } from './events.ts';
import {
  listNotifications,
  markAllRead,
  markRead,
  notificationPreferencesOf,
  unreadCount,
  updateNotificationPreferences,
} from './service.ts';

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
  context.drain.onDrain(() => streams.endAll({ reconnectMs: drainReconnectMs }));

  /** The person's other open pages learn the new count, so their bells fall too. */
  const tellOtherPages = async (userId: string) => {
    context.live.publish(userId, { type: 'notifications_read', unreadCount: await unreadCount(db, userId) });
  };

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
    async (request, reply) => {
      const userId = requireSignIn(request, reply, context).user.id;
      const notification = await markRead(db, userId, request.params.id, context.now());
      await tellOtherPages(userId);
      return notification;
    },
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
    async (request, reply) => {
      const userId = requireSignIn(request, reply, context).user.id;
      const updated = await markAllRead(db, userId, context.now());
      if (updated > 0) await tellOtherPages(userId);
      return { updated };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        summary: "How many of the signed-in person's notifications are unread (the bell)",
        tags: ['notifications'],
        response: { 200: unreadCountResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => ({
      unreadCount: await unreadCount(db, requireSignIn(request, reply, context).user.id),
    }),
  );

  app.get(
    '/api/notification-preferences',
    {
      schema: {
        summary: 'Which types of notification reach the signed-in person (every type is on by default)',
        tags: ['notifications'],
        response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => notificationPreferencesOf(db, requireSignIn(request, reply, context).user.id),
  );

  app.put(
    '/api/notification-preferences',
    {
      schema: {
        summary: 'Turns types of notification on or off; the types not given stay as they are',
        tags: ['notifications'],
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      updateNotificationPreferences(
        db,
        requireSignIn(request, reply, context).user.id,
        request.body,
        context.now(),
      ),
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
