import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The server's URL with another database name. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onMaintenanceDatabase<T>(
  serverUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops (if left over from an interrupted run) and creates a database. */
export async function createFreshDatabase(serverUrl: string, name: string): Promise<string> {
  await dropDatabase(serverUrl, name);
  await onMaintenanceDatabase(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return databaseUrl(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onMaintenanceDatabase(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  );
}

export async function serverVersion(serverUrl: string): Promise<string> {
  return onMaintenanceDatabase(serverUrl, async (client) => {
    const result = await client.query<{ version: string }>('SELECT version() AS version');
    return result.rows[0]?.version.split(' on ')[0] ?? 'unknown';
  });
}

export interface PgbenchResult {
  tps: number;
  latencyMs: number;
  transactions: number;
  output: string;
}

/**
 * pgbench's built-in TPC-B-like script (per transaction: three UPDATEs of an account, a teller and
 * a branch, one SELECT and one INSERT into the history) on a database of its own.
 */
function pgbenchConnection(serverUrl: string) {
  const url = new URL(serverUrl);
  return {
    args: ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username)],
    env: { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) },
  };
}

/** `pgbench -i`: its four tables, `scale` × 100,000 accounts. */
export async function initPgbench(serverUrl: string, options: { database: string; scale: number }) {
  const { args, env } = pgbenchConnection(serverUrl);
  await run('pgbench', [...args, '-i', '-q', '-s', String(options.scale), options.database], { env });
}

export async function runPgbench(
  serverUrl: string,
  options: { database: string; clients: number; seconds: number },
): Promise<PgbenchResult> {
  const { args: connection, env } = pgbenchConnection(serverUrl);
  const { stdout } = await run(
    'pgbench',
    [
      ...connection,
      '-b',
      'tpcb-like',
      '-c',
      String(options.clients),
      '-j',
      '2',
      '-T',
      String(options.seconds),
      options.database,
    ],
    { env, maxBuffer: 1 << 20 },
  );
  const tps = stdout.match(/^tps = ([\d.]+)/m)?.[1];
  const latency = stdout.match(/^latency average = ([\d.]+) ms/m)?.[1];
  const transactions = stdout.match(/^number of transactions actually processed: (\d+)/m)?.[1];
  if (!tps) throw new Error(`pgbench printed no TPS:\n${stdout}`);
  return {
    tps: Number.parseFloat(tps),
    latencyMs: latency ? Number.parseFloat(latency) : Number.NaN,
    transactions: transactions ? Number.parseInt(transactions, 10) : 0,
    output: stdout,
  };
}
