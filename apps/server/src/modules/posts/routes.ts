import {
  createPostRequestSchema,
  ownListQuerySchema,
  photoIdParamsSchema,
  photoListResponseSchema,
  photoSchema,
  photoUploadQuerySchema,
  postIdParamsSchema,
  postListResponseSchema,
  postSchema,
} from '@ztart/shared/contracts/posts';
import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES, PHOTO_MAX_EDGE_PX } from '@ztart/shared/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { createRateLimitCheck } from '../../http/rate-limit.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { reencodeImage, uploadedImage } from '../profiles/avatars.ts';
import {
  addPhoto,
  createPost,
  deletePhoto,
  deletePost,
  listPhotos,
  listPosts,
  readablePhoto,
} from './service.ts';

/** The upload: in its own plugin because its body is the raw image, read as bytes whatever its type. */
const photoUploadRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const uploadLimit = createRateLimitCheck(
    app,
    'photo-upload',
    context.rateLimits.photoUploadPerUser,
    (request) => (request.auth.status === 'signed-in' ? request.auth.user.id : undefined),
  );

  app.post(
    '/api/profiles/me/photos',
    {
      bodyLimit: PHOTO_MAX_BYTES,
      // Before the body is read: nobody uploads 5 MB only to hear they are not signed in.
      onRequest: async (request, reply) => {
        requireSignIn(request, reply, context);
        await uploadLimit(request, reply);
      },
      schema: {
        summary: `Adds a photo to the gallery: the raw image as the body (${PHOTO_CONTENT_TYPES.join(', ')}; at most 5 MB)`,
        description:
          `Re-encoded to WebP without metadata (EXIF and GPS removed), at most ${PHOTO_MAX_EDGE_PX} px on its ` +
          'longer side. `?visibility=public` shows it on the public profile (default private). Empty body → ' +
          '400 `image_required`; anything else than one of those images → 415 `image_invalid`; a full ' +
          'gallery → 422 `limit_exceeded`; too many uploads in an hour → 429 `rate_limited`.',
        tags: ['profiles'],
        querystring: photoUploadQuerySchema,
        response: { 201: photoSchema, ...errorResponses(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const image = uploadedImage(request.body, request.headers['content-type']);
      const reencoded = await reencodeImage(image, { fit: 'inside', maxEdgePx: PHOTO_MAX_EDGE_PX });
      const photo = await addPhoto(context.db, user.id, reencoded, request.query.visibility);
      return reply.status(201).send(photo);
    },
  );
};

/** Gallery photos and posts of the signed-in person, and the photos' bytes (decision 0029). */
export const postRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context;

  app.get(
    '/api/profiles/me/photos',
    {
      schema: {
        summary: 'The own gallery photos, newest first',
        tags: ['profiles'],
        querystring: ownListQuerySchema,
        response: { 200: photoListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => listPhotos(db, requireSignIn(request, reply, context).user.id, request.query),
  );

  app.delete(
    '/api/profiles/me/photos/:id',
    {
      schema: {
        summary: 'Deletes one of the own gallery photos (posts that showed it keep their text)',
        tags: ['profiles'],
        params: photoIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 500) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await deletePhoto(db, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/photos/:id',
    {
      schema: {
        summary: 'A gallery photo: anyone may read a public one, only its owner a private one',
        tags: ['profiles'],
        params: photoIdParamsSchema,
        response: {
          200: {
            description: 'The photo',
            content: { 'image/webp': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const readerId = request.auth.status === 'signed-in' ? request.auth.user.id : undefined;
      const photo = await readablePhoto(db, request.params.id, readerId);
      // A photo may turn private or be deleted: shared caches keep a public one briefly, a private one never.
      const cacheControl = photo.visibility === 'public' ? 'public, max-age=300' : 'private, no-store';
      // Bytes go out as they are (Fastify does not serialise a Buffer); the schema above only documents them.
      const bytes = photo.content as unknown as string;
      return reply.type(photo.contentType).header('cache-control', cacheControl).send(bytes);
    },
  );

  app.get(
    '/api/posts',
    {
      schema: {
        summary: 'The own posts, newest first',
        tags: ['profiles'],
        querystring: ownListQuerySchema,
        response: { 200: postListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => listPosts(db, requireSignIn(request, reply, context).user.id, request.query),
  );

  const postLimit = createRateLimitCheck(
    app,
    'post-create',
    context.rateLimits.postCreatePerUser,
    (request) => (request.auth.status === 'signed-in' ? request.auth.user.id : undefined),
  );

  app.post(
    '/api/posts',
    {
      preHandler: postLimit,
      schema: {
        summary: 'Writes a post: a short text with optionally one of the own gallery photos',
        tags: ['profiles'],
        body: createPostRequestSchema,
        response: { 201: postSchema, ...errorResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return reply.status(201).send(await createPost(db, user.id, request.body));
    },
  );

  app.delete(
    '/api/posts/:id',
    {
      schema: {
        summary: 'Deletes one of the own posts',
        tags: ['profiles'],
        params: postIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await deletePost(db, user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  await app.register(photoUploadRoutes, { context });
};
