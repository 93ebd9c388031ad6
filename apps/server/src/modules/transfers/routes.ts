import {
  moneyMovementResponseSchema,
  recipientQuerySchema,
  recipientResponseSchema,
  transferRequestSchema,
} from '@ztart/shared/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { AppError } from '../../http/errors.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { sendMoneyAnswer } from '../wallet/money-request.ts';
import { resolveRecipient, toRecipientResponse } from './recipients.ts';
import { sendTransfer } from './service.ts';

export const transferRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    '/api/transfers/recipient',
    {
      schema: {
        summary: 'Who a transfer would go to (ztartag, email or phone), for the confirmation step',
        tags: ['transfers'],
        querystring: recipientQuerySchema,
        response: { 200: recipientResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      const recipient = await resolveRecipient(context.db, request.query.q);
      if (recipient.userId === signedIn.user.id) throw new AppError('recipient_is_self');
      return toRecipientResponse(recipient, request.query.q);
    },
  );

  app.post(
    '/api/transfers',
    {
      schema: {
        summary: 'Sends money to another person (Idempotency-Key header required)',
        tags: ['transfers'],
        body: transferRequestSchema,
        response: {
          201: moneyMovementResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 500, 503),
        },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      return sendMoneyAnswer(reply, await sendTransfer(context, request, signedIn, request.body));
    },
  );
};
