import type { SQL } from 'drizzle-orm';
import type { AppDatabase } from './types.ts';

/**
 * Runs hand-written SQL and returns its rows. Both drivers answer with an object holding `rows`,
 * but Drizzle's type shared by the two drivers cannot say so, hence the one cast here.
 */
export async function queryRows<Row extends Record<string, unknown>>(
  db: AppDatabase,
  query: SQL,
): Promise<Row[]> {
  const result = (await db.execute<Row>(query)) as { rows: Row[] };
  return result.rows;
}
