import {
  addPaymentMethodRequestSchema,
  paymentMethodListResponseSchema,
  paymentMethodParamsSchema,
  paymentMethodSchema,
} from '@ztart/shared/contracts/payment-methods';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { createRateLimitCheck } from '../../http/rate-limit.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import {
  addPaymentMethod,
  listPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
  toPaymentMethod,
} from './service.ts';

export const paymentMethodRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  // Counted before the bank is asked: a refused check counts as much as an accepted one.
  const cardCheckLimit = createRateLimitCheck(
    app,
    'card-check',
    context.rateLimits.cardCheckPerUser,
    (request) =>
      (request.body as { type?: string } | undefined)?.type === 'card' && request.auth.status === 'signed-in'
        ? request.auth.user.id
        : undefined,
  );

  app.get(
    '/api/payment-methods',
    {
      schema: {
        summary: "The person's cards and bank accounts: default first, then newest first",
        tags: ['payment-methods'],
        response: { 200: paymentMethodListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      const rows = await listPaymentMethods(context.db, signedIn.user.id);
      return { items: rows.map(toPaymentMethod) };
    },
  );

  app.post(
    '/api/payment-methods',
    {
      schema: {
        summary: 'Adds a card (tokenized by the card processor) or a bank account',
        tags: ['payment-methods'],
        body: addPaymentMethodRequestSchema,
        response: { 201: paymentMethodSchema, ...errorResponses(400, 401, 402, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      await cardCheckLimit(request, reply);
      return reply.status(201).send(await addPaymentMethod(context, request, signedIn, request.body));
    },
  );

  app.post(
    '/api/payment-methods/:id/default',
    {
      schema: {
        summary: 'Makes the method the default of its type',
        tags: ['payment-methods'],
        params: paymentMethodParamsSchema,
        response: { 200: paymentMethodSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      setDefaultPaymentMethod(context, requireSignIn(request, reply, context), request.params.id),
  );

  app.delete(
    '/api/payment-methods/:id',
    {
      schema: {
        summary: 'Removes the method; the newest remaining one of its type becomes the default',
        tags: ['payment-methods'],
        params: paymentMethodParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      await removePaymentMethod(context, request, signedIn, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
