import type {
  CreatePostRequest,
  OwnListQuery,
  Photo,
  PhotoList,
  Post,
  PostList,
  PublicShowcase,
  Visibility,
} from '@ztart/shared/contracts/posts';
import { PHOTOS_MAX_PER_USER, POSTS_MAX_PER_USER, PUBLIC_PROFILE_LIMITS } from '@ztart/shared/limits';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/client.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import { AppError } from '../../http/errors.ts';
import { users } from '../auth/tables.ts';
import type { ReencodedImage } from '../profiles/avatars.ts';
import { profiles } from '../profiles/tables.ts';
import { type PostRow, posts, profilePhotos } from './tables.ts';

export function photoUrlOf(photoId: string): string {
  return `/api/photos/${photoId}`;
}

/** The photo columns every list reads: never the bytes. */
const photoColumns = {
  id: profilePhotos.id,
  width: profilePhotos.width,
  height: profilePhotos.height,
  visibility: profilePhotos.visibility,
  createdAt: profilePhotos.createdAt,
};
type PhotoListRow = { id: string; width: number; height: number; visibility: string; createdAt: Date };

function toPhoto(row: PhotoListRow): Photo {
  return {
    id: row.id,
    url: photoUrlOf(row.id),
    width: row.width,
    height: row.height,
    visibility: row.visibility as Visibility,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Rows older than the cursor's, in newest-first order (keyset pagination). */
function before(cursorText: string | undefined, createdAtColumn: AnyPgColumn, idColumn: AnyPgColumn) {
  if (!cursorText) return undefined;
  const cursor = decodeCursor(cursorText);
  return sql`(${createdAtColumn}, ${idColumn}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * Keeps a re-encoded photo in the person's gallery. Their account row is locked meanwhile, so
 * two uploads at the same moment cannot both take the last free place.
 */
export async function addPhoto(
  db: AppDatabase,
  userId: string,
  image: ReencodedImage,
  visibility: Visibility,
): Promise<Photo> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [kept] = await tx
      .select({ n: count() })
      .from(profilePhotos)
      .where(eq(profilePhotos.userId, userId));
    if ((kept?.n ?? 0) >= PHOTOS_MAX_PER_USER) {
      throw new AppError('limit_exceeded', { details: { limit: 'photos', max: PHOTOS_MAX_PER_USER } });
    }
    const [row] = await tx
      .insert(profilePhotos)
      .values({ userId, visibility, ...image })
      .returning(photoColumns);
    return toPhoto(row!);
  });
}

export async function listPhotos(db: AppDatabase, userId: string, query: OwnListQuery): Promise<PhotoList> {
  const rows = await db
    .select(photoColumns)
    .from(profilePhotos)
    .where(
      and(eq(profilePhotos.userId, userId), before(query.cursor, profilePhotos.createdAt, profilePhotos.id)),
    )
    .orderBy(desc(profilePhotos.createdAt), desc(profilePhotos.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit);
  return { items: page.rows.map(toPhoto), nextCursor: page.nextCursor };
}

/** Removes one of the person's own photos (posts that showed it keep their text); else 404. */
export async function deletePhoto(db: AppDatabase, userId: string, photoId: string): Promise<void> {
  let deleted: unknown[];
  try {
    deleted = await db
      .delete(profilePhotos)
      .where(and(eq(profilePhotos.id, photoId), eq(profilePhotos.userId, userId)))
      .returning({ id: profilePhotos.id });
  } catch (error) {
    throw new AppError('photo_delete_failed', { cause: error });
  }
  if (deleted.length === 0) throw new AppError('not_found');
}

/** A photo's bytes for a reader: anyone for a public photo, only its owner for a private one; else 404. */
export async function readablePhoto(db: AppDatabase, photoId: string, readerId: string | undefined) {
  const [photo] = await db
    .select({
      userId: profilePhotos.userId,
      content: profilePhotos.content,
      contentType: profilePhotos.contentType,
      visibility: profilePhotos.visibility,
    })
    .from(profilePhotos)
    .where(eq(profilePhotos.id, photoId))
    .limit(1);
  if (!photo || (photo.visibility !== 'public' && photo.userId !== readerId)) throw new AppError('not_found');
  return photo;
}

type PostWithPhoto = { post: PostRow; photoVisibility: string | null };

function postPhotoOf(row: PostWithPhoto, publicOnly: boolean) {
  const photoId = row.post.photoId;
  if (!photoId || row.photoVisibility === null) return null;
  if (publicOnly && row.photoVisibility !== 'public') return null;
  return { id: photoId, url: photoUrlOf(photoId) };
}

function toPost(row: PostWithPhoto): Post {
  return {
    id: row.post.id,
    text: row.post.text,
    photo: postPhotoOf(row, false),
    visibility: row.post.visibility as Visibility,
    createdAt: row.post.createdAt.toISOString(),
  };
}

/** A post by the person; its photo must be one of their own (else 404). */
export async function createPost(
  db: AppDatabase,
  userId: string,
  body: Required<Pick<CreatePostRequest, 'text' | 'visibility'>> & { photoId?: string | null | undefined },
): Promise<Post> {
  const photoId = body.photoId ?? null;
  return db.transaction(async (tx) => {
    // The person's row locked, as for photos: two posts at once cannot both take the last place.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [kept] = await tx.select({ n: count() }).from(posts).where(eq(posts.userId, userId));
    if ((kept?.n ?? 0) >= POSTS_MAX_PER_USER) {
      throw new AppError('limit_exceeded', { details: { limit: 'posts', max: POSTS_MAX_PER_USER } });
    }
    let photoVisibility: string | null = null;
    if (photoId) {
      const [photo] = await tx
        .select({ visibility: profilePhotos.visibility })
        .from(profilePhotos)
        .where(and(eq(profilePhotos.id, photoId), eq(profilePhotos.userId, userId)))
        .for('share');
      if (!photo) throw new AppError('not_found');
      photoVisibility = photo.visibility;
    }
    const [post] = await tx
      .insert(posts)
      .values({ userId, text: body.text, photoId, visibility: body.visibility })
      .returning();
    return toPost({ post: post!, photoVisibility });
  });
}

export async function listPosts(db: AppDatabase, userId: string, query: OwnListQuery): Promise<PostList> {
  const rows = await db
    .select({ post: posts, photoVisibility: profilePhotos.visibility })
    .from(posts)
    .leftJoin(profilePhotos, eq(profilePhotos.id, posts.photoId))
    .where(and(eq(posts.userId, userId), before(query.cursor, posts.createdAt, posts.id)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(query.limit + 1);
  const page = pageOf(
    rows.map((row) => ({ ...row, createdAt: row.post.createdAt, id: row.post.id })),
    query.limit,
  );
  return { items: page.rows.map(toPost), nextCursor: page.nextCursor };
}

export async function deletePost(db: AppDatabase, userId: string, postId: string): Promise<void> {
  const deleted = await db
    .delete(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .returning({ id: posts.id });
  if (deleted.length === 0) throw new AppError('not_found');
}

/**
 * The newest public photos and posts of the person behind a ztartag (case-insensitive), at most
 * PUBLIC_PROFILE_LIMITS of each. Nobody with that tag → empty lists (the caller answers 404).
 */
export async function publicShowcaseOf(db: AppDatabase, ztartag: string): Promise<PublicShowcase> {
  const [owner] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.ztartag})`, ztartag.toLowerCase()))
    .limit(1);
  if (!owner) return { photos: [], posts: [] };
  const [photoRows, postRows] = await Promise.all([
    db
      .select(photoColumns)
      .from(profilePhotos)
      .where(and(eq(profilePhotos.userId, owner.id), eq(profilePhotos.visibility, 'public')))
      .orderBy(desc(profilePhotos.createdAt), desc(profilePhotos.id))
      .limit(PUBLIC_PROFILE_LIMITS.photos),
    db
      .select({ post: posts, photoVisibility: profilePhotos.visibility })
      .from(posts)
      .leftJoin(profilePhotos, eq(profilePhotos.id, posts.photoId))
      .where(and(eq(posts.userId, owner.id), eq(posts.visibility, 'public')))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(PUBLIC_PROFILE_LIMITS.posts),
  ]);
  return {
    photos: photoRows.map(({ visibility: _visibility, ...row }) => ({
      ...row,
      url: photoUrlOf(row.id),
      createdAt: row.createdAt.toISOString(),
    })),
    posts: postRows.map((row) => ({
      id: row.post.id,
      text: row.post.text,
      photo: postPhotoOf(row, true),
      createdAt: row.post.createdAt.toISOString(),
    })),
  };
}

/** Account deletion: every photo and post of the person goes, in the caller's transaction. */
export async function erasePhotosAndPosts(db: AppDatabase, userId: string): Promise<void> {
  await db.delete(posts).where(eq(posts.userId, userId));
  await db.delete(profilePhotos).where(eq(profilePhotos.userId, userId));
}
