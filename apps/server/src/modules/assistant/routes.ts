import type { OutgoingHttpHeaders } from 'node:http';
import {
  conversationListResponseSchema,
  conversationParamsSchema,
  conversationSchema,
  createConversationRequestSchema,
  guestMessageRequestSchema,
  guestMessageResponseSchema,
  messageListResponseSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  updateConversationRequestSchema,
  usageSchema,
} from '@ztart/shared/contracts/assistant';
import { primaryRole, ROLE_PLANS } from '@ztart/shared/roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { addressKeyOf } from '../../http/client-address.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { isAppError } from '../../http/errors.ts';
import { createRateLimitCheck } from '../../http/rate-limit.ts';
import { randomToken } from '../auth/secrets.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { rolesOf } from '../profiles/service.ts';
import type { AssistantEngine } from './engine.ts';
import { usageOf } from './quota.ts';
import {
  answerGuest,
  createConversation,
  deleteConversation,
  guestSubjects,
  listConversations,
  listMessages,
  renameConversation,
  sendMessage,
} from './service.ts';
import type { TokenCounter } from './tokens.ts';

/**
 * A signed-out visitor's device: a random id, kept a year, read only by the guest assistant's
 * routes. Its hash is one of the two subjects the guest quota counts (the address is the other).
 */
export const GUEST_DEVICE_COOKIE = 'ztart_device';
const GUEST_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface AssistantRoutesOptions {
  context: AppContext;
  engine: AssistantEngine;
  tokens: TokenCounter;
}

/** Opens a text/event-stream on the reply, keeping the headers the hooks set. */
function openStream(reply: FastifyReply) {
  reply.hijack();
  const raw = reply.raw;
  const hookHeaders = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
  raw.writeHead(200, {
    ...(Object.fromEntries(hookHeaders) as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  return (event: string, data: unknown) => {
    if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
}

export const assistantRoutes: FastifyPluginAsyncZod<AssistantRoutesOptions> = async (
  app,
  { context, engine, tokens },
) => {
  const { db } = context;
  const roleOf = async (userId: string) => primaryRole(await rolesOf(db, userId));

  app.get(
    '/api/assistant/conversations',
    {
      schema: {
        summary: "The person's conversations with the assistant, latest first",
        tags: ['assistant'],
        response: { 200: conversationListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => ({
      items: await listConversations(db, requireSignIn(request, reply, context).user.id),
    }),
  );

  app.post(
    '/api/assistant/conversations',
    {
      schema: {
        summary: 'Starts a conversation; without a title, its first question names it',
        tags: ['assistant'],
        body: createConversationRequestSchema,
        response: { 201: conversationSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const userId = requireSignIn(request, reply, context).user.id;
      return reply.status(201).send(await createConversation(db, userId, request.body, context.now()));
    },
  );

  app.patch(
    '/api/assistant/conversations/:id',
    {
      schema: {
        summary: 'Renames a conversation',
        tags: ['assistant'],
        params: conversationParamsSchema,
        body: updateConversationRequestSchema,
        response: { 200: conversationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      renameConversation(
        db,
        requireSignIn(request, reply, context).user.id,
        request.params.id,
        request.body.title,
      ),
  );

  app.delete(
    '/api/assistant/conversations/:id',
    {
      schema: {
        summary: 'Deletes a conversation and its messages',
        tags: ['assistant'],
        params: conversationParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await deleteConversation(db, requireSignIn(request, reply, context).user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/assistant/conversations/:id/messages',
    {
      schema: {
        summary: "A conversation's questions and answers, oldest first",
        tags: ['assistant'],
        params: conversationParamsSchema,
        response: { 200: messageListResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => ({
      items: await listMessages(db, requireSignIn(request, reply, context).user.id, request.params.id),
    }),
  );

  app.post(
    '/api/assistant/conversations/:id/messages',
    {
      schema: {
        summary:
          'Asks the assistant; the answer comes whole, or streamed (server-sent events) when asked for',
        description:
          'With `Accept: text/event-stream` and a role with the streaming capability, the answer is sent as ' +
          '`delta` events ({text}) and a final `done` event carrying the whole response; other roles get it ' +
          'whole as JSON. Over a quota → 429 `quota_exceeded` with `details: {quota, resetsAt}`; a premium ' +
          'model without the premium-models capability → 403; an engine failure → 503 `assistant_unavailable`.',
        tags: ['assistant'],
        params: conversationParamsSchema,
        body: sendMessageRequestSchema,
        response: { 200: sendMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const userId = requireSignIn(request, reply, context).user.id;
      const role = await roleOf(userId);
      const person = { userId, role };
      const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');
      if (!wantsStream || !ROLE_PLANS[role].capabilities.includes('streaming')) {
        return sendMessage(context, { engine, tokens }, person, request.params.id, request.body);
      }
      // The stream opens with the first piece of the answer: a refusal before it is a plain error answer.
      let send: ReturnType<typeof openStream> | null = null;
      const stream = () => {
        send ??= openStream(reply);
        return send;
      };
      try {
        const response = await sendMessage(
          context,
          { engine, tokens },
          person,
          request.params.id,
          request.body,
          (text) => stream()('delta', { text }),
        );
        stream()('done', response);
      } catch (error) {
        if (send === null) throw error;
        request.log.error({ err: error }, 'assistant stream failed');
        stream()('error', { code: isAppError(error) ? error.code : 'assistant_unavailable' });
      }
      reply.raw.end();
      return reply;
    },
  );

  app.get(
    '/api/assistant/usage',
    {
      schema: {
        summary: "The person's assistant tokens and cost today and this month against their role's quotas",
        tags: ['assistant'],
        response: { 200: usageSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const userId = requireSignIn(request, reply, context).user.id;
      return usageOf(db, userId, await roleOf(userId), context.now());
    },
  );

  /** The guest's device id from its cookie, handed out on the first visit. */
  const guestOf = (request: FastifyRequest, reply: FastifyReply) => {
    let deviceId = request.cookies[GUEST_DEVICE_COOKIE];
    if (!deviceId || !/^[A-Za-z0-9_-]{43}$/.test(deviceId)) {
      deviceId = randomToken();
      reply.setCookie(GUEST_DEVICE_COOKIE, deviceId, {
        path: '/api/assistant/guest',
        sameSite: 'lax',
        secure: context.config.isProduction,
        httpOnly: true,
        maxAge: GUEST_DEVICE_MAX_AGE_SECONDS,
      });
    }
    return { deviceId, address: addressKeyOf(request.ip) };
  };
  const guestLimit = createRateLimitCheck(
    app,
    'assistant-guest',
    context.rateLimits.assistantGuestPerIp,
    (request) => addressKeyOf(request.ip),
  );

  app.post(
    '/api/assistant/guest/messages',
    {
      schema: {
        summary: 'A signed-out visitor asks the help assistant how to use the app',
        description:
          'No personal figures and nothing kept but the tokens, counted against the guest quota per device ' +
          '(a cookie) and per address: both must be within it. Over it → 429 `quota_exceeded`; too many ' +
          'questions from one address → 429 `rate_limited`; an engine failure → 503 `assistant_unavailable`.',
        tags: ['assistant'],
        body: guestMessageRequestSchema,
        response: { 200: guestMessageResponseSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      await guestLimit(request, reply);
      return answerGuest(context, { engine, tokens }, guestOf(request, reply), request.body);
    },
  );

  app.get(
    '/api/assistant/guest/usage',
    {
      schema: {
        summary: "A signed-out visitor's help-assistant tokens today and this month against the guest quota",
        tags: ['assistant'],
        response: { 200: usageSchema },
      },
    },
    async (request, reply) => usageOf(db, guestSubjects(guestOf(request, reply)), 'guest', context.now()),
  );
};
