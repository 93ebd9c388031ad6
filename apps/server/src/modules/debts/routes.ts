import {
  createDebtRequestSchema,
  debtListResponseSchema,
  debtParamsSchema,
  debtQuerySchema,
  debtSchema,
  settleDebtRequestSchema,
  updateDebtRequestSchema,
} from '@ztart/shared/contracts/debts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { createRateLimitCheck } from '../../http/rate-limit.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { namesByPrivateIdentifier } from '../profiles/people.ts';
import { createDebt, getDebt, listDebts, updateDebt } from './service.ts';
import { settleDebt } from './settle.ts';

export const debtRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  // A debt with someone named by email or phone looks them up: counted as the transfer look-up is.
  const counterpartyLookupLimit = createRateLimitCheck(
    app,
    'debt-counterparty-lookup',
    context.rateLimits.recipientLookupPerUser,
    (request) => {
      const typed = (request.body as { counterpartyUser?: unknown } | undefined)?.counterpartyUser;
      if (request.auth.status !== 'signed-in' || typeof typed !== 'string') return undefined;
      return namesByPrivateIdentifier(typed) ? request.auth.user.id : undefined;
    },
  );

  app.get(
    '/api/debts',
    {
      schema: {
        summary: "The person's debts, newest first, with what is still owed per direction and currency",
        tags: ['debts'],
        querystring: debtQuerySchema,
        response: { 200: debtListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return listDebts(context.db, user.id, request.query);
    },
  );

  app.post(
    '/api/debts',
    {
      preHandler: counterpartyLookupLimit,
      schema: {
        summary: 'Records a debt with a user of the app (who confirms it) or with someone by name',
        tags: ['debts'],
        body: createDebtRequestSchema,
        response: { 201: debtSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return reply.status(201).send(await createDebt(context, user.id, request.body));
    },
  );

  app.get(
    '/api/debts/:id',
    {
      schema: {
        summary: 'One debt the person recorded or that was recorded with them, with its settlements',
        tags: ['debts'],
        params: debtParamsSchema,
        response: { 200: debtSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return getDebt(context.db, user.id, request.params.id);
    },
  );

  app.patch(
    '/api/debts/:id',
    {
      schema: {
        summary: 'Edits a debt (its recorder) or confirms or declines it (the other person)',
        tags: ['debts'],
        params: debtParamsSchema,
        body: updateDebtRequestSchema,
        response: { 200: debtSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return updateDebt(context, user.id, request.params.id, request.body);
    },
  );

  app.post(
    '/api/debts/:id/settlements',
    {
      schema: {
        summary:
          'Settles part or all of a debt by transfer (money moves) or manually (Idempotency-Key header required)',
        tags: ['debts'],
        params: debtParamsSchema,
        body: settleDebtRequestSchema,
        response: { 201: debtSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 429, 500, 503) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      // Both ways keep a 201 (a refusal keeps nothing): the answer is the debt as it is now.
      const answer = await settleDebt(context, request, signedIn, request.params.id, request.body);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(await getDebt(context.db, signedIn.user.id, request.params.id));
    },
  );
};
