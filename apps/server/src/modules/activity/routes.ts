import { logUserActionRequestSchema } from '@ztart/shared/contracts/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { createRateLimitCheck } from '../../http/rate-limit.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { recordAudit } from './service.ts';

export const activityRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const auditLimit = createRateLimitCheck(app, 'audit', context.rateLimits.auditPerUser, (request) =>
    request.auth.status === 'signed-in' ? request.auth.user.id : undefined,
  );

  app.post(
    '/api/rpc/log_user_action',
    {
      schema: {
        summary: "Adds an entry to the signed-in person's audit log (spec §7 log_user_action)",
        tags: ['activity'],
        body: logUserActionRequestSchema,
        response: { 204: z.null().describe('Logged'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await auditLimit(request, reply);
      await recordAudit(context.db, request, {
        userId: user.id,
        actionType: request.body.p_action_type,
        resource: request.body.p_resource ?? null,
        metadata: request.body.p_metadata ?? null,
      });
      return reply.status(204).send(null);
    },
  );
};
