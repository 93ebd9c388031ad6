import { publicProfileParamsSchema } from '@ztart/shared/contracts/profiles';
import {
  publicProfilePageSchema,
  type TipRequest,
  tipListQuerySchema,
  tipListResponseSchema,
  tipProgressParamsSchema,
  tipProgressSchema,
  tipRequestSchema,
  tipResponseSchema,
} from '@ztart/shared/contracts/qr-codes';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { countedOnce, createRateLimitCheck } from '../../http/rate-limit.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { sendMoneyAnswer } from '../idempotency/money-request.ts';
import { publicShowcaseOf } from '../posts/service.ts';
import { listTips } from './history.ts';
import { quickTipProfileOf } from './profile.ts';
import { tipProgressOf } from './record.ts';
import { cardFingerprintOf, sendTip } from './service.ts';

/** The card tip of a request (after validation), or undefined: the limits count card tips only. */
function cardTipOf(request: FastifyRequest): TipRequest | undefined {
  const body = request.body as TipRequest | undefined;
  return body?.source === 'card' ? body : undefined;
}

export const tipRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db, rateLimits } = context;
  const perIpLimit = createRateLimitCheck(app, 'quick-tip-ip', rateLimits.quickTipPerIp, (request) =>
    cardTipOf(request) ? request.ip : undefined,
  );
  const publicProfileLimit = createRateLimitCheck(
    app,
    'public-profile',
    rateLimits.publicProfilePerIp,
    (request) => request.ip,
  );
  const perCardLimit = createRateLimitCheck(app, 'quick-tip-card', rateLimits.quickTipPerCard, (request) => {
    const card = cardTipOf(request)?.card;
    return card ? cardFingerprintOf(card.number) : undefined;
  });

  app.get(
    '/api/public/profiles/:ztartag',
    {
      schema: {
        summary:
          'A public profile (no sign-in): public face, tip currency and amounts, the newest public photos and posts',
        tags: ['tips'],
        params: publicProfileParamsSchema,
        response: { 200: publicProfilePageSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await publicProfileLimit(request, reply);
      const profile = await quickTipProfileOf(db, request.params.ztartag);
      return { ...profile, ...(await publicShowcaseOf(db, profile.ztartag)) };
    },
  );

  app.get(
    '/api/public/tips/:id',
    {
      schema: {
        summary:
          'Where a tip stands (pending, completed, failed): the receipt of someone who tipped without an account',
        tags: ['tips'],
        params: tipProgressParamsSchema,
        response: { 200: tipProgressSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => tipProgressOf(db, request.params.id),
  );

  app.post(
    '/api/tips',
    {
      schema: {
        summary:
          'Tips a receiver by card (no account needed; pending until settled) or, signed in, from the balance (Idempotency-Key header required)',
        tags: ['tips'],
        body: tipRequestSchema,
        response: {
          201: tipResponseSchema,
          ...errorResponses(400, 401, 402, 403, 404, 409, 422, 429, 500, 503),
        },
      },
    },
    async (request, reply) => {
      const { auth } = request;
      // A card tip needs no account; a tip from the balance needs one (401 otherwise).
      const signedIn =
        request.body.source === 'wallet'
          ? requireSignIn(request, reply, context)
          : auth.status === 'signed-in'
            ? auth
            : null;
      const answer = await sendTip(context, request, request.body, {
        signedIn,
        checkCardLimits: countedOnce(async () => {
          await perIpLimit(request, reply);
          await perCardLimit(request, reply);
        }),
      });
      return sendMoneyAnswer(reply, answer);
    },
  );

  for (const side of ['received', 'sent'] as const) {
    app.get(
      `/api/tips/${side}`,
      {
        schema: {
          summary:
            side === 'received'
              ? 'Tips the signed-in person received, newest first, with totals per currency and period'
              : 'Tips the signed-in person sent, newest first, with totals per currency and period',
          tags: ['tips'],
          querystring: tipListQuerySchema,
          response: { 200: tipListResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) =>
        listTips(db, requireSignIn(request, reply, context).user.id, side, request.query, context.now()),
    );
  }
};
