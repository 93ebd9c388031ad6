import {
  acceptedResponseSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  emailRequestSchema,
  okResponseSchema,
  phoneStartRequestSchema,
  phoneVerifyRequestSchema,
  resetPasswordRequestSchema,
  revokeOthersResponseSchema,
  sessionListResponseSchema,
  sessionResponseSchema,
  signInRequestSchema,
  signUpRequestSchema,
  tokenRequestSchema,
  verifyEmailResponseSchema,
} from '@ztart/shared/contracts/auth';
import { deleteAccountRequestSchema } from '@ztart/shared/contracts/profiles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { AppError, isAppError } from '../../http/errors.ts';
import { createRateLimitCheck, hashedKey } from '../../http/rate-limit.ts';
import { recordAudit } from '../activity/service.ts';
import {
  clearSessionCookie,
  requireSignIn,
  setCsrfCookie,
  setSessionCookie,
} from '../auth/session-plugin.ts';
import { deleteSession, deleteSessionOf, deleteSessionsOf, listOpenSessions } from '../auth/sessions.ts';
import { deleteAccount } from './delete-account.ts';
import {
  changePassword,
  forgotPassword,
  requestEmailChange,
  resendVerification,
  resetPassword,
  sessionResponse,
  signIn,
  signUp,
  startPhoneVerification,
  verifyEmail,
  verifyPhone,
} from './service.ts';
import { SignInThrottle } from './sign-in-throttle.ts';

const ACCEPTED = { status: 'accepted' } as const;
const sessionIdParamsSchema = z.object({ id: z.uuid() });

/** The email of a request body that has one (after validation, so already normalised). */
function bodyEmail(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email : undefined;
}

/** Runs the work, then waits until `minimumMs` have passed since it began (also when it fails). */
async function takingAtLeast<T>(minimumMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = minimumMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

function signedInUserId(request: FastifyRequest): string | undefined {
  return request.auth.status === 'signed-in' ? request.auth.user.id : undefined;
}

export const authRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db, rateLimits } = context;
  const limit = (
    name: string,
    rule: keyof typeof rateLimits,
    keyOf: (r: FastifyRequest) => string | undefined,
  ) => createRateLimitCheck(app, name, rateLimits[rule], keyOf);
  const perIpAndEmail = (request: FastifyRequest) => {
    const email = bodyEmail(request);
    return email === undefined ? undefined : hashedKey(request.ip, email);
  };

  // Each route runs its checks in order; sign-in counts per address and per address + email.
  const signUpLimits = [limit('sign-up', 'signUpPerIp', (request) => request.ip)];
  const signInLimits = [
    limit('sign-in-ip', 'signInPerIp', (request) => request.ip),
    limit('sign-in-account', 'signInPerAccount', perIpAndEmail),
  ];
  // Besides those per address: a growing wait per account, wherever the attempts come from.
  const signInThrottle = new SignInThrottle(db);
  const resendLimits = [limit('resend-verification', 'emailLinkPerAccount', perIpAndEmail)];
  const forgotLimits = [limit('forgot-password', 'emailLinkPerAccount', perIpAndEmail)];
  const resetLimits = [limit('reset-password', 'resetPasswordPerIp', (request) => request.ip)];
  const passwordCheckLimits = [limit('password-check', 'passwordCheckPerUser', signedInUserId)];
  const phoneCodeLimits = [limit('phone-code', 'phoneCodePerUser', signedInUserId)];

  app.post(
    '/api/auth/sign-up',
    {
      preHandler: signUpLimits,
      schema: {
        summary: 'Creates an account and mails a verification link (a taken email gets the same answer)',
        tags: ['auth'],
        body: signUpRequestSchema,
        response: { 201: acceptedResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      await takingAtLeast(context.uniformAnswerMs, () => signUp(context, request, request.body));
      return reply.status(201).send(ACCEPTED);
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        summary: 'Opens a verification link: confirms an address, or completes an email change',
        tags: ['auth'],
        body: tokenRequestSchema,
        response: { 200: verifyEmailResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => verifyEmail(context, request, request.body.token),
  );

  app.post(
    '/api/auth/resend-verification',
    {
      preHandler: resendLimits,
      schema: {
        summary: 'Mails a new verification link when the account waits for one (always 202)',
        tags: ['auth'],
        body: emailRequestSchema,
        response: { 202: acceptedResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await takingAtLeast(context.uniformAnswerMs, () => resendVerification(context, request.body.email));
      return reply.status(202).send(ACCEPTED);
    },
  );

  app.post(
    '/api/auth/sign-in',
    {
      preHandler: signInLimits,
      schema: {
        summary: 'Signs in with email and password; sets the session cookie',
        tags: ['auth'],
        body: signInRequestSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { token, user } = await signIn(context, request, request.body, signInThrottle).catch(
        (error: unknown) => {
          if (isAppError(error) && error.code === 'rate_limited') {
            reply.header('retry-after', error.details?.retryAfterSeconds);
          }
          throw error;
        },
      );
      setSessionCookie(reply, context, token);
      // A new CSRF token with the new session: one planted before sign-in is worthless after it.
      setCsrfCookie(reply, context);
      return sessionResponse(db, user);
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      schema: {
        summary: 'Ends the current session and clears its cookie',
        tags: ['auth'],
        response: { 204: z.null().describe('Signed out'), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      if (request.auth.status === 'signed-in') {
        await deleteSession(db, request.auth.session.id);
        context.live.endSessions(request.auth.user.id, [request.auth.session.id]);
        await recordAudit(db, request, { userId: request.auth.user.id, actionType: 'sign_out' });
      }
      clearSessionCookie(reply, context);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/auth/session',
    {
      schema: {
        summary: 'The signed-in person with their profile and roles, or user null',
        tags: ['auth'],
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.auth.status === 'ended') clearSessionCookie(reply, context);
      const { auth } = request;
      return auth.status === 'signed-in'
        ? sessionResponse(db, auth.user, auth.impersonation ?? null)
        : sessionResponse(db, null);
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      preHandler: forgotLimits,
      schema: {
        summary: 'Mails a password reset link when the account exists (always 202)',
        tags: ['auth'],
        body: emailRequestSchema,
        response: { 202: acceptedResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await takingAtLeast(context.uniformAnswerMs, () =>
        forgotPassword(context, request, request.body.email),
      );
      return reply.status(202).send(ACCEPTED);
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      preHandler: resetLimits,
      schema: {
        summary: "Sets a new password with a reset link's token; every other session ends",
        tags: ['auth'],
        body: resetPasswordRequestSchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await resetPassword(context, request, request.body);
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      preHandler: passwordCheckLimits,
      schema: {
        summary: 'Changes the password (the current one is required); other sessions end',
        tags: ['auth'],
        body: changePasswordRequestSchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      const token = await changePassword(context, request, signedIn, request.body);
      setSessionCookie(reply, context, token);
      return { status: 'ok' as const };
    },
  );

  app.post(
    '/api/auth/change-email',
    {
      preHandler: passwordCheckLimits,
      schema: {
        summary: 'Mails a link to the new address; the email changes when the link is opened',
        tags: ['auth'],
        body: changeEmailRequestSchema,
        response: { 202: acceptedResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await requestEmailChange(context, request, user, request.body);
      return reply.status(202).send(ACCEPTED);
    },
  );

  app.post(
    '/api/auth/phone/start',
    {
      preHandler: phoneCodeLimits,
      schema: {
        summary: 'Sends a 6-digit code by SMS to the phone number to verify',
        description: 'A number another account has verified → 409 `phone_in_use`.',
        tags: ['auth'],
        body: phoneStartRequestSchema,
        response: { 202: acceptedResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await startPhoneVerification(context, user.id, request.body.phone);
      return reply.status(202).send(ACCEPTED);
    },
  );

  app.post(
    '/api/auth/phone/verify',
    {
      schema: {
        summary: 'Checks the SMS code; the number becomes the verified phone of the profile',
        description: 'A number another account verified meanwhile → 409 `phone_in_use`.',
        tags: ['auth'],
        body: phoneVerifyRequestSchema,
        response: { 200: sessionResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await verifyPhone(context, request, user.id, request.body.code);
      return sessionResponse(db, user);
    },
  );

  app.get(
    '/api/auth/sessions',
    {
      schema: {
        summary: "The signed-in person's open sessions, the current one marked",
        tags: ['auth'],
        response: { 200: sessionListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user, session } = requireSignIn(request, reply, context);
      const open = await listOpenSessions(db, user.id, context.now());
      return {
        items: open.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          userAgent: row.userAgent,
          current: row.id === session.id,
        })),
      };
    },
  );

  app.post(
    '/api/auth/sessions/revoke-others',
    {
      schema: {
        summary: 'Signs out every other session of the signed-in person',
        tags: ['auth'],
        response: { 200: revokeOthersResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const { user, session } = requireSignIn(request, reply, context);
      const ended = await deleteSessionsOf(db, user.id, {
        exceptSessionId: session.id,
        now: context.now(),
      });
      context.live.endSessions(user.id, ended.ids);
      await recordAudit(db, request, {
        userId: user.id,
        actionType: 'session_revoked',
        metadata: { revoked: ended.openCount },
      });
      return { revoked: ended.openCount };
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      schema: {
        summary: 'Signs out one session of the signed-in person',
        tags: ['auth'],
        params: sessionIdParamsSchema,
        response: { 204: z.null().describe('Signed out'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user, session } = requireSignIn(request, reply, context);
      if (!(await deleteSessionOf(db, user.id, request.params.id))) throw new AppError('not_found');
      context.live.endSessions(user.id, [request.params.id]);
      if (request.params.id === session.id) clearSessionCookie(reply, context);
      await recordAudit(db, request, {
        userId: user.id,
        actionType: 'session_revoked',
        metadata: { revoked: 1 },
      });
      return reply.status(204).send(null);
    },
  );
};

/**
 * `DELETE /api/profiles/me`: the account goes, with its profile, PIN and sessions (registered
 * beside the profile routes, but the flow belongs to the account: see delete-account.ts).
 */
export const accountDeletionRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const { rateLimits } = context;
  const deleteAccountLimit = createRateLimitCheck(
    app,
    'delete-account',
    rateLimits.passwordCheckPerUser,
    (r) => (r.auth.status === 'signed-in' ? r.auth.user.id : undefined),
  );

  app.delete(
    '/api/profiles/me',
    {
      preHandler: deleteAccountLimit,
      config: { validationErrorCodes: { confirmation: 'delete_confirmation_failed' } },
      schema: {
        summary: 'Deletes the account: type DELETE and the password; refused while it holds money',
        tags: ['profiles'],
        body: deleteAccountRequestSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 409, 429, 500) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await deleteAccount(context, request, user.id, request.body.password);
      clearSessionCookie(reply, context);
      return reply.status(204).send(null);
    },
  );
};
