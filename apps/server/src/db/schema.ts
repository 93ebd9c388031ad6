/** Every module's tables, for Drizzle's typed queries and for drizzle-kit's migrations. */
export * from '../modules/profiles/tables.ts';
