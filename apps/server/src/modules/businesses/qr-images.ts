import { businessParamsSchema } from '@ztart/shared/contracts/businesses';
import { qrImageQuerySchema } from '@ztart/shared/contracts/qr-codes';
import { QR_LABEL_TEXTS, qrOwnerLine } from '@ztart/shared/qr-labels';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { languageOf } from '../profiles/service.ts';
import { profiles } from '../profiles/tables.ts';
import { contentOf, encodedTextOf } from '../qr-codes/payload.ts';
import { imageResponse, sendQrImage } from '../qr-codes/routes.ts';
import { findOwnQrCode } from '../qr-codes/service.ts';
import { requireBusinessPermission } from './access.ts';

const paramsSchema = businessParamsSchema.extend({ qrCodeId: z.uuid() });

/**
 * The images of a business's QR codes for its team (decision 0048): every business user has the
 * "QR codes" permission (spec §6), so each may view and download them, with the business's name on
 * a download's label. `/api/qr-codes/{id}/image.*` stays the code owner's own, and a business's
 * account never signs in.
 */
export const businessQrImageRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  for (const format of ['png', 'svg'] as const) {
    app.get(
      `/api/businesses/:id/qr-codes/:qrCodeId/image.${format}`,
      {
        schema: {
          summary: `A business QR code as a ${format.toUpperCase()} image, for its team`,
          tags: ['businesses'],
          params: paramsSchema,
          querystring: qrImageQuerySchema,
          response: { 200: imageResponse(format), ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        const { user } = requireSignIn(request, reply, context);
        const access = await requireBusinessPermission(
          context.db,
          `GET /api/businesses/:id/qr-codes/:qrCodeId/image.${format}`,
          request.params.id,
          user.id,
          context.now(),
        );
        const row = await findOwnQrCode(context.db, access.business.accountId, request.params.qrCodeId);
        return sendQrImage(reply, {
          text: encodedTextOf(contentOf(row), context.config.appUrl),
          format,
          query: request.query,
          file: { prefix: 'ztart-qr-', name: row.title, fallback: row.code },
          label: async () => {
            const language = request.query.lang ?? (await languageOf(context.db, user.id));
            const [account] = await context.db
              .select({ ztartag: profiles.ztartag })
              .from(profiles)
              .where(eq(profiles.id, access.business.accountId));
            return {
              title: row.title,
              owner: qrOwnerLine({ fullName: access.business.name, ztartag: account?.ztartag ?? '' }),
              caption: QR_LABEL_TEXTS[language].scanToTip,
            };
          },
        });
      },
    );
  }
};
