import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES } from '@ztart/shared/limits';
import { ApiError } from '@/lib/api-client';

/** Why a chosen image file cannot be sent, checked before the upload (the server checks again). */
export function imageFileProblem(file: Blob | null): string | null {
  if (!file) return 'image_required';
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'image_invalid';
  if (file.size > PHOTO_MAX_BYTES) return 'payload_too_large';
  return null;
}

/** Codes about the file itself: shown under the file input rather than as a general failure. */
const FILE_CODES: ReadonlySet<string> = new Set(['image_required', 'image_invalid', 'payload_too_large']);

export function isFileProblem(error: unknown): error is ApiError {
  return error instanceof ApiError && FILE_CODES.has(error.code);
}
