import {
  adminFinancesSchema,
  adminSystemSchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserParamsSchema,
  adminUserPatchSchema,
  auditListQuerySchema,
  auditListResponseSchema,
  impersonationSchema,
  reconciliationResultSchema,
  startImpersonationRequestSchema,
} from '@ztart/shared/contracts/admin';
import { AMOUNT_LIMITS, GOAL_LIMITS, PAGE_SIZE, RATE_LIMITS, SIGN_IN_BACKOFF } from '@ztart/shared/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../activity/service.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { requireRouteCapability } from './guard.ts';
import { END_IMPERSONATION_PATH, endImpersonation, startImpersonation } from './impersonation.ts';
import { platformFinances, reconcileLedger } from './reconciliation.ts';
import { assertImpersonable, listAudit, listUsers, updateUser, userDetail } from './service.ts';

/** The admin area (decision 0040): every route needs a capability of the shared roles table. */
export const adminRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context;

  app.get(
    '/api/admin/users',
    {
      schema: {
        summary: 'Searches people by email, name or ztartag (manageUsers)',
        tags: ['admin'],
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await requireRouteCapability(request, reply, context);
      return listUsers(db, request.query);
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      schema: {
        summary: "A person's profile, balances, recent transactions, sessions and audit trail (manageUsers)",
        tags: ['admin'],
        params: adminUserParamsSchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await requireRouteCapability(request, reply, context);
      return userDetail(db, request.params.id, context.now());
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      schema: {
        summary:
          "Sets a person's role or level, suspends or restores them, resets their PIN lock (manageUsers)",
        tags: ['admin'],
        params: adminUserParamsSchema,
        body: adminUserPatchSchema,
        response: { 200: adminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const admin = await requireRouteCapability(request, reply, context);
      await updateUser(context, request, admin.user.id, request.params.id, request.body);
      return userDetail(db, request.params.id, context.now());
    },
  );

  app.post(
    '/api/admin/users/:id/impersonation',
    {
      schema: {
        summary: 'Opens the app as this person, read-only, for at most 15 minutes (impersonate)',
        tags: ['admin'],
        params: adminUserParamsSchema,
        body: startImpersonationRequestSchema.nullish(),
        response: { 201: impersonationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      if (signedIn.impersonation) {
        throw new AppError('impersonation_active', { message: 'An impersonation is already running.' });
      }
      const admin = await requireRouteCapability(request, reply, context);
      await assertImpersonable(db, admin.user.id, request.params.id);
      const impersonation = await startImpersonation(context, request, {
        adminId: admin.user.id,
        sessionId: admin.session.id,
        userId: request.params.id,
        reason: request.body?.reason ?? null,
      });
      return reply.status(201).send(impersonation);
    },
  );

  app.delete(
    END_IMPERSONATION_PATH,
    {
      schema: {
        summary: 'Ends the impersonation this session runs',
        tags: ['admin'],
        response: { 204: z.null().describe('Ended'), ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      if (!signedIn.impersonation || !signedIn.session.impersonationId) {
        throw new AppError('impersonation_not_active', { message: 'No impersonation is running.' });
      }
      await endImpersonation(
        db,
        request,
        signedIn.session.id,
        signedIn.session.impersonationId,
        context.now(),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/reconciliation',
    {
      schema: {
        summary:
          'Checks that every currency sums to zero and every balance equals its transfers (manageFinances)',
        tags: ['admin'],
        response: { 200: reconciliationResultSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const admin = await requireRouteCapability(request, reply, context);
      const result = await reconcileLedger(db, context.now());
      await recordAudit(db, request, {
        userId: admin.user.id,
        actionType: 'reconciliation_run',
        metadata: { ok: result.ok, differences: result.differences.length },
      });
      return result;
    },
  );

  app.get(
    '/api/admin/finances',
    {
      schema: {
        summary: 'Platform ledger totals per currency, revenue and clearing accounts (manageFinances)',
        tags: ['admin'],
        response: { 200: adminFinancesSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await requireRouteCapability(request, reply, context);
      return platformFinances(db);
    },
  );

  app.get(
    '/api/admin/system',
    {
      schema: {
        summary: 'The live configuration, read-only (manageSystem)',
        tags: ['admin'],
        response: { 200: adminSystemSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await requireRouteCapability(request, reply, context);
      const { config } = context;
      return {
        limits: {
          amounts: AMOUNT_LIMITS,
          goals: GOAL_LIMITS,
          pageSize: PAGE_SIZE,
          signInBackoff: SIGN_IN_BACKOFF,
          rateLimits: { ...RATE_LIMITS, ...context.rateLimits },
        },
        settlementDelaySeconds: Math.round(config.cardSettlementDelayMs / 1000),
        mail: config.smtpUrl ? ('smtp' as const) : ('outbox' as const),
        redis: Boolean(config.redisUrl),
      };
    },
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        summary: 'The audit log, newest first, by actor and action (manageSystem)',
        tags: ['admin'],
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await requireRouteCapability(request, reply, context);
      return listAudit(db, request.query);
    },
  );
};
