import type { AppDatabase } from './client.ts';

/**
 * A query built once per database instead of on every run. On PostgreSQL, Drizzle's prepared
 * queries are named statements: each connection parses and plans one once, not on every run, so
 * a prepared query's text must not depend on its values (lists go in as one array parameter).
 */
export function preparedPerDatabase<Query>(prepare: (db: AppDatabase) => Query): (db: AppDatabase) => Query {
  const prepared = new WeakMap<AppDatabase, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (query === undefined) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
