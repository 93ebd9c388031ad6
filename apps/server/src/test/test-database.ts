import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../migrations/migrate.ts';

/** CI sets it (postgres://postgres@127.0.0.1:5432/test): the same tests then run on a real server. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/**
 * A database of its own for one test app: in-memory PGlite by default, or, when TEST_DATABASE_URL
 * is set, a fresh uniquely named schema on that PostgreSQL server (dropped again on close), so
 * that test files running in parallel never see each other's rows. A migrated PGlite database
 * starts as a copy of the one the global setup migrated (src/test/global-setup.ts); the
 * migrations still run over it, finding nothing left to apply unless they changed meanwhile.
 */
export async function openTestDatabase(
  options: { migrate?: boolean; replica?: boolean } = {},
): Promise<Database> {
  const migrate = options.migrate ?? true;
  const database = TEST_DATABASE_URL
    ? await openSchemaOnServer(TEST_DATABASE_URL, options.replica ?? false)
    : await openDatabase({
        kind: 'pglite',
        dataDir: null,
        loadDataDir: migrate ? migratedDump() : undefined,
      });
  if (migrate) await migrateDatabase(database);
  return database;
}

let dump: Blob | null | undefined;

/** The migrated database's data folder, read once per test file; none outside the global setup. */
function migratedDump(): Blob | undefined {
  if (dump === undefined) {
    const file = inject('migratedPgliteDump');
    dump = file ? new Blob([readFileSync(file)]) : null;
  }
  return dump ?? undefined;
}

/** Creates a schema with a unique name and returns its name; `dropTestSchema` removes it. */
export async function createTestSchema(url: string): Promise<string> {
  const schemaName = `test_${randomBytes(8).toString('hex')}`;
  await withClient(url, (client) => client.query(`CREATE SCHEMA "${schemaName}"`));
  return schemaName;
}

export async function dropTestSchema(url: string, schemaName: string): Promise<void> {
  await withClient(url, (client) => client.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`));
}

/**
 * With `replica`, a second pool stands for a streaming replica: the same server and schema (so it
 * never lags), its connections named `ztart-read`, so that a test can tell which one a read used.
 */
async function openSchemaOnServer(url: string, replica: boolean): Promise<Database> {
  const schemaName = await createTestSchema(url);
  const pool = { connectionString: url, options: `-c search_path=${schemaName}`, max: 4 };
  const database = await openDatabase({ kind: 'postgres', pool, ...(replica ? { readPool: pool } : {}) });
  let closing: Promise<void> | undefined;
  return {
    ...database,
    close() {
      closing ??= database.close().then(() => dropTestSchema(url, schemaName));
      return closing;
    },
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
