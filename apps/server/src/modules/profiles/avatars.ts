import { AVATAR_CONTENT_TYPES, AVATAR_SIZE_PX } from '@ztart/shared/limits';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { setAvatarUrl } from './service.ts';
import { avatars } from './tables.ts';

export const AVATAR_CONTENT_TYPE = 'image/webp';
/** Decompression bombs stop here: a 5 MB file may claim gigapixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';

/** Recognises the four accepted formats by their first bytes, before any decoder sees the file. */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/**
 * The image of an upload whose body is the raw file: an empty body → 400 `image_required`, a
 * declared type other than AVATAR_CONTENT_TYPES → 415 `image_invalid` (the bytes are checked
 * again when re-encoded).
 */
export function uploadedImage(body: unknown, contentTypeHeader: string | undefined): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('image_required');
  const contentType = contentTypeHeader?.split(';', 1)[0]?.trim().toLowerCase();
  if (!AVATAR_CONTENT_TYPES.includes(contentType as (typeof AVATAR_CONTENT_TYPES)[number])) {
    throw new AppError('image_invalid');
  }
  return body;
}

/** How an image is resized: a square crop (avatars) or fitted inside a box, never enlarged (gallery photos). */
export type ImageShape = { fit: 'cover'; sizePx: number } | { fit: 'inside'; maxEdgePx: number };

export interface ReencodedImage {
  content: Buffer;
  contentType: typeof AVATAR_CONTENT_TYPE;
  width: number;
  height: number;
}

/**
 * The one pipeline every uploaded image goes through: sniffed, decoded with a pixel limit,
 * turned upright, resized and written as WebP. Sharp writes no metadata unless asked to, so EXIF
 * (camera, GPS position), XMP and IPTC are gone. Anything else than an image → 415 `image_invalid`.
 */
export async function reencodeImage(input: Buffer, shape: ImageShape): Promise<ReencodedImage> {
  if (!sniffImageType(input)) throw new AppError('image_invalid');
  // The image library loads with the first image, not with every start of the server.
  const { default: sharp } = await import('sharp');
  try {
    const pipeline = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .autoOrient()
      .resize(
        shape.fit === 'cover'
          ? { width: shape.sizePx, height: shape.sizePx, fit: 'cover' }
          : { width: shape.maxEdgePx, height: shape.maxEdgePx, fit: 'inside', withoutEnlargement: true },
      )
      .webp({ quality: 82 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { content: data, contentType: AVATAR_CONTENT_TYPE, width: info.width, height: info.height };
  } catch (error) {
    throw new AppError('image_invalid', { cause: error });
  }
}

/** A square WebP of AVATAR_SIZE_PX, cropped to cover, without metadata. */
export async function reencodeAvatar(input: Buffer): Promise<Buffer> {
  return (await reencodeImage(input, { fit: 'cover', sizePx: AVATAR_SIZE_PX })).content;
}

export function avatarUrlOf(avatarId: string): string {
  return `/api/avatars/${avatarId}`;
}

/** Stores the new photo under a new id (so caches never show the old one) and drops the old. */
export async function replaceAvatar(db: AppDatabase, userId: string, content: Buffer): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(avatars).where(eq(avatars.userId, userId));
    const [avatar] = await tx
      .insert(avatars)
      .values({ userId, content, contentType: AVATAR_CONTENT_TYPE })
      .returning({ id: avatars.id });
    await setAvatarUrl(tx, userId, avatarUrlOf(avatar!.id));
  });
}

export async function removeAvatar(db: AppDatabase, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(avatars).where(eq(avatars.userId, userId));
    await setAvatarUrl(tx, userId, null);
  });
}

export async function findAvatar(db: AppDatabase, avatarId: string) {
  const [avatar] = await db
    .select({ content: avatars.content, contentType: avatars.contentType })
    .from(avatars)
    .where(eq(avatars.id, avatarId))
    .limit(1);
  return avatar;
}
