import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { contacts } from './tables.ts';

/**
 * Blocks, as the rest of the server asks about them. Someone blocks a person by marking the
 * contact linked to that person's account as blocked (the contact stays in their list). A blocked
 * person cannot find the one who blocked them (contact look-up, the transfer recipient look-up,
 * nearby people) and cannot pay them: the ledger movement refuses it under its locks
 * (ledger/movement.sql), with the answer a missing account gets, so nothing tells them of the block.
 */

/** Whether `ownerId` has blocked `userId`. */
export async function hasBlocked(db: AppDatabase, ownerId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), eq(contacts.contactUserId, userId), eq(contacts.blocked, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * A condition true when either person has blocked the other: for queries that list people to
 * someone (nearby). `viewerId` and `otherId` are uuid expressions, such as a parameter and a column:
 * `WHERE NOT ${blockedEitherWay(sql`${viewer}::uuid`, people.userId)}`. Both directions use the
 * partial index contacts_blocked_user_idx.
 */
export function blockedEitherWay(viewerId: SQLWrapper, otherId: SQLWrapper): SQL {
  return sql`EXISTS (SELECT 1 FROM contacts WHERE contacts.blocked AND (
    (contacts.contact_user_id = ${viewerId} AND contacts.owner_id = ${otherId})
    OR (contacts.contact_user_id = ${otherId} AND contacts.owner_id = ${viewerId})))`;
}

/** Whether either person has blocked the other. */
export async function isBlockedEitherWay(db: AppDatabase, userId: string, otherId: string): Promise<boolean> {
  const [row] = await queryRows<{ blocked: boolean }>(
    db,
    sql`SELECT ${blockedEitherWay(sql`${userId}::uuid`, sql`${otherId}::uuid`)} AS blocked`,
  );
  return row?.blocked === true;
}
