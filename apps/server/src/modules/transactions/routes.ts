import { Readable } from 'node:stream';
import {
  categoryListResponseSchema,
  categoryRequestSchema,
  categorySchema,
  transactionListResponseSchema,
  transactionParamsSchema,
  transactionQuerySchema,
  transactionSchema,
  updateTransactionRequestSchema,
} from '@ztart/shared/contracts/transactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories.ts';
import { exportFileName, transactionCsvLines } from './csv.ts';
import { ExportGate, exportLaneWidth } from './export-gate.ts';
import { getTransaction, listTransactions, updateTransaction } from './service.ts';

const categoryParamsSchema = transactionParamsSchema;

export const transactionRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context;
  const exports = new ExportGate(exportLaneWidth(context.config.databaseUrl ? 'postgres' : 'pglite'));

  app.get(
    '/api/transactions',
    {
      schema: {
        summary: "The signed-in person's transactions, newest first, filtered and paged by cursor",
        tags: ['transactions'],
        querystring: transactionQuerySchema,
        response: { 200: transactionListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    // A heavy read (with its search): the replica's, unless this person just wrote (decision 0052).
    async (request, reply) =>
      listTransactions(
        context.reads.readerFor(request),
        requireSignIn(request, reply, context).user.id,
        request.query,
      ),
  );

  app.get(
    '/api/transactions/export.csv',
    {
      schema: {
        summary: 'Every transaction under the same filters as a CSV file (RFC 4180, UTF-8)',
        tags: ['transactions'],
        querystring: transactionQuerySchema,
        // A stream of text/csv, sent as is: nothing to serialize.
        response: {
          200: z.unknown().describe('text/csv, the header line first'),
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request, reply) => {
      const userId = requireSignIn(request, reply, context).user.id;
      const { cursor: _cursor, limit: _limit, ...filters } = request.query;
      // The person's one export ends when its answer is done, whether sent in full or dropped.
      const release = exports.claim(userId);
      reply.raw.once('close', release);
      try {
        const lines = await transactionCsvLines(context.reads.readerFor(request), userId, filters, (work) =>
          exports.query(work),
        );
        const body = Readable.from(lines);
        body.once('close', release);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(context.now())}"`)
          .header('cache-control', 'no-store')
          .send(body);
      } catch (error) {
        release();
        throw error;
      }
    },
  );

  app.get(
    '/api/transactions/:id',
    {
      schema: {
        summary: 'One of the signed-in person’s transactions',
        tags: ['transactions'],
        params: transactionParamsSchema,
        response: { 200: transactionSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      getTransaction(db, requireSignIn(request, reply, context).user.id, request.params.id),
  );

  app.patch(
    '/api/transactions/:id',
    {
      schema: {
        summary: 'Sets the category (one of the person’s, or none) and the note of a transaction',
        tags: ['transactions'],
        params: transactionParamsSchema,
        body: updateTransactionRequestSchema,
        response: { 200: transactionSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const userId = requireSignIn(request, reply, context).user.id;
      const transaction = await updateTransaction(db, userId, request.params.id, request.body);
      // Other open pages refresh, and what follows a transaction (budgets) sees its new category.
      context.live.publish(userId, { type: 'transaction', transaction });
      return transaction;
    },
  );

  app.get(
    '/api/categories',
    {
      schema: {
        summary: "The signed-in person's categories (the defaults are created on first use)",
        tags: ['transactions'],
        response: { 200: categoryListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => ({
      items: await listCategories(db, requireSignIn(request, reply, context).user.id),
    }),
  );

  app.post(
    '/api/categories',
    {
      schema: {
        summary: 'Creates a category; a name the person already uses (any case) → 409 category_exists',
        tags: ['transactions'],
        body: categoryRequestSchema,
        response: { 201: categorySchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const userId = requireSignIn(request, reply, context).user.id;
      return reply.status(201).send(await createCategory(db, userId, request.body));
    },
  );

  app.patch(
    '/api/categories/:id',
    {
      schema: {
        summary: 'Renames and recolours a category',
        tags: ['transactions'],
        params: categoryParamsSchema,
        body: categoryRequestSchema,
        response: { 200: categorySchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      updateCategory(db, requireSignIn(request, reply, context).user.id, request.params.id, request.body),
  );

  app.delete(
    '/api/categories/:id',
    {
      schema: {
        summary: 'Deletes a category; its transactions are left without one',
        tags: ['transactions'],
        params: categoryParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await deleteCategory(db, requireSignIn(request, reply, context).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
