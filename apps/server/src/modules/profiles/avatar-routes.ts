import { avatarParamsSchema, ownProfileSchema } from '@ztart/shared/contracts/profiles';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '@ztart/shared/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { AppError } from '../../http/errors.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { findAvatar, reencodeAvatar, removeAvatar, replaceAvatar, uploadedImage } from './avatars.ts';
import { getOwnProfile } from './service.ts';

/** An avatar's id changes with every upload, so its bytes never change: caches may keep them. */
const AVATAR_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Profile photos. In their own plugin because the upload's body is the raw image: here every
 * content type is read as bytes, and the handler decides what it accepts.
 */
export const avatarRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.put(
    '/api/profiles/me/avatar',
    {
      bodyLimit: AVATAR_MAX_BYTES,
      // Before the body is read: nobody uploads 5 MB only to hear they are not signed in.
      onRequest: async (request, reply) => {
        requireSignIn(request, reply, context);
      },
      schema: {
        summary: `Uploads a profile photo: the raw image as the body (${AVATAR_CONTENT_TYPES.join(', ')}; at most 5 MB)`,
        description:
          'Re-encoded to a 512×512 WebP without metadata (EXIF and GPS removed). Empty body → 400 ' +
          '`image_required`; anything else than one of those images → 415 `image_invalid`.',
        tags: ['profiles'],
        response: { 200: ownProfileSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      const image = uploadedImage(request.body, request.headers['content-type']);
      await replaceAvatar(context.db, user.id, await reencodeAvatar(image));
      return getOwnProfile(context.db, user);
    },
  );

  app.delete(
    '/api/profiles/me/avatar',
    {
      schema: {
        summary: 'Removes the profile photo',
        tags: ['profiles'],
        response: { 200: ownProfileSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      await removeAvatar(context.db, user.id);
      return getOwnProfile(context.db, user);
    },
  );

  app.get(
    '/api/avatars/:id',
    {
      schema: {
        summary: 'A profile photo (public, like the profile that shows it)',
        tags: ['profiles'],
        params: avatarParamsSchema,
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
      const avatar = await findAvatar(context.db, request.params.id);
      if (!avatar) throw new AppError('not_found');
      // Bytes go out as they are (Fastify does not serialise a Buffer); the schema above only documents them.
      const bytes = avatar.content as unknown as string;
      return reply.type(avatar.contentType).header('cache-control', AVATAR_CACHE_CONTROL).send(bytes);
    },
  );
};
