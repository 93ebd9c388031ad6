import {
  depositRequestSchema,
  moneyMovementResponseSchema,
  walletAnalyticsQuerySchema,
  walletAnalyticsResponseSchema,
  walletResponseSchema,
  withdrawalRequestSchema,
} from '@ztart/shared/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { sendMoneyAnswer } from '../idempotency/money-request.ts';
import { createDeposit } from './deposits.ts';
import { analyticsOf, walletOf } from './service.ts';
import { createWithdrawal } from './withdrawals.ts';

export const walletRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    '/api/wallet',
    {
      schema: {
        summary: 'Balances in every currency (available, pending, total) and the limits that apply',
        tags: ['wallet'],
        response: { 200: walletResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      return walletOf(context.db, signedIn.user.id, context.now());
    },
  );

  app.get(
    '/api/wallet/analytics',
    {
      schema: {
        summary: 'Income and expense of completed transactions per UTC day',
        tags: ['wallet'],
        querystring: walletAnalyticsQuerySchema,
        response: { 200: walletAnalyticsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      return analyticsOf(context.db, signedIn.user.id, request.query, context.now());
    },
  );

  app.post(
    '/api/wallet/deposits',
    {
      schema: {
        summary:
          'Charges one of your cards into the wallet: pending until the charge settles (Idempotency-Key header required)',
        tags: ['wallet'],
        body: depositRequestSchema,
        response: {
          201: moneyMovementResponseSchema,
          ...errorResponses(400, 401, 402, 403, 404, 409, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      return sendMoneyAnswer(reply, await createDeposit(context, request, signedIn, request.body));
    },
  );

  app.post(
    '/api/wallet/withdrawals',
    {
      schema: {
        summary:
          'Pays money out to one of your bank accounts: held at once, pending until paid (Idempotency-Key header required)',
        tags: ['wallet'],
        body: withdrawalRequestSchema,
        response: { 201: moneyMovementResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      return sendMoneyAnswer(reply, await createWithdrawal(context, request, signedIn, request.body));
    },
  );
};
