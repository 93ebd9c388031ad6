import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Client, PoolConfig } from 'pg';
import type { Config } from '../config.ts';
import { acquirePgliteLock } from './pglite-lock.ts';
import { queryRows } from './raw-query.ts';
import type { AppDatabase } from './types.ts';

export type { AppDatabase } from './types.ts';
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: AppDatabase;
  kind: DatabaseKind;
  /** The schema our tables live in: `public`, or the first schema of the connection's search_path. */
  schemaName: string;
  close(): Promise<void>;
  /** The connection pool's counts (PostgreSQL only; the embedded database has no pool). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * A connection of its own, outside the pool, with the pool's settings (PostgreSQL only): for
   * LISTEN, which holds its connection for as long as it listens. The caller connects and ends it.
   */
  newClient?: () => Client;
  /**
   * A streaming replica's pool (DATABASE_READ_URL): heavy reads that may lag a moment go there
   * (http/read-routing.ts). Closed with the database.
   */
  replica?: { db: AppDatabase; poolStats: () => { total: number; idle: number; waiting: number } };
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      /** `null` keeps the database in memory (tests). */
      dataDir: string | null;
      /**
       * A data folder saved with PGlite's `dumpDataDir()` to start from instead of an empty
       * database: the tests' copy of a migrated database (src/test/test-database.ts).
       */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; pool: PoolConfig; readPool?: PoolConfig };

const POOL_DEFAULTS = {
  max: 10,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
} satisfies PoolConfig;

export function databaseTargetFromConfig(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databaseReadUrl'>,
): DatabaseTarget {
  if (config.databaseUrl) {
    return {
      kind: 'postgres',
      pool: { connectionString: config.databaseUrl },
      ...(config.databaseReadUrl ? { readPool: { connectionString: config.databaseReadUrl } } : {}),
    };
  }
  return { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'pglite'
    ? openPglite(target.dataDir, target.loadDataDir)
    : openPostgres(target.pool, target.readPool);
}

/** A database whose queries wait until it is open, and the way to open it. */
export interface OpeningDatabase {
  database: Database;
  /**
   * Opens the database (once; a first query opens it too) and resolves when it is open; rejects
   * if it cannot be.
   */
  open(): Promise<void>;
}

/**
 * Hands out the database before it is open, so that the server can listen and serve its pages
 * meanwhile (decision 0025). The embedded database's queries wait until it is open. Its data
 * folder is locked before this returns, so a folder in use by another server is refused at once.
 * A PostgreSQL server is connected to first: that takes a round trip, not a start of PostgreSQL.
 */
export async function openDatabaseLater(target: DatabaseTarget): Promise<OpeningDatabase> {
  if (target.kind === 'postgres') {
    const database = await openPostgres(target.pool, target.readPool);
    return { database, open: async () => {} };
  }
  return openPgliteLater(target.dataDir);
}

function openPgliteLater(dataDir: string | null): OpeningDatabase {
  let releaseLock = () => {};
  if (dataDir !== null) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquirePgliteLock(`${dataDir}.lock`);
  }
  let opening: Promise<PGlite> | undefined;
  const start = () => {
    opening ??= PGlite.create(dataDir ?? undefined);
    return opening;
  };
  // The app's queries go to the database once it is open (drizzle calls only these two).
  const client = {
    query: async (...args: Parameters<PGlite['query']>) => (await start()).query(...args),
    transaction: async (...args: Parameters<PGlite['transaction']>) => (await start()).transaction(...args),
  } as unknown as PGlite;
  return {
    database: {
      db: drizzlePglite({ client }),
      kind: 'pglite',
      schemaName: 'public',
      close: once(async () => {
        try {
          const open = await opening?.catch(() => null);
          await open?.close();
        } finally {
          releaseLock();
        }
      }),
    },
    open: async () => {
      await start();
    },
  };
}

async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  let releaseLock = () => {};
  if (dataDir !== null) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquirePgliteLock(`${dataDir}.lock`);
  }
  try {
    const client = await PGlite.create({ dataDir: dataDir ?? undefined, loadDataDir });
    return {
      db: drizzlePglite({ client }),
      kind: 'pglite',
      schemaName: 'public',
      close: once(async () => {
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      }),
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function openPostgres(poolConfig: PoolConfig, readPoolConfig?: PoolConfig): Promise<Database> {
  // The PostgreSQL driver loads only for a PostgreSQL server: the embedded database needs none of it.
  const [{ default: pg }, { drizzle: drizzlePostgres }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ ...POOL_DEFAULTS, ...poolConfig });
  // A connection that breaks while idle is dropped by the pool and replaced on the next query;
  // without a listener the 'error' event would end the process.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool });
  // The replica's connections say so in pg_stat_activity.
  const readPool = readPoolConfig
    ? new pg.Pool({ ...POOL_DEFAULTS, application_name: 'ztart-read', ...readPoolConfig })
    : undefined;
  readPool?.on('error', () => {});
  try {
    const schemaName = await currentSchema(db);
    return {
      db,
      kind: 'postgres',
      schemaName,
      close: once(async () => {
        await Promise.all([pool.end(), readPool?.end()]);
      }),
      ...(readPool
        ? {
            replica: {
              db: drizzlePostgres({ client: readPool }),
              poolStats: () => ({
                total: readPool.totalCount,
                idle: readPool.idleCount,
                waiting: readPool.waitingCount,
              }),
            },
          }
        : {}),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      newClient: () => new pg.Client(poolConfig),
    };
  } catch (error) {
    await Promise.all([pool.end(), readPool?.end()]);
    throw error;
  }
}

async function currentSchema(db: AppDatabase): Promise<string> {
  const [row] = await queryRows<{ schema: string | null }>(db, sql`SELECT current_schema() AS schema`);
  const schemaName = row?.schema;
  if (!schemaName) {
    throw new Error('No schema of the search_path exists on the PostgreSQL server: create it first.');
  }
  return schemaName;
}

/** Closing twice (a test, then the app's onClose hook) must not fail. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
