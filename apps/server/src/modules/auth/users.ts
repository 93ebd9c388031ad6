import { and, eq, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { type UserRow, users } from './tables.ts';

/** An account that can sign in (deleted ones cannot), by its id. */
export async function findActiveUserById(db: AppDatabase, userId: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return user;
}
