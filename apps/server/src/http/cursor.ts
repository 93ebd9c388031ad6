import { AppError } from './errors.ts';

/** Where a newest-first page ended: the last row's creation time and id (keyset pagination). */
export interface KeysetCursor {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opaque to clients: base64url of `<ISO time>|<id>`. */
export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`, 'utf8').toString('base64url');
}

/** A cursor this server handed out, or 400 `bad_request` for anything else. */
export function decodeCursor(text: string): KeysetCursor {
  const [time, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  if (rest.length > 0 || !id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError('bad_request', { message: 'The cursor is not valid.', details: { field: 'cursor' } });
  }
  return { createdAt, id };
}

/** Splits the `limit + 1` rows a page query fetched into the page and the cursor of the next one. */
export function pageOf<Row extends KeysetCursor>(
  rows: Row[],
  limit: number,
): { rows: Row[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1]!;
  return { rows: page, nextCursor: encodeCursor(last) };
}
