import { outboxQuerySchema, outboxResponseSchema } from '@ztart/shared/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { sendError } from '../../http/error-handler.ts';
import { renderMailboxPage } from './mailbox-page.ts';
import { listOutbox } from './outbox.ts';

export const MAILBOX_PATH = '/dev/mailbox';

/**
 * The outbox, outside production only: `/dev/mailbox` for a person, `/api/dev/outbox` for
 * tests. In production neither exists (404), whatever transport is configured.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  if (context.config.isProduction) {
    // Without this route the web app's fallback would answer the page path with index.html.
    app.get(MAILBOX_PATH, { schema: { hide: true } }, async (_request, reply) =>
      sendError(reply, 'not_found'),
    );
    return;
  }

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        summary: 'Mail and SMS kept in the outbox, newest first (never in production)',
        tags: ['dev'],
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema },
      },
    },
    async (request) => listOutbox(context.db, { to: request.query.to }),
  );

  app.get(
    MAILBOX_PATH,
    { schema: { hide: true, querystring: outboxQuerySchema } },
    async (request, reply) => {
      const messages = await listOutbox(context.db, { to: request.query.to });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMailboxPage(messages, request.query.to));
    },
  );
};
