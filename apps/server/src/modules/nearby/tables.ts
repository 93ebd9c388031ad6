import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { timestampTz } from '../../db/sql-helpers.ts';
import { users } from '../auth/tables.ts';

/**
 * Who can be found by people nearby (a row while visibility is on; turning it off deletes the
 * row) and, once their app has sent one, the grid cell they were last in (grid.ts): never the
 * coordinates. A position unrefreshed for NEARBY.positionTtlMinutes is not listed, and the
 * clean-up empties it.
 */
export const nearbyPresence = pgTable(
  'nearby_presence',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    visibleSince: timestampTz('visible_since').notNull(),
    cellRow: integer('cell_row'),
    cellColumn: integer('cell_column'),
    locatedAt: timestampTz('located_at'),
  },
  (t) => [
    // The list's range scan: rows around the person's, then columns within each.
    index('nearby_presence_cell_idx').on(t.cellRow, t.cellColumn),
    // The clean-up finds stale positions without reading every row.
    index('nearby_presence_located_at_idx').on(t.locatedAt),
    check(
      'nearby_presence_position_whole',
      sql`(${t.cellRow} IS NULL) = (${t.cellColumn} IS NULL) AND (${t.cellRow} IS NULL) = (${t.locatedAt} IS NULL)`,
    ),
  ],
);
export type NearbyPresenceRow = typeof nearbyPresence.$inferSelect;
