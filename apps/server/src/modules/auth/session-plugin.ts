import type { Impersonation } from '@ztart/shared/contracts/admin';
import { SESSION_ABSOLUTE_TIMEOUT_DAYS } from '@ztart/shared/limits';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { AppContext } from '../../context.ts';
import { isQueueFull } from '../../db/batcher.ts';
import { isApiPath } from '../../http/api-path.ts';
import { AppError } from '../../http/errors.ts';
import { constantTimeEqual, randomToken } from './secrets.ts';
import { deleteSession, isSessionExpired, type SessionUser, touchSession } from './sessions.ts';
import type { SessionRow } from './tables.ts';

export const SESSION_COOKIE = 'session';
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Who is asking: nobody (`anonymous`), someone whose session cookie no longer opens a session
 * (`ended`: expired, signed out or unknown), or a signed-in person with their session.
 */
export type AuthState =
  | { status: 'anonymous' }
  | { status: 'ended' }
  | {
      status: 'signed-in';
      user: SessionUser;
      session: SessionRow;
      /**
       * Set while the session's admin impersonates `user` (decision 0040; modules/admin): the
       * request acts as that person, read-only.
       */
      impersonation?: Impersonation;
    };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
  }
}

const ANONYMOUS: AuthState = { status: 'anonymous' };

/**
 * For every API request: hands out the CSRF cookie when the browser lacks it, refuses a
 * state-changing request that carries the session cookie without the matching `X-CSRF-Token`
 * (double submit), and finds the session behind the cookie.
 */
export const sessionPlugin = fastifyPlugin<{ context: AppContext }>(
  async (app, { context }) => {
    app.decorateRequest<AuthState | null>('auth', null);

    app.addHook('onRequest', async (request, reply) => {
      request.auth = ANONYMOUS;
      if (!isApiPath(request.url)) return;
      if (!request.cookies[CSRF_COOKIE]) setCsrfCookie(reply, context);
      if (STATE_CHANGING_METHODS.has(request.method) && request.cookies[SESSION_COOKIE]) {
        assertCsrfToken(request);
      }
      request.auth = await authStateOf(request, context);
    });
  },
  { name: 'ztart-session', dependencies: ['@fastify/cookie'] },
);

function assertCsrfToken(request: FastifyRequest): void {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !constantTimeEqual(cookie, header)) {
    throw new AppError('csrf_failed');
  }
}

async function authStateOf(request: FastifyRequest, context: AppContext): Promise<AuthState> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return ANONYMOUS;
  const found = await context.findSession(token).catch((error: unknown) => {
    // Too many look-ups waiting: 503 overloaded, with Retry-After (see the error handler).
    if (isQueueFull(error)) throw error;
    // Without the database no session can be checked: say so (503), as the health check does.
    throw new AppError('service_unavailable', { message: 'The database is not reachable.', cause: error });
  });
  if (!found) return { status: 'ended' };
  const now = context.now();
  if (isSessionExpired(found.session, now)) {
    await deleteSession(context.db, found.session.id);
    return { status: 'ended' };
  }
  await touchSession(context.db, found.session, now);
  return { status: 'signed-in', user: found.user, session: found.session };
}

export type SignedIn = Extract<AuthState, { status: 'signed-in' }>;

/**
 * The signed-in person, or 401: `session_expired` (and the dead cookie is cleared) when the
 * request carried a session that has ended, `unauthorized` when it carried none.
 */
export function requireSignIn(request: FastifyRequest, reply: FastifyReply, context: AppContext): SignedIn {
  const { auth } = request;
  if (auth.status === 'signed-in') return auth;
  if (auth.status === 'ended') {
    clearSessionCookie(reply, context);
    throw new AppError('session_expired');
  }
  throw new AppError('unauthorized');
}

function cookieBase(context: AppContext) {
  return { path: '/', sameSite: 'lax', secure: context.config.isProduction } as const;
}

export function setSessionCookie(reply: FastifyReply, context: AppContext, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieBase(context),
    httpOnly: true,
    maxAge: SESSION_ABSOLUTE_TIMEOUT_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply, context: AppContext): void {
  reply.clearCookie(SESSION_COOKIE, { ...cookieBase(context), httpOnly: true });
}

/** Readable by the web app's scripts (that is the point of the double submit). */
export function setCsrfCookie(reply: FastifyReply, context: AppContext): void {
  reply.setCookie(CSRF_COOKIE, randomToken(), { ...cookieBase(context), httpOnly: false });
}
