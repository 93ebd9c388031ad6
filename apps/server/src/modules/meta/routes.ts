import { metaOverviewQuerySchema, metaOverviewSchema } from '@ztart/shared/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { forbidden } from '../admin/guard.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { metaDashboardAccessOf } from '../profiles/service.ts';
import { metaOverview, periodOf } from './service.ts';

/**
 * The meta dashboard's figures (decision 0040), at the level `can_access_meta_dashboard`
 * answers for the signed-in person; no access → 403 `forbidden` ({ permission: 'view_dashboard' }).
 */
export const metaRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    '/api/meta/overview',
    {
      schema: {
        summary: 'Meta dashboard figures at the access level of the signed-in person',
        tags: ['meta'],
        querystring: metaOverviewQuerySchema,
        response: { 200: metaOverviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await metaDashboardAccessOf(context.db, user.id);
      if (!access.accessLevel) throw forbidden({ permission: 'view_dashboard' });
      return metaOverview(
        context.db,
        user.id,
        { ...access, accessLevel: access.accessLevel },
        periodOf(request.query, context.now()),
      );
    },
  );
};
