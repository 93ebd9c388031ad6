import { ApiError } from '@/lib/api-client';

/** A full gallery (422 `limit_exceeded` with `limit: 'photos'`). */
export function isGalleryFull(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'limit_exceeded';
}
