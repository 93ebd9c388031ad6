import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The one Drizzle type that both drivers produce: modules never know which database runs. It
 * carries no table list (queries name their tables), so the database layer imports no module.
 */
export type AppDatabase = PgDatabase<PgQueryResultHKT>;
