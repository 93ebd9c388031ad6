/**
 * Runs once before the server's test files (vitest `globalSetup`): migrates one embedded
 * database and saves its data folder, which every test database on PGlite then starts from
 * (see openTestDatabase). Creating a PGlite database from nothing runs initdb, about a second
 * and a half of WebAssembly per database, and the migrations add a quarter of a second; loading
 * the saved folder takes a fraction of that, and each test database is still a database of its
 * own (decision 0037). On a PostgreSQL server (TEST_DATABASE_URL) there is nothing to prepare.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../migrations/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated embedded database's data folder, a tar file; null on a PostgreSQL server. */
    migratedPgliteDump: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('migratedPgliteDump', null);
    return () => {};
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'ztart-test-db-'));
  const file = path.join(folder, 'migrated.tar');
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await migrateDatabase(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('migratedPgliteDump', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
