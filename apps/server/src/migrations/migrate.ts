import { readFileSync } from 'node:fs';
import path from 'node:path';
import { desc, sql } from 'drizzle-orm';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { MIGRATIONS_FOLDER } from '../db/migrations-folder.ts';
import { queryRows } from '../db/raw-query.ts';
import { type MigrateOptions, STEPS_IN_CODE } from './migration-steps.ts';

/** Where applied migrations are recorded when our tables live in `public`, as drizzle-kit expects. */
const DEFAULT_MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';
/** Any fixed number: instances starting together wait for each other instead of racing. */
const MIGRATION_LOCK_KEY = 720_341_001;

export type { MigrateOptions } from './migration-steps.ts';

export interface MigrationReport {
  applied: number;
}

/**
 * Applies the committed migrations that the database has not seen, in one transaction, keeping
 * drizzle-kit's bookkeeping table so its tools still understand the database. Unlike drizzle's
 * own migrator it holds an advisory lock (several servers may start at once on one PostgreSQL)
 * and it can target a schema other than `public` (each test gets its own schema).
 */
export async function migrateDatabase(
  database: Database,
  options: MigrateOptions = {},
): Promise<MigrationReport> {
  const { db, schemaName } = database;
  const migrationsSchema = schemaName === 'public' ? DEFAULT_MIGRATIONS_SCHEMA : schemaName;
  const journal = pgSchema(migrationsSchema).table(MIGRATIONS_TABLE, {
    id: serial('id').primaryKey(),
    hash: text('hash').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }),
  });
  const tags = migrationTags();
  // Most starts find every migration applied: one read of the journal says so, without the
  // files, a transaction or the lock.
  if (!options.stopBefore && (await appliedUpTo(db, migrationsSchema)) >= Math.max(...tags.keys())) {
    return { applied: 0 };
  }
  const all = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const stop = options.stopBefore
    ? all.findIndex((m) => tags.get(m.folderMillis) === options.stopBefore)
    : -1;
  const migrations = stop < 0 ? all : all.slice(0, stop);

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS ${sql.identifier(migrationsSchema)}`);
    await tx.execute(sql`
      CREATE TABLE IF NOT EXISTS ${sql.identifier(migrationsSchema)}.${sql.identifier(MIGRATIONS_TABLE)} (
        id SERIAL PRIMARY KEY,
        hash text NOT NULL,
        created_at bigint
      )`);
    const [last] = await tx.select().from(journal).orderBy(desc(journal.createdAt)).limit(1);
    const pending = migrations.filter((migration) => !last || (last.createdAt ?? 0) < migration.folderMillis);
    for (const migration of pending) {
      const applySql = async () => {
        for (const statement of statementsFor(migration, schemaName)) await tx.execute(sql.raw(statement));
      };
      const stepInCode = STEPS_IN_CODE[tags.get(migration.folderMillis) ?? ''];
      await (stepInCode ? stepInCode(tx, applySql, options) : applySql());
      await tx.insert(journal).values({ hash: migration.hash, createdAt: migration.folderMillis });
    }
    return { applied: pending.length };
  });
}

/**
 * The time of the newest migration the database records, or -1 when it records none (a new
 * database, whose journal table does not exist yet).
 */
async function appliedUpTo(db: Database['db'], migrationsSchema: string): Promise<number> {
  try {
    const [row] = await queryRows<{ newest: string | number | null }>(
      db,
      sql`SELECT max(created_at) AS newest FROM ${sql.identifier(migrationsSchema)}.${sql.identifier(MIGRATIONS_TABLE)}`,
    );
    return row?.newest === null || row?.newest === undefined ? -1 : Number(row.newest);
  } catch {
    return -1;
  }
}

/** Each migration's name (`0011_bank_details_encrypted`) by its time, as drizzle-kit's journal has them. */
function migrationTags(): Map<number, string> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}

/**
 * drizzle-kit writes foreign keys as `REFERENCES "public"."users"`; when our tables live in
 * another schema those references must point there instead.
 */
function statementsFor(migration: MigrationMeta, schemaName: string): string[] {
  if (schemaName === 'public') return migration.sql;
  return migration.sql.map((statement) => statement.replaceAll('"public".', `"${schemaName}".`));
}
