import { ddfParamsSchema, ddfSheetSchema } from '@ztart/shared/contracts/ddf';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { ddfSheetOf } from './service.ts';

export const ddfRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    '/api/ddf/:product',
    {
      config: { validationErrorCodes: { product: 'not_found' } },
      schema: {
        summary:
          "A product's data sheet (`/{product}-ddf`): the signed-in person's own figures for it and their plan's limits; an unknown product is not found",
        tags: ['ddf'],
        params: ddfParamsSchema,
        response: { 200: ddfSheetSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) =>
      ddfSheetOf(
        context.db,
        requireSignIn(request, reply, context).user.id,
        request.params.product,
        context.now(),
      ),
  );
};
