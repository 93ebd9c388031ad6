import { AVATAR_SIZE_PX } from '@ztart/shared/limits';
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
 * A square WebP of AVATAR_SIZE_PX, turned upright, cropped to cover. Sharp writes no metadata
 * unless asked to, so EXIF (camera, GPS position), XMP and IPTC are gone.
 */
export async function reencodeAvatar(input: Buffer): Promise<Buffer> {
  if (!sniffImageType(input)) throw new AppError('image_invalid');
  // The image library loads with the first avatar, not with every start of the server.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .autoOrient()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    throw new AppError('image_invalid', { cause: error });
  }
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
