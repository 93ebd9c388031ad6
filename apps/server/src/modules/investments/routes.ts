import {
  createOrderRequestSchema,
  instrumentListResponseSchema,
  instrumentParamsSchema,
  investmentOrderResultSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  portfolioResponseSchema,
  priceHistoryQuerySchema,
  priceHistoryResponseSchema,
} from '@ztart/shared/contracts/investments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { sendMoneyAnswer } from '../idempotency/money-request.ts';
import { listInstruments, listOrders, placeOrder, portfolioOf, pricesOf } from './service.ts';

/** The simulated market and the person's investments (decision 0036): every answer says `simulated: true`. */
export const investmentRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    '/api/investments/instruments',
    {
      schema: {
        summary: "The simulated market's instruments at today's price",
        tags: ['investments'],
        response: { 200: instrumentListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      requireSignIn(request, reply, context);
      return listInstruments(context.now());
    },
  );

  app.get(
    '/api/investments/instruments/:symbol/prices',
    {
      schema: {
        summary: "An instrument's simulated daily prices, oldest first",
        tags: ['investments'],
        params: instrumentParamsSchema,
        querystring: priceHistoryQuerySchema,
        response: { 200: priceHistoryResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      requireSignIn(request, reply, context);
      return pricesOf(request.params.symbol, request.query.days, context.now());
    },
  );

  app.post(
    '/api/investments/orders',
    {
      schema: {
        summary:
          "Buys or sells an amount of an instrument at today's simulated price, from or into the wallet (Idempotency-Key header required)",
        tags: ['investments'],
        body: createOrderRequestSchema,
        response: {
          201: investmentOrderResultSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      return sendMoneyAnswer(reply, await placeOrder(context, request, signedIn, request.body));
    },
  );

  app.get(
    '/api/investments/orders',
    {
      schema: {
        summary: "The person's investment orders, newest first",
        tags: ['investments'],
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return listOrders(context.db, user.id, request.query);
    },
  );

  app.get(
    '/api/investments/portfolio',
    {
      schema: {
        summary: "The person's positions at today's simulated prices, with cost, value and profit",
        tags: ['investments'],
        response: { 200: portfolioResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return portfolioOf(context.db, user.id, context.now());
    },
  );
};
