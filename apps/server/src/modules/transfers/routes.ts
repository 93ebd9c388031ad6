import {
  moneyMovementResponseSchema,
  recipientQuerySchema,
  recipientResponseSchema,
  transferRequestSchema,
} from '@ztart/shared/contracts/wallet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { AppError } from '../../http/errors.ts';
import { createRateLimitCheck } from '../../http/rate-limit.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { hasBlocked } from '../contacts/blocking.ts';
import { sendMoneyAnswer } from '../idempotency/money-request.ts';
import {
  namesByPrivateIdentifier,
  notFoundFor,
  resolveRecipient,
  toRecipientResponse,
} from '../profiles/people.ts';
import { sendTransfer } from './service.ts';

/** What a request names its recipient by: the look-up's `q` or the transfer's `recipient`. */
function typedRecipientOf(request: FastifyRequest): string | undefined {
  const typed =
    (request.query as { q?: unknown } | undefined)?.q ??
    (request.body as { recipient?: unknown } | undefined)?.recipient;
  return typeof typed === 'string' ? typed : undefined;
}

export const transferRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  // One count per person for both routes: a transfer that fails names its recipient as well.
  const recipientLookupLimit = createRateLimitCheck(
    app,
    'recipient-lookup',
    context.rateLimits.recipientLookupPerUser,
    (request) => {
      const typed = typedRecipientOf(request);
      if (request.auth.status !== 'signed-in' || typed === undefined) return undefined;
      return namesByPrivateIdentifier(typed) ? request.auth.user.id : undefined;
    },
  );

  app.get(
    '/api/transfers/recipient',
    {
      preHandler: recipientLookupLimit,
      schema: {
        summary: 'Who a transfer would go to (ztartag, email or phone), for the confirmation step',
        tags: ['transfers'],
        querystring: recipientQuerySchema,
        response: { 200: recipientResponseSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      const recipient = await resolveRecipient(context.db, request.query.q);
      if (recipient.userId === signedIn.user.id) throw new AppError('recipient_is_self');
      // Someone who blocked the asker is not found, exactly as nobody would be.
      if (await hasBlocked(context.db, recipient.userId, signedIn.user.id))
        throw notFoundFor(request.query.q);
      return toRecipientResponse(recipient, request.query.q);
    },
  );

  app.post(
    '/api/transfers',
    {
      preHandler: recipientLookupLimit,
      schema: {
        summary: 'Sends money to another person (Idempotency-Key header required)',
        tags: ['transfers'],
        body: transferRequestSchema,
        response: {
          201: moneyMovementResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      return sendMoneyAnswer(reply, await sendTransfer(context, request, signedIn, request.body));
    },
  );
};
