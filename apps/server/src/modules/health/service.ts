import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';

const DATABASE_CHECK_TIMEOUT_MS = 3_000;

/** A trivial query, so that a database that is gone or stuck is reported instead of hidden. */
export async function checkDatabase(database: Database): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database check timed out')), DATABASE_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([database.db.execute(sql`SELECT 1`), timeout]);
  } catch (error) {
    throw new AppError('service_unavailable', { message: 'The database is not reachable.', cause: error });
  } finally {
    clearTimeout(timer);
  }
}
