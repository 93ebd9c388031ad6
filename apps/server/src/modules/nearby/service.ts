import type { NearbyLocationRequest, NearbyPerson } from '@ztart/shared/contracts/nearby';
import { NEARBY } from '@ztart/shared/limits';
import { and, eq, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { addMinutes } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { AppError } from '../../http/errors.ts';
import { users } from '../auth/tables.ts';
import { blockedEitherWay } from '../contacts/blocking.ts';
import { profiles } from '../profiles/tables.ts';
import {
  type Cell,
  COLUMNS,
  cellOf,
  cellRangesAround,
  centreOf,
  distanceKm,
  roundedDistanceKm,
} from './grid.ts';
import { nearbyPresence } from './tables.ts';

/**
 * The most cells read for one list, nearest first: a crowded square of the radius may hold more
 * people than a list shows, and those furthest away are the ones left out.
 */
const CANDIDATES_MAX = 500;

/** Positions refreshed before this moment are forgotten. */
function freshSince(now: Date): Date {
  return addMinutes(now, -NEARBY.positionTtlMinutes);
}

export async function isVisible(db: AppDatabase, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: nearbyPresence.userId })
    .from(nearbyPresence)
    .where(eq(nearbyPresence.userId, userId));
  return row !== undefined;
}

/**
 * Turns visibility on (kept as it was if already on) or off. Off deletes the row, and with it
 * the position, at once. Others find a person by their ztartag (to tip or add them), so turning
 * it on needs one: 409 `ztartag_required`.
 */
export async function setVisibility(context: AppContext, userId: string, enabled: boolean): Promise<void> {
  const { db } = context;
  if (!enabled) {
    await db.delete(nearbyPresence).where(eq(nearbyPresence.userId, userId));
    return;
  }
  const [profile] = await db
    .select({ ztartag: profiles.ztartag })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!profile?.ztartag) throw new AppError('ztartag_required');
  await db.insert(nearbyPresence).values({ userId, visibleSince: context.now() }).onConflictDoNothing();
}

/**
 * Keeps the cell the position falls in (never the coordinates), refreshed now. Refused with 409
 * `nearby_visibility_off` while visibility is off: nothing is kept of someone who cannot be found.
 */
export async function updateLocation(
  context: AppContext,
  userId: string,
  position: NearbyLocationRequest,
): Promise<void> {
  const cell = cellOf(position);
  const updated = await context.db
    .update(nearbyPresence)
    .set({ cellRow: cell.row, cellColumn: cell.column, locatedAt: context.now() })
    .where(eq(nearbyPresence.userId, userId))
    .returning({ userId: nearbyPresence.userId });
  if (updated.length === 0) throw new AppError('nearby_visibility_off');
}

/**
 * Account deletion: the person stops being visible and their position goes at once (inside the
 * deletion's transaction), not at the next clean-up.
 */
export async function eraseNearbyPresenceOf(tx: AppDatabase, userId: string): Promise<void> {
  await tx.delete(nearbyPresence).where(eq(nearbyPresence.userId, userId));
}

/** Empties the positions not refreshed in time (the clean-up); answers how many. */
export async function forgetStalePositions(db: AppDatabase, now: Date): Promise<number> {
  const forgotten = await db
    .update(nearbyPresence)
    .set({ cellRow: null, cellColumn: null, locatedAt: null })
    .where(and(isNotNull(nearbyPresence.locatedAt), lte(nearbyPresence.locatedAt, freshSince(now))))
    .returning({ userId: nearbyPresence.userId });
  return forgotten.length;
}

/**
 * Who a person's list leaves out, whatever the distance: themself, deleted accounts and people
 * blocked either way (whom the person blocked, and who blocked the person). The one place for
 * every such rule.
 */
function leftOut(userId: string): SQL {
  return sql`${nearbyPresence.userId} <> ${userId} AND ${users.deletedAt} IS NULL
    AND NOT ${blockedEitherWay(sql`${userId}::uuid`, nearbyPresence.userId)}`;
}

/**
 * The visible people with a fresh position in the cells around `cell`, nearest cells first: a
 * range scan of nearby_presence_cell_idx (rows, then columns), not a read of every position.
 */
export function candidatesQuery(userId: string, cell: Cell, radiusKm: number, now: Date): SQL {
  const ranges = cellRangesAround(cell, radiusKm);
  const columnRanges = sql.join(
    ranges.columns.map(([low, high]) => sql`${nearbyPresence.cellColumn} BETWEEN ${low} AND ${high}`),
    sql` OR `,
  );
  // Nearest cells first, in column steps scaled to the person's latitude (a fair guess of the
  // distance for ordering; the exact one is measured afterwards).
  const scale = Math.cos((centreOf(cell).latitude * Math.PI) / 180);
  const columnGap = sql`least(abs(${nearbyPresence.cellColumn} - ${cell.column}), ${COLUMNS} - abs(${nearbyPresence.cellColumn} - ${cell.column}))`;
  return sql`
    SELECT ${profiles.ztartag} AS ztartag, ${profiles.fullName} AS full_name,
      ${profiles.avatarUrl} AS avatar_url, ${nearbyPresence.cellRow} AS cell_row,
      ${nearbyPresence.cellColumn} AS cell_column
    FROM ${nearbyPresence}
    JOIN ${users} ON ${users.id} = ${nearbyPresence.userId}
    JOIN ${profiles} ON ${profiles.id} = ${nearbyPresence.userId}
    WHERE ${nearbyPresence.cellRow} BETWEEN ${ranges.rows[0]} AND ${ranges.rows[1]}
      AND (${columnRanges})
      AND ${nearbyPresence.locatedAt} > ${freshSince(now).toISOString()}
      AND ${profiles.ztartag} IS NOT NULL
      AND ${leftOut(userId)}
    ORDER BY power(${nearbyPresence.cellRow} - ${cell.row}, 2) + power((${columnGap}) * ${scale}::float8, 2),
      ${nearbyPresence.userId}
    LIMIT ${CANDIDATES_MAX}`;
}

interface CandidateRow extends Record<string, unknown> {
  ztartag: string;
  full_name: string | null;
  avatar_url: string | null;
  cell_row: number;
  cell_column: number;
}

/**
 * The visible people within `radiusKm` of the person's own cell, nearest first, with a rounded
 * distance measured between cell centres. The person must be visible themself (409
 * `nearby_visibility_off`) with a fresh position (409 `nearby_location_required`).
 */
export async function findNearby(
  context: AppContext,
  userId: string,
  radiusKm: number,
): Promise<NearbyPerson[]> {
  const now = context.now();
  const [own] = await context.db.select().from(nearbyPresence).where(eq(nearbyPresence.userId, userId));
  if (!own) throw new AppError('nearby_visibility_off');
  if (
    own.cellRow === null ||
    own.cellColumn === null ||
    own.locatedAt === null ||
    own.locatedAt <= freshSince(now)
  ) {
    throw new AppError('nearby_location_required');
  }
  const cell = { row: own.cellRow, column: own.cellColumn };
  const origin = centreOf(cell);
  const rows = await queryRows<CandidateRow>(context.db, candidatesQuery(userId, cell, radiusKm, now));
  return rows
    .map((row) => ({
      row,
      km: distanceKm(origin, centreOf({ row: Number(row.cell_row), column: Number(row.cell_column) })),
    }))
    .filter(({ km }) => km <= radiusKm)
    .sort((a, b) => a.km - b.km)
    .slice(0, NEARBY.maxResults)
    .map(({ row, km }) => ({
      ztartag: row.ztartag,
      displayName: row.full_name ?? row.ztartag,
      avatarUrl: row.avatar_url,
      distanceKm: roundedDistanceKm(km),
    }));
}
