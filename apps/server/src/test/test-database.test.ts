import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/raw-query.ts';
import { migrateDatabase } from '../migrations/migrate.ts';
import { users } from '../modules/auth/tables.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * Tables and columns, indexes, constraints and functions of the database's schema, with its name
 * left out (on a PostgreSQL server each test database is a schema of its own name).
 */
async function describeSchema(database: Database) {
  const schema = database.schemaName;
  const [columns, indexes, constraints, functions] = await Promise.all([
    queryRows(
      database.db,
      sql`SELECT table_name, column_name, data_type, column_default, is_nullable
          FROM information_schema.columns WHERE table_schema = ${schema}
          ORDER BY table_name, ordinal_position`,
    ),
    queryRows(
      database.db,
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = ${schema} ORDER BY indexname`,
    ),
    queryRows(
      database.db,
      sql`SELECT c.conname, pg_get_constraintdef(c.oid) AS definition
          FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
          WHERE n.nspname = ${schema} ORDER BY c.conname`,
    ),
    queryRows(
      database.db,
      sql`SELECT p.proname, pg_get_functiondef(p.oid) AS definition
          FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = ${schema} ORDER BY p.proname`,
    ),
  ]);
  return JSON.parse(
    JSON.stringify({ columns, indexes, constraints, functions }).replaceAll(`${schema}.`, 'SCHEMA.'),
  );
}

const opened: Database[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

async function open(options?: { migrate?: boolean }): Promise<Database> {
  const database = await openTestDatabase(options);
  opened.push(database);
  return database;
}

describe('test databases', () => {
  it('start with the schema that the migrations build on an empty database', async () => {
    const migrated = await open();
    const empty = await open({ migrate: false });
    expect((await describeSchema(empty)).columns).toEqual([]);
    await migrateDatabase(empty);

    const schema = await describeSchema(migrated);
    expect(schema.columns.length).toBeGreaterThan(0);
    expect(schema.functions.length).toBeGreaterThan(0);
    expect(schema).toEqual(await describeSchema(empty));
    expect(await migrateDatabase(migrated)).toEqual({ applied: 0 });
  });

  it('are each a database of their own: rows written in one are not in another', async () => {
    const first = await open();
    const second = await open();

    await first.db.insert(users).values({ email: 'only.here@example.com' });

    expect(await first.db.select({ email: users.email }).from(users)).toEqual([
      { email: 'only.here@example.com' },
    ]);
    expect(await second.db.select().from(users)).toEqual([]);
    expect(await (await open()).db.select().from(users)).toEqual([]);
  });
});
