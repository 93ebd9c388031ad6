import { businessLimitsFor } from '@ztart/shared/business';
import {
  answerInvitationResponseSchema,
  apiKeyListResponseSchema,
  apiKeyParamsSchema,
  type BusinessRoute,
  businessInvitationOfBusinessParamsSchema,
  businessInvitationParamsSchema,
  businessInvitationSchema,
  businessListResponseSchema,
  businessMemberListResponseSchema,
  businessMemberParamsSchema,
  businessMemberSchema,
  businessParamsSchema,
  businessRoleListResponseSchema,
  businessRoleParamsSchema,
  businessRoleSchema,
  businessSchema,
  businessWalletResponseSchema,
  createApiKeyRequestSchema,
  createBusinessRequestSchema,
  createBusinessRoleRequestSchema,
  createdApiKeySchema,
  createInvitationRequestSchema,
  createWebhookRequestSchema,
  distributionRequestSchema,
  distributionSchema,
  myInvitationsResponseSchema,
  updateBusinessRequestSchema,
  updateMemberRequestSchema,
  webhookDeliveryListResponseSchema,
  webhookDeliverySchema,
  webhookListResponseSchema,
  webhookParamsSchema,
  webhookSchema,
} from '@ztart/shared/contracts/businesses';
import {
  plansResponseSchema,
  subscribeRequestSchema,
  subscriptionSchema,
} from '@ztart/shared/contracts/plans';
import {
  createQrCodeRequestSchema,
  qrCodeListResponseSchema,
  qrCodeSchema,
} from '@ztart/shared/contracts/qr-codes';
import { transactionListResponseSchema, transactionQuerySchema } from '@ztart/shared/contracts/transactions';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '@ztart/shared/limits';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { createRateLimitCheck } from '../../http/rate-limit.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { sendMoneyAnswer } from '../idempotency/money-request.ts';
import { reencodeAvatar, removeAvatar, replaceAvatar, uploadedImage } from '../profiles/avatars.ts';
import { createQrCode, listQrCodes } from '../qr-codes/service.ts';
import { listTransactions } from '../transactions/service.ts';
import { accessOf, requireBusinessPermission } from './access.ts';
import { accessByApiKey, apiKeyOf, createApiKey, listApiKeys, revokeApiKey } from './api-keys.ts';
import { listPlans, subscribe } from './plans.ts';
import { businessQrImageRoutes } from './qr-images.ts';
import {
  answerInvitation,
  businessWallet,
  createBusiness,
  createRole,
  deleteRole,
  distribute,
  invite,
  listBusinessIds,
  listMembers,
  listRoles,
  myInvitations,
  removeMember,
  revokeInvitation,
  toBusiness,
  updateBusiness,
  updateMember,
} from './service.ts';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, sendTestEvent } from './webhooks.ts';

const TAGS = ['businesses'];
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() });

/** The logo upload: in its own plugin because its body is the raw image, read as bytes whatever its type. */
const businessLogoRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.put(
    '/api/businesses/:id/logo',
    {
      bodyLimit: AVATAR_MAX_BYTES,
      onRequest: async (request, reply) => {
        requireSignIn(request, reply, context);
      },
      schema: {
        summary: `Sets a business's logo: the raw image as the body (${AVATAR_CONTENT_TYPES.join(', ')}; at most 5 MB)`,
        description: 'Re-encoded like a profile photo (512×512 WebP without metadata).',
        tags: TAGS,
        params: businessParamsSchema,
        response: { 200: businessSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await requireBusinessPermission(
        context.db,
        'PUT /api/businesses/:id/logo',
        request.params.id,
        user.id,
        context.now(),
      );
      const image = uploadedImage(request.body, request.headers['content-type']);
      await replaceAvatar(context.db, access.business.accountId, await reencodeAvatar(image));
      return toBusiness(context.db, access);
    },
  );
};

/**
 * Plans, businesses, teams, business wallets and distributions (issue 17, decision 0039). Every
 * route under `/api/businesses/{id}` passes the one guard (requireBusinessPermission) with the
 * permission BUSINESS_ROUTE_PERMISSIONS names for it.
 */
export const businessRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context;
  const webhookTestLimit = createRateLimitCheck(
    app,
    'webhook-test',
    context.rateLimits.webhookTestPerUser,
    (request) => (request.auth.status === 'signed-in' ? request.auth.user.id : undefined),
  );
  await app.register(businessLogoRoutes, { context });
  await app.register(businessQrImageRoutes, { context });
  const guard = (request: FastifyRequest<{ Params: { id: string } }>, route: BusinessRoute, userId: string) =>
    requireBusinessPermission(db, route, request.params.id, userId, context.now());
  /**
   * The read-only routes an API key may call (decision 0047): with `Authorization: Bearer ztk_…`
   * the key must be this business's; otherwise the signed-in person's permission is checked.
   */
  const readGuard = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    route: BusinessRoute,
  ) => {
    const key = apiKeyOf(request);
    if (key) return accessByApiKey(context, key, request.params.id);
    const { user } = requireSignIn(request, reply, context);
    return guard(request, route, user.id);
  };

  app.get(
    '/api/plans',
    {
      schema: {
        summary: 'The plans with their monthly prices, and the person’s subscription',
        tags: ['plans'],
        response: { 200: plansResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return listPlans(context, user.id);
    },
  );

  app.post(
    '/api/plans/subscription',
    {
      schema: {
        summary:
          'Subscribes to a plan: a higher one is paid now from the wallet, a lower one starts at the end of the period',
        description: 'Idempotency-Key header required. 422 `insufficient_balance` without the money.',
        tags: ['plans'],
        headers: idempotencyHeaders,
        body: subscribeRequestSchema,
        response: { 200: subscriptionSchema, ...errorResponses(400, 401, 403, 409, 422, 503) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      return sendMoneyAnswer(reply, await subscribe(context, request, signedIn, request.body));
    },
  );

  app.get(
    '/api/businesses',
    {
      schema: {
        summary: 'The businesses the person owns or belongs to',
        tags: TAGS,
        response: { 200: businessListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const items = [];
      for (const id of await listBusinessIds(db, user.id)) {
        items.push(await toBusiness(db, await accessOf(db, id, user.id, context.now())));
      }
      return { items };
    },
  );

  app.post(
    '/api/businesses',
    {
      schema: {
        summary: 'Creates a business (needs the business or enterprise level)',
        tags: TAGS,
        body: createBusinessRequestSchema,
        response: { 201: businessSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const row = await createBusiness(context, user.id, request.body);
      app.businessEvents.forget();
      return reply.status(201).send(await toBusiness(db, await accessOf(db, row.id, user.id, context.now())));
    },
  );

  app.get(
    '/api/businesses/:id',
    {
      schema: {
        summary: 'One business, with the asking person’s role and permissions',
        tags: TAGS,
        params: businessParamsSchema,
        response: { 200: businessSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return toBusiness(db, await guard(request, 'GET /api/businesses/:id', user.id));
    },
  );

  app.patch(
    '/api/businesses/:id',
    {
      schema: {
        summary: 'Changes a business’s settings, branding or policies',
        tags: TAGS,
        params: businessParamsSchema,
        body: updateBusinessRequestSchema,
        response: { 200: businessSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await guard(request, 'PATCH /api/businesses/:id', user.id);
      await updateBusiness(context, access, request.body);
      return toBusiness(db, await accessOf(db, request.params.id, user.id, context.now()));
    },
  );

  app.get(
    '/api/businesses/:id/members',
    {
      schema: {
        summary: 'The team: members, pending invitations, places used and the limit',
        tags: TAGS,
        params: businessParamsSchema,
        response: { 200: businessMemberListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return listMembers(db, await guard(request, 'GET /api/businesses/:id/members', user.id));
    },
  );

  app.post(
    '/api/businesses/:id/invitations',
    {
      schema: {
        summary: 'Invites someone to the team by ztartag or email',
        description:
          'Past the plan’s team-member limit → 422 `limit_exceeded` `{ limit: "teamMembers", max }`.',
        tags: TAGS,
        params: businessParamsSchema,
        body: createInvitationRequestSchema,
        response: { 201: businessInvitationSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await guard(request, 'POST /api/businesses/:id/invitations', user.id);
      return reply.status(201).send(await invite(context, access, user.id, request.body));
    },
  );

  app.delete(
    '/api/businesses/:id/invitations/:invitationId',
    {
      schema: {
        summary: 'Takes back an invitation not yet answered; it can no longer be accepted',
        tags: TAGS,
        params: businessInvitationOfBusinessParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await guard(request, 'DELETE /api/businesses/:id/invitations/:invitationId', user.id);
      await revokeInvitation(db, request.params.id, request.params.invitationId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/business-invitations',
    {
      schema: {
        summary: 'The business invitations waiting for the person’s answer',
        tags: TAGS,
        response: { 200: myInvitationsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return { items: await myInvitations(db, user.id) };
    },
  );

  for (const [action, answer] of [
    ['accept', 'approved'],
    ['decline', 'rejected'],
  ] as const) {
    app.post(
      `/api/business-invitations/:id/${action}`,
      {
        schema: {
          summary: action === 'accept' ? 'Accepts a business invitation' : 'Declines a business invitation',
          tags: TAGS,
          params: businessInvitationParamsSchema,
          response: { 200: answerInvitationResponseSchema, ...errorResponses(400, 401, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const { user } = requireSignIn(request, reply, context);
        return answerInvitation(context, user.id, request.params.id, answer);
      },
    );
  }

  app.patch(
    '/api/businesses/:id/members/:userId',
    {
      schema: {
        summary: 'Gives a member a custom role (enterprise) or takes it away',
        tags: TAGS,
        params: businessMemberParamsSchema,
        body: updateMemberRequestSchema,
        response: { 200: businessMemberSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await guard(request, 'PATCH /api/businesses/:id/members/:userId', user.id);
      return updateMember(context, access, request.params.userId, request.body);
    },
  );

  app.delete(
    '/api/businesses/:id/members/:userId',
    {
      schema: {
        summary: 'Removes a member or their invitation; a member may remove themself (leave)',
        tags: TAGS,
        params: businessMemberParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const { id, userId } = request.params;
      if (userId !== user.id) await guard(request, 'DELETE /api/businesses/:id/members/:userId', user.id);
      else await accessOf(db, id, user.id, context.now());
      await removeMember(db, id, userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/businesses/:id/roles',
    {
      schema: {
        summary: 'The custom roles of an enterprise business',
        tags: TAGS,
        params: businessParamsSchema,
        response: { 200: businessRoleListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await guard(request, 'GET /api/businesses/:id/roles', user.id);
      return { items: await listRoles(db, request.params.id) };
    },
  );

  app.post(
    '/api/businesses/:id/roles',
    {
      schema: {
        summary: 'Creates a custom role (enterprise)',
        tags: TAGS,
        params: businessParamsSchema,
        body: createBusinessRoleRequestSchema,
        response: { 201: businessRoleSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await guard(request, 'POST /api/businesses/:id/roles', user.id);
      return reply.status(201).send(await createRole(db, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/businesses/:id/roles/:roleId',
    {
      schema: {
        summary: 'Deletes a custom role (its members keep the permissions of every business user)',
        tags: TAGS,
        params: businessRoleParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await guard(request, 'DELETE /api/businesses/:id/roles/:roleId', user.id);
      await deleteRole(db, request.params.id, request.params.roleId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/businesses/:id/wallet',
    {
      schema: {
        summary: 'What the business’s wallet holds, per currency',
        description: 'Also answers to an API key of the business (`Authorization: Bearer ztk_…`).',
        tags: TAGS,
        params: businessParamsSchema,
        response: { 200: businessWalletResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await readGuard(request, reply, 'GET /api/businesses/:id/wallet');
      return businessWallet(db, access.business);
    },
  );

  app.get(
    '/api/businesses/:id/transactions',
    {
      schema: {
        summary: 'The business wallet’s transactions, newest first (filters and pages as for one’s own)',
        description: 'Also answers to an API key of the business (`Authorization: Bearer ztk_…`).',
        tags: TAGS,
        params: businessParamsSchema,
        querystring: transactionQuerySchema,
        response: { 200: transactionListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await readGuard(request, reply, 'GET /api/businesses/:id/transactions');
      return listTransactions(db, access.business.accountId, request.query);
    },
  );

  app.post(
    '/api/businesses/:id/distributions',
    {
      schema: {
        summary: 'Previews or pays out the tip pool to the members by a rule',
        description:
          'Idempotency-Key header required unless `preview`. The whole distribution is one ledger movement: all or nothing.',
        tags: TAGS,
        params: businessParamsSchema,
        headers: idempotencyHeaders,
        body: distributionRequestSchema,
        response: {
          200: distributionSchema,
          201: distributionSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      const access = await guard(request, 'POST /api/businesses/:id/distributions', signedIn.user.id);
      return sendMoneyAnswer(reply, await distribute(context, request, access, signedIn, request.body));
    },
  );

  app.get(
    '/api/businesses/:id/qr-codes',
    {
      schema: {
        summary: 'The business’s QR codes (their tips go into its wallet)',
        tags: TAGS,
        params: businessParamsSchema,
        response: { 200: qrCodeListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await guard(request, 'GET /api/businesses/:id/qr-codes', user.id);
      return { items: await listQrCodes(context, access.business.accountId) };
    },
  );

  app.post(
    '/api/businesses/:id/qr-codes',
    {
      schema: {
        summary: 'Creates a QR code of the business',
        description: 'Past the plan’s QR code limit → 422 `limit_exceeded` `{ limit: "qrCodes", max }`.',
        tags: TAGS,
        params: businessParamsSchema,
        body: createQrCodeRequestSchema,
        response: { 201: qrCodeSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await guard(request, 'POST /api/businesses/:id/qr-codes', user.id);
      const max = businessLimitsFor(access.ownerLevel).qrCodes;
      return reply
        .status(201)
        .send(await createQrCode(context, access.business.accountId, request.body, { max }));
    },
  );

  app.get(
    '/api/businesses/:id/webhooks',
    {
      schema: {
        summary: 'The business’s webhooks (enterprise integrations)',
        tags: TAGS,
        params: businessParamsSchema,
        response: { 200: webhookListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await guard(request, 'GET /api/businesses/:id/webhooks', user.id);
      return { items: await listWebhooks(db, request.params.id) };
    },
  );

  app.post(
    '/api/businesses/:id/webhooks',
    {
      schema: {
        summary: 'Adds a webhook; its signing secret is answered this once',
        description:
          'Each delivery is a POST with the header `x-ztart-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`; ' +
          'anything but a 2xx is tried again after 10 s, 1 min, 5 min, 30 min and 2 h.',
        tags: TAGS,
        params: businessParamsSchema,
        body: createWebhookRequestSchema,
        response: { 201: webhookSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await guard(request, 'POST /api/businesses/:id/webhooks', user.id);
      return reply.status(201).send(await createWebhook(context, request.params.id, request.body));
    },
  );

  app.delete(
    '/api/businesses/:id/webhooks/:webhookId',
    {
      schema: {
        summary: 'Removes a webhook and its delivery log',
        tags: TAGS,
        params: webhookParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await guard(request, 'DELETE /api/businesses/:id/webhooks/:webhookId', user.id);
      await deleteWebhook(db, request.params.id, request.params.webhookId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/businesses/:id/webhooks/:webhookId/test',
    {
      schema: {
        summary: 'Sends a signed `ping` event to the webhook now and answers how it went',
        description: 'The delivery is tried once (not retried) and shows in the delivery log like any other.',
        tags: TAGS,
        params: webhookParamsSchema,
        response: { 201: webhookDeliverySchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await guard(request, 'POST /api/businesses/:id/webhooks/:webhookId/test', user.id);
      await webhookTestLimit(request, reply);
      return reply
        .status(201)
        .send(await sendTestEvent(context, request.params.id, request.params.webhookId));
    },
  );

  app.get(
    '/api/businesses/:id/api-keys',
    {
      schema: {
        summary: 'The business’s live API keys (enterprise integrations)',
        tags: TAGS,
        params: businessParamsSchema,
        response: { 200: apiKeyListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await guard(request, 'GET /api/businesses/:id/api-keys', user.id);
      return { items: await listApiKeys(db, request.params.id) };
    },
  );

  app.post(
    '/api/businesses/:id/api-keys',
    {
      schema: {
        summary: 'Creates an API key; the key is answered this once (only its hash is kept)',
        description:
          'The key reads the business’s wallet and transactions (`Authorization: Bearer <key>`) and nothing else. ' +
          'More than 10 live keys → 422 `limit_exceeded` `{ limit: "apiKeys", max }`.',
        tags: TAGS,
        params: businessParamsSchema,
        body: createApiKeyRequestSchema,
        response: { 201: createdApiKeySchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await guard(request, 'POST /api/businesses/:id/api-keys', user.id);
      return reply.status(201).send(await createApiKey(context, request.params.id, user.id, request.body));
    },
  );

  app.delete(
    '/api/businesses/:id/api-keys/:keyId',
    {
      schema: {
        summary: 'Revokes an API key: it opens nothing from then on',
        tags: TAGS,
        params: apiKeyParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await guard(request, 'DELETE /api/businesses/:id/api-keys/:keyId', user.id);
      await revokeApiKey(context, request.params.id, request.params.keyId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/businesses/:id/webhooks/:webhookId/deliveries',
    {
      schema: {
        summary: 'The delivery log of a webhook, newest first',
        tags: TAGS,
        params: webhookParamsSchema,
        response: { 200: webhookDeliveryListResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await guard(request, 'GET /api/businesses/:id/webhooks/:webhookId/deliveries', user.id);
      return { items: await listDeliveries(db, request.params.id, request.params.webhookId) };
    },
  );

  app.delete(
    '/api/businesses/:id/logo',
    {
      schema: {
        summary: "Removes a business's logo",
        tags: TAGS,
        params: businessParamsSchema,
        response: { 200: businessSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const access = await guard(request, 'DELETE /api/businesses/:id/logo', user.id);
      await removeAvatar(db, access.business.accountId);
      return toBusiness(db, access);
    },
  );
};
