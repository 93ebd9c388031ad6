import {
  createGoalRequestSchema,
  goalListResponseSchema,
  goalMoveRequestSchema,
  goalMoveResponseSchema,
  goalParamsSchema,
  goalSchema,
  updateGoalRequestSchema,
} from '@ztart/shared/contracts/goals';
import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES } from '@ztart/shared/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { AppError } from '../../http/errors.ts';
import { createRateLimitCheck } from '../../http/rate-limit.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { reencodeImage, uploadedImage } from '../profiles/avatars.ts';
import { type GoalMoveDirection, goalMoveResponse, moveGoalMoney } from './move.ts';
import {
  findGoalPicture,
  GOAL_PICTURE_MAX_EDGE_PX,
  removeGoalPicture,
  replaceGoalPicture,
} from './pictures.ts';
import { createGoal, deleteGoal, findOwnGoal, listGoals, toGoal, updateGoal } from './service.ts';

const MOVE_WORDS: Record<GoalMoveDirection, string> = {
  deposit: 'Moves money from the available wallet into the goal',
  withdrawal: 'Moves money out of the goal back into the available wallet',
};

/** The picture upload: in its own plugin because its body is the raw image, read as bytes whatever its type. */
const goalPictureUploadRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // Re-encoding is the same work as a gallery photo's: the same bound.
  const uploadLimit = createRateLimitCheck(
    app,
    'goal-picture-upload',
    context.rateLimits.photoUploadPerUser,
    (request) => (request.auth.status === 'signed-in' ? request.auth.user.id : undefined),
  );

  app.put(
    '/api/goals/:id/picture',
    {
      bodyLimit: PHOTO_MAX_BYTES,
      // Before the body is read: nobody uploads 5 MB only to hear they are not signed in.
      onRequest: async (request, reply) => {
        requireSignIn(request, reply, context);
        await uploadLimit(request, reply);
      },
      schema: {
        summary: `Sets a goal's picture: the raw image as the body (${PHOTO_CONTENT_TYPES.join(', ')}; at most 5 MB)`,
        description:
          `Re-encoded to WebP without metadata (EXIF and GPS removed), at most ${GOAL_PICTURE_MAX_EDGE_PX} px on ` +
          'its longer side. Empty body → 400 `image_required`; anything else than one of those images → 415 ' +
          '`image_invalid`.',
        tags: ['goals'],
        params: goalParamsSchema,
        response: { 200: goalSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await findOwnGoal(context.db, user.id, request.params.id);
      const image = uploadedImage(request.body, request.headers['content-type']);
      const reencoded = await reencodeImage(image, { fit: 'inside', maxEdgePx: GOAL_PICTURE_MAX_EDGE_PX });
      return replaceGoalPicture(context.db, user.id, request.params.id, reencoded, context.now());
    },
  );
};

/** Savings goals (decision 0032): the list, each goal, its picture, and money in and out. */
export const goalRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context;
  await app.register(goalPictureUploadRoutes, { context });

  app.get(
    '/api/goals',
    {
      schema: {
        summary: "The person's savings goals, oldest first, with what they hold in goals per currency",
        tags: ['goals'],
        response: { 200: goalListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return listGoals(db, user.id, context.now());
    },
  );

  app.post(
    '/api/goals',
    {
      schema: {
        summary: 'Creates a savings goal (empty)',
        tags: ['goals'],
        body: createGoalRequestSchema,
        response: { 201: goalSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return reply.status(201).send(await createGoal(db, user.id, request.body, context.now()));
    },
  );

  app.get(
    '/api/goals/:id',
    {
      schema: {
        summary: 'One of the person’s savings goals',
        tags: ['goals'],
        params: goalParamsSchema,
        response: { 200: goalSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return toGoal(await findOwnGoal(db, user.id, request.params.id), context.now());
    },
  );

  app.patch(
    '/api/goals/:id',
    {
      schema: {
        summary: 'Renames a goal or changes its target or date (the currency stays)',
        tags: ['goals'],
        params: goalParamsSchema,
        body: updateGoalRequestSchema,
        response: { 200: goalSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return updateGoal(context, user.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/goals/:id',
    {
      schema: {
        summary: 'Deletes an empty goal (409 `goal_not_empty` while it holds money)',
        tags: ['goals'],
        params: goalParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await deleteGoal(db, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/goals/:id/picture',
    {
      schema: {
        summary: "Removes a goal's picture",
        tags: ['goals'],
        params: goalParamsSchema,
        response: { 200: goalSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return removeGoalPicture(db, user.id, request.params.id, context.now());
    },
  );

  app.get(
    '/api/goals/:id/picture',
    {
      schema: {
        summary: "A goal's picture (its owner only)",
        tags: ['goals'],
        params: goalParamsSchema,
        querystring: z.object({ v: z.uuid().optional() }),
        response: {
          200: {
            description: 'The picture',
            content: { 'image/webp': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const picture = await findGoalPicture(db, user.id, request.params.id);
      if (!picture) throw new AppError('not_found');
      // Private to its owner; each picture has its own address (`?v=`), so the browser may keep it.
      const bytes = picture.content as unknown as string;
      return reply.type(picture.contentType).header('cache-control', 'private, max-age=86400').send(bytes);
    },
  );

  for (const direction of ['deposit', 'withdrawal'] as const) {
    app.post(
      `/api/goals/:id/${direction}s`,
      {
        schema: {
          summary: `${MOVE_WORDS[direction]} (Idempotency-Key header required)`,
          tags: ['goals'],
          params: goalParamsSchema,
          body: goalMoveRequestSchema,
          response: {
            201: goalMoveResponseSchema,
            ...errorResponses(400, 401, 403, 404, 409, 422, 429, 500, 503),
          },
        },
      },
      async (request, reply) => {
        const signedIn = requireSignIn(request, reply, context);
        // Only a move is kept under its key (a refusal keeps nothing): always a 201.
        const answer = await moveGoalMoney(
          context,
          request,
          signedIn,
          request.params.id,
          direction,
          request.body,
        );
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(201).send(goalMoveResponse(answer.body, context.now()));
      },
    );
  }
};
