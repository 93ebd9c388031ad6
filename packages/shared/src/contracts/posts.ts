import { z } from 'zod';
import { PAGE_SIZE, TEXT_LIMITS } from '../limits.ts';
import { safeText } from '../safe-text.ts';

/**
 * Who sees a gallery photo or a post: `public` — anyone, on the public profile `/@<ztartag>`;
 * `private` — only its owner. New photos and posts are private unless the person chooses
 * otherwise (decision 0029).
 */
export const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const DEFAULT_VISIBILITY: Visibility = 'private';

const visibilitySchema = z.enum(VISIBILITIES);

/** `?cursor=&limit=` of the own photo and post lists (newest first). */
export const ownListQuerySchema = z.object({
  cursor: safeText({ trim: false }).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default),
});
export type OwnListQuery = z.infer<typeof ownListQuerySchema>;

/**
 * `POST /api/profiles/me/photos?visibility=` takes the raw image as its body (the types and size
 * of avatars: PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES → else 413) → 201 Photo. Re-encoded to WebP
 * without any metadata (EXIF, GPS), at most PHOTO_MAX_EDGE_PX on its longer side. An empty
 * body → 400 `image_required`; anything that is not one of those images → 415 `image_invalid`;
 * more than PHOTOS_MAX_PER_USER → 422 `limit_exceeded` (`details: { limit: 'photos', max }`);
 * more than RATE_LIMITS.photoUploadPerUser uploads in its window → 429 `rate_limited`.
 */
export const photoUploadQuerySchema = z.object({
  visibility: visibilitySchema.default(DEFAULT_VISIBILITY),
});

export const photoSchema = z
  .object({
    id: z.uuid(),
    /** `GET /api/photos/{id}`: anyone may read a public photo, only its owner a private one. */
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    visibility: visibilitySchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Photo' });
export type Photo = z.infer<typeof photoSchema>;

/** `GET /api/profiles/me/photos` → the own photos, newest first. */
export const photoListResponseSchema = z
  .object({ items: z.array(photoSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PhotoList' });
export type PhotoList = z.infer<typeof photoListResponseSchema>;

/**
 * `DELETE /api/profiles/me/photos/{id}` → 204; `GET /api/photos/{id}` → image/webp. Someone
 * else's photo (or a private one read by anyone but its owner) → 404 `not_found`.
 */
export const photoIdParamsSchema = z.object({ id: z.uuid() });

/** A post's photo as every reader gets it. */
const postPhotoSchema = z.object({ id: z.uuid(), url: z.string() });

export const postSchema = z
  .object({
    id: z.uuid(),
    text: z.string(),
    /** Null without a photo, or once the photo was deleted from the gallery. */
    photo: postPhotoSchema.nullable(),
    visibility: visibilitySchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof postSchema>;

/**
 * `POST /api/posts` → 201 Post: a short text, with optionally one of the person's own gallery
 * photos (someone else's → 404 `not_found`). On a public profile a post's photo shows only when
 * the photo is public too. More than POSTS_MAX_PER_USER kept → 422 `limit_exceeded`
 * (`details: { limit: 'posts', max }`); more than RATE_LIMITS.postCreatePerUser in its window →
 * 429 `rate_limited`.
 */
export const createPostRequestSchema = z
  .object({
    text: safeText({ multiline: true })
      .min(1, 'validation.required')
      .max(TEXT_LIMITS.post, 'validation.tooLong'),
    photoId: z.uuid().nullable().optional(),
    visibility: visibilitySchema.default(DEFAULT_VISIBILITY),
  })
  .meta({ id: 'CreatePostRequest' });
export type CreatePostRequest = z.input<typeof createPostRequestSchema>;

/** `GET /api/posts` → the own posts, newest first. */
export const postListResponseSchema = z
  .object({ items: z.array(postSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PostList' });
export type PostList = z.infer<typeof postListResponseSchema>;

/** `DELETE /api/posts/{id}` → 204; someone else's post → 404 `not_found`. */
export const postIdParamsSchema = z.object({ id: z.uuid() });

export const publicPhotoSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicPhoto' });
export type PublicPhoto = z.infer<typeof publicPhotoSchema>;

export const publicPostSchema = z
  .object({
    id: z.uuid(),
    text: z.string(),
    photo: postPhotoSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicPost' });
export type PublicPost = z.infer<typeof publicPostSchema>;

/**
 * What `GET /api/public/profiles/{ztartag}` adds to the receiver's public face: the newest public
 * photos and posts (at most PUBLIC_PROFILE_LIMITS of each; private ones never appear).
 */
export const publicShowcaseSchema = z.object({
  photos: z.array(publicPhotoSchema),
  posts: z.array(publicPostSchema),
});
export type PublicShowcase = z.infer<typeof publicShowcaseSchema>;
