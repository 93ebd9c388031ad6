import {
  createQrCodeRequestSchema,
  publicQrCodeSchema,
  type QrImageQuery,
  qrCodeListResponseSchema,
  qrCodeParamsSchema,
  qrCodeSchema,
  qrImageQuerySchema,
  qrScanQuerySchema,
  qrShortCodeParamsSchema,
  tipLinkPath,
  updateQrCodeRequestSchema,
} from '@ztart/shared/contracts/qr-codes';
import { FALLBACK_LANGUAGE, isLanguage } from '@ztart/shared/languages';
import { QR_LABEL_TEXTS, qrOwnerLine } from '@ztart/shared/qr-labels';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { AppError } from '../../http/errors.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { findProfileRow } from '../profiles/service.ts';
import {
  attachmentOf,
  labelledQrPng,
  labelledQrSvg,
  QR_IMAGE_CONTENT_TYPES,
  type QrImageFormat,
  type QrLabel,
  qrPng,
  qrSvg,
} from './images.ts';
import { contentOf, encodedTextOf, toQrCode } from './payload.ts';
import { publicQrRoutes } from './public-routes.ts';
import { positionOfQuery, resolveTarget, scannerLevelOf, toPublicQrCode } from './scans.ts';
import {
  createQrCode,
  deleteQrCode,
  findLiveQrCode,
  findOwnQrCode,
  listQrCodes,
  requireZtartag,
  updateQrCode,
} from './service.ts';

/** Images follow their QR code's edits: a browser may keep one but asks again each time. */
const IMAGE_CACHE_CONTROL = 'private, no-cache';

export function imageResponse(format: QrImageFormat) {
  return {
    description: `The QR code as ${format.toUpperCase()}`,
    content: {
      [QR_IMAGE_CONTENT_TYPES[format].split(';', 1)[0]!]: { schema: z.string().meta({ format: 'binary' }) },
    },
  };
}

export async function sendQrImage(
  reply: FastifyReply,
  options: {
    text: string;
    format: QrImageFormat;
    query: QrImageQuery;
    file: Parameters<typeof attachmentOf>[0];
    /** The words a download carries around the code; asked for only when it is one. */
    label: () => Promise<QrLabel>;
  },
) {
  const { text, format, query } = options;
  const body = query.download
    ? await labelledImage(text, format, query.size, await options.label())
    : format === 'png'
      ? await qrPng(text, query.size)
      : qrSvg(text, query.size);
  reply.type(QR_IMAGE_CONTENT_TYPES[format]).header('cache-control', IMAGE_CACHE_CONTROL);
  if (query.download) reply.header('content-disposition', attachmentOf(options.file, format));
  // Bytes go out as they are (Fastify does not serialise a Buffer); the schema only documents them.
  return reply.send(body as unknown as string);
}

function labelledImage(text: string, format: QrImageFormat, sizePx: number, label: QrLabel) {
  return format === 'png' ? labelledQrPng(text, sizePx, label) : labelledQrSvg(text, sizePx, label);
}

/**
 * The label of one of the person's codes: `title` (the code's own, or My QR's heading when null),
 * their name and "scan to tip", in the language asked for or else their own.
 */
async function labelOf(
  context: AppContext,
  userId: string,
  query: QrImageQuery,
  title: string | null,
): Promise<QrLabel> {
  const profile = await findProfileRow(context.db, userId);
  if (!profile?.ztartag) throw new AppError('ztartag_required');
  const language = query.lang ?? (isLanguage(profile.language) ? profile.language : FALLBACK_LANGUAGE);
  const texts = QR_LABEL_TEXTS[language];
  return {
    title: title ?? texts.myQrTitle,
    owner: qrOwnerLine({ fullName: profile.fullName, ztartag: profile.ztartag }),
    caption: texts.scanToTip,
  };
}

export const qrCodeRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { appUrl } = context.config;

  app.get(
    '/api/qr-codes',
    {
      schema: {
        summary: "The person's QR codes, newest first",
        tags: ['qr-codes'],
        response: { 200: qrCodeListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return { items: await listQrCodes(context, user.id) };
    },
  );

  app.post(
    '/api/qr-codes',
    {
      schema: {
        summary: 'Creates a QR code with a new short link /q/<code>',
        tags: ['qr-codes'],
        body: createQrCodeRequestSchema,
        response: { 201: qrCodeSchema, ...errorResponses(400, 401, 403, 409, 422, 500) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return reply.status(201).send(await createQrCode(context, user.id, request.body));
    },
  );

  app.get(
    '/api/qr-codes/:id',
    {
      schema: {
        summary: 'One of the person’s QR codes',
        tags: ['qr-codes'],
        params: qrCodeParamsSchema,
        response: { 200: qrCodeSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return toQrCode(await findOwnQrCode(context.db, user.id, request.params.id), appUrl);
    },
  );

  app.patch(
    '/api/qr-codes/:id',
    {
      schema: {
        summary: 'Changes the fields sent (the dynamic QR manager saves here too)',
        tags: ['qr-codes'],
        params: qrCodeParamsSchema,
        body: updateQrCodeRequestSchema,
        response: { 200: qrCodeSchema, ...errorResponses(400, 401, 403, 404, 422, 500) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return updateQrCode(context, user.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/qr-codes/:id',
    {
      schema: {
        summary: 'Deletes the QR code; its short link answers not found from then on',
        tags: ['qr-codes'],
        params: qrCodeParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await deleteQrCode(context, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const format of ['png', 'svg'] as const) {
    app.get(
      `/api/qr-codes/:id/image.${format}`,
      {
        schema: {
          summary: `The QR code as a ${format.toUpperCase()} image (its short link, or its EMV payload)`,
          tags: ['qr-codes'],
          params: qrCodeParamsSchema,
          querystring: qrImageQuerySchema,
          response: { 200: imageResponse(format), ...errorResponses(400, 401, 404, 422) },
        },
      },
      async (request, reply) => {
        const { user } = requireSignIn(request, reply, context);
        const row = await findOwnQrCode(context.db, user.id, request.params.id);
        const text = encodedTextOf(contentOf(row), appUrl);
        return sendQrImage(reply, {
          text,
          format,
          query: request.query,
          file: { prefix: 'ztart-qr-', name: row.title, fallback: row.code },
          label: () => labelOf(context, user.id, request.query, row.title),
        });
      },
    );

    app.get(
      `/api/me/qr.${format}`,
      {
        schema: {
          summary: `My QR: the person's tip link as a ${format.toUpperCase()} image`,
          tags: ['qr-codes'],
          querystring: qrImageQuerySchema,
          response: { 200: imageResponse(format), ...errorResponses(400, 401, 409) },
        },
      },
      async (request, reply) => {
        const { user } = requireSignIn(request, reply, context);
        const ztartag = await requireZtartag(context.db, user.id);
        const text = `${appUrl}${tipLinkPath(ztartag)}`;
        return sendQrImage(reply, {
          text,
          format,
          query: request.query,
          file: { prefix: 'ztart-', name: ztartag, fallback: 'tip-link' },
          label: () => labelOf(context, user.id, request.query, null),
        });
      },
    );
  }

  app.get(
    '/api/public/qr-codes/:code',
    {
      schema: {
        summary: 'What the page of a QR code shows, resolved for this scanner (not counted as a scan)',
        tags: ['qr-codes'],
        params: qrShortCodeParamsSchema,
        querystring: qrScanQuerySchema,
        response: { 200: publicQrCodeSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const qr = await findLiveQrCode(context.db, request.params.code);
      if (!qr) throw new AppError('not_found');
      const target = resolveTarget(context, qr, {
        position: positionOfQuery(request.query),
        userLevel: await scannerLevelOf(context, request),
      });
      return toPublicQrCode(qr, target);
    },
  );

  await app.register(publicQrRoutes, { context });
};
