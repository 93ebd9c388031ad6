import { databaseErrorOf } from '../db/errors.ts';

/** The SQLSTATE of a failed query (Drizzle wraps the driver's error, which carries the code). */
export async function sqlStateOf(query: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (error) {
    const found = databaseErrorOf(error);
    if (found) return found.code;
    throw error;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';
