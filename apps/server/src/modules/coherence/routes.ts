import { coherenceReportSchema } from '@ztart/shared/contracts/assistant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { coherenceReportOf } from './service.ts';

export const coherenceRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    '/api/coherence',
    {
      schema: {
        summary:
          "Skiner's coherence report: contradictions between the person's budgets, goals, income and spending, with a severity, the figures and a suggested action",
        tags: ['assistant'],
        response: { 200: coherenceReportSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      coherenceReportOf(context.db, requireSignIn(request, reply, context).user.id, context.now()),
  );
};
