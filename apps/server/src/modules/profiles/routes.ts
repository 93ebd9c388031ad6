import {
  canAccessMetaDashboardRequestSchema,
  metaDashboardAccessResponseSchema,
  ownProfileSchema,
  profileIdParamsSchema,
  updateProfileRequestSchema,
  userRolesParamsSchema,
  userRolesResponseSchema,
  ztartagAvailabilityResponseSchema,
  ztartagParamsSchema,
  ztartagSuggestionQuerySchema,
  ztartagSuggestionResponseSchema,
} from '@ztart/shared/contracts/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { AppError } from '../../http/errors.ts';
import { createRateLimitCheck } from '../../http/rate-limit.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { findActiveUserById } from '../auth/users.ts';
import { avatarRoutes } from './avatar-routes.ts';
import { getOwnProfile, isAdmin, metaDashboardAccessOf, rolesOf, updateOwnProfile } from './service.ts';
import { isZtartagAvailable, suggestZtartag } from './ztartags.ts';

/** Someone's own data, or anyone's for an admin (spec §7 reads); else 403, and 404 for no such account. */
async function assertMayRead(db: AppDatabase, readerId: string, userId: string) {
  if (readerId !== userId && !(await isAdmin(db, readerId))) throw new AppError('forbidden');
  const user = await findActiveUserById(db, userId);
  if (!user) throw new AppError('not_found');
  return user;
}

export const profileRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db, rateLimits } = context;
  const ztartagLookupLimit = createRateLimitCheck(
    app,
    'ztartag-lookup',
    rateLimits.ztartagLookupPerIp,
    (r) => r.ip,
  );

  app.get(
    '/api/profiles/me',
    {
      schema: {
        summary: "The signed-in person's own profile",
        tags: ['profiles'],
        response: { 200: ownProfileSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => getOwnProfile(db, requireSignIn(request, reply, context).user),
  );

  app.patch(
    '/api/profiles/me',
    {
      schema: {
        summary: 'Changes the fields sent of the own profile',
        tags: ['profiles'],
        body: updateProfileRequestSchema,
        response: { 200: ownProfileSchema, ...errorResponses(400, 401, 403, 409, 500) },
      },
    },
    async (request, reply) => updateOwnProfile(db, requireSignIn(request, reply, context).user, request.body),
  );

  app.get(
    '/api/profiles/:id',
    {
      schema: {
        summary: "A person's profile (spec §7 Read profiles): one's own, or anyone's for an admin",
        tags: ['profiles'],
        params: profileIdParamsSchema,
        response: { 200: ownProfileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const reader = requireSignIn(request, reply, context).user;
      const user = await assertMayRead(db, reader.id, request.params.id);
      return getOwnProfile(db, user);
    },
  );

  app.get(
    '/api/user-roles/:userId',
    {
      schema: {
        summary: "A person's roles (spec §7 Read user_roles): one's own, or anyone's for an admin",
        tags: ['profiles'],
        params: userRolesParamsSchema,
        response: { 200: userRolesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const reader = requireSignIn(request, reply, context).user;
      await assertMayRead(db, reader.id, request.params.userId);
      return { roles: await rolesOf(db, request.params.userId) };
    },
  );

  app.post(
    '/api/rpc/can_access_meta_dashboard',
    {
      schema: {
        summary: 'Meta dashboard access and level (spec §7): for oneself, or anyone for an admin',
        tags: ['profiles'],
        body: canAccessMetaDashboardRequestSchema,
        response: { 200: metaDashboardAccessResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const reader = requireSignIn(request, reply, context).user;
      await assertMayRead(db, reader.id, request.body.p_user_id);
      const access = await metaDashboardAccessOf(db, request.body.p_user_id);
      return {
        has_access: access.hasAccess,
        access_level: access.accessLevel,
        permissions: [...access.permissions],
      };
    },
  );

  app.get(
    '/api/ztartags/suggestion',
    {
      preHandler: ztartagLookupLimit,
      schema: {
        summary: 'A free ztartag made from an email address or a name',
        tags: ['profiles'],
        querystring: ztartagSuggestionQuerySchema,
        response: { 200: ztartagSuggestionResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => ({ suggestion: await suggestZtartag(db, request.query.from) }),
  );

  app.get(
    '/api/ztartags/:tag',
    {
      preHandler: ztartagLookupLimit,
      schema: {
        summary: "Whether a ztartag is free (the asker's own tag counts as free)",
        tags: ['profiles'],
        params: ztartagParamsSchema,
        response: { 200: ztartagAvailabilityResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const askerId = request.auth.status === 'signed-in' ? request.auth.user.id : undefined;
      return { available: await isZtartagAvailable(db, request.params.tag, askerId) };
    },
  );

  await app.register(avatarRoutes, { context });
};
