import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one Drizzle type that both drivers produce: modules never know which database runs. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, Schema>;
