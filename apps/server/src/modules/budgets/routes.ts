import {
  budgetListResponseSchema,
  budgetParamsSchema,
  budgetQuerySchema,
  budgetSchema,
  copyBudgetsRequestSchema,
  copyBudgetsResponseSchema,
  createBudgetRequestSchema,
  updateBudgetRequestSchema,
} from '@ztart/shared/contracts/budgets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { copyBudgets, createBudget, deleteBudget, listBudgets, updateBudget } from './service.ts';

export const budgetRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context;

  app.get(
    '/api/budgets',
    {
      schema: {
        summary:
          "A month's budgets (this month of the person's time zone by default) with what was spent, remaining and the variance",
        tags: ['budgets'],
        querystring: budgetQuerySchema,
        response: { 200: budgetListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      listBudgets(db, requireSignIn(request, reply, context).user.id, request.query.month, context.now()),
  );

  app.post(
    '/api/budgets',
    {
      schema: {
        summary:
          'Sets a monthly limit for a category and currency; a second one for the same → 409 budget_exists',
        tags: ['budgets'],
        body: createBudgetRequestSchema,
        response: { 201: budgetSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const userId = requireSignIn(request, reply, context).user.id;
      return reply.status(201).send(await createBudget(db, userId, request.body));
    },
  );

  app.post(
    '/api/budgets/copy',
    {
      schema: {
        summary: "Copies one month's limits into another, keeping the categories it already has",
        tags: ['budgets'],
        body: copyBudgetsRequestSchema,
        response: { 200: copyBudgetsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      copyBudgets(db, requireSignIn(request, reply, context).user.id, request.body, context.now()),
  );

  app.patch(
    '/api/budgets/:id',
    {
      schema: {
        summary: 'Changes the limit of a budget',
        tags: ['budgets'],
        params: budgetParamsSchema,
        body: updateBudgetRequestSchema,
        response: { 200: budgetSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      updateBudget(db, requireSignIn(request, reply, context).user.id, request.params.id, request.body),
  );

  app.delete(
    '/api/budgets/:id',
    {
      schema: {
        summary: 'Deletes a budget; its transactions stay as they are',
        tags: ['budgets'],
        params: budgetParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await deleteBudget(db, requireSignIn(request, reply, context).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
