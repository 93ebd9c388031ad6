import {
  changePinRequestSchema,
  createPinRequestSchema,
  pinRequestSchema,
  pinStatusResponseSchema,
  securityCheckResponseSchema,
} from '@ztart/shared/contracts/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { securityCheck } from './check.ts';
import { changePin, createPin, pinStatus, removePin, verifyPin } from './pin.ts';

export const securityRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    '/api/security/check',
    {
      schema: {
        summary: 'Secure or not, with the reason (cached 60 s per session)',
        tags: ['security'],
        response: { 200: securityCheckResponseSchema },
      },
    },
    async (request) => securityCheck(context, request),
  );

  app.get(
    '/api/pin',
    {
      schema: {
        summary: 'Whether a PIN is set, and until when this session is unlocked or the PIN locked',
        tags: ['security'],
        response: { 200: pinStatusResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => pinStatus(context.db, requireSignIn(request, reply, context), context.now()),
  );

  app.post(
    '/api/pin',
    {
      schema: {
        summary: 'Creates a PIN (none set yet); this session is unlocked',
        tags: ['security'],
        body: createPinRequestSchema,
        response: { 201: pinStatusResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      return reply.status(201).send(await createPin(context, request, signedIn, request.body.pin));
    },
  );

  app.put(
    '/api/pin',
    {
      schema: {
        summary: 'Changes the PIN; the current one is required',
        tags: ['security'],
        body: changePinRequestSchema,
        response: { 200: pinStatusResponseSchema, ...errorResponses(400, 401, 403, 409, 423) },
      },
    },
    async (request, reply) =>
      changePin(context, request, requireSignIn(request, reply, context), request.body),
  );

  app.post(
    '/api/pin/remove',
    {
      schema: {
        summary: 'Removes the PIN; the PIN is required',
        tags: ['security'],
        body: pinRequestSchema,
        response: { 200: pinStatusResponseSchema, ...errorResponses(400, 401, 403, 409, 423) },
      },
    },
    async (request, reply) =>
      removePin(context, request, requireSignIn(request, reply, context), request.body.pin),
  );

  app.post(
    '/api/pin/verify',
    {
      schema: {
        summary: 'Unlocks PIN-protected sections for this session for a few minutes',
        tags: ['security'],
        body: pinRequestSchema,
        response: { 200: pinStatusResponseSchema, ...errorResponses(400, 401, 403, 409, 423) },
      },
    },
    async (request, reply) =>
      verifyPin(context, request, requireSignIn(request, reply, context), request.body.pin),
  );
};
