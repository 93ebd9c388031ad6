/**
 * Ledger benchmark: pgbench's TPC-B-like run as the ceiling, then `POST /api/transfers` through the
 * real server process on PostgreSQL (many accounts, then one hot receiver) and on embedded PGlite.
 * `npm run bench:ledger` at the repository root; see bench/README.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { reconcile } from '../../apps/server/src/modules/ledger/service.ts';
import { type FundedPerson, prepareDatabase } from '../../apps/server/src/test/money-people.ts';
import {
  killLeftoverServers,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from '../../apps/server/src/test/server-process.ts';
import {
  freePort,
  type Instance,
  startBalancer,
  startInstance,
  stopInstance,
  waitUntilReady,
} from '../../cluster/cluster.ts';
import { type CpuShares, startCpuMeter } from './cpu.ts';
import { type LoadResult, percentile, runTransfers } from './load.ts';
import { createFreshDatabase, dropDatabase, initPgbench, runPgbench, serverVersion } from './postgres.ts';
import { type StatementCounts, startStatementCounter } from './statement-counter.ts';

function intEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, not ${value}`);
  return Number.parseInt(value, 10);
}

function intListEnv(name: string, fallback: number[]): number[] {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+(,\d+)*$/.test(value))
    throw new Error(`${name} must be whole numbers separated by commas, not ${value}`);
  return value.split(',').map((item) => Number.parseInt(item, 10));
}

const SETTINGS = {
  seconds: intEnv('BENCH_SECONDS', 20),
  warmupSeconds: intEnv('BENCH_WARMUP_SECONDS', 3),
  /** Each case runs once per number of concurrent clients: throughput is compared at each one's peak. */
  clientCounts: intListEnv('BENCH_CLIENTS', [8, 16, 32]),
  people: intEnv('BENCH_PEOPLE', 200),
  /** At least the most clients, so that pgbench's branches (one row per unit of scale) are not hot rows. */
  scale: intEnv('BENCH_PGBENCH_SCALE', 32),
  profileSeconds: intEnv('BENCH_PROFILE_SECONDS', 3),
  postgresUrl: process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  /** Numbers of compiled server instances behind HAProxy for the load-balanced case (empty: skipped). */
  instanceCounts: process.env.BENCH_INSTANCES === '' ? [] : intListEnv('BENCH_INSTANCES', [1, 2, 3]),
  /** Concurrent clients of the load-balanced case: by default the most of BENCH_CLIENTS. */
  clusterClients: intEnv('BENCH_CLUSTER_CLIENTS', 0),
  /** When set, the server of the PostgreSQL cases writes a V8 CPU profile there (open it in Chrome's DevTools). */
  cpuProfileDir: process.env.BENCH_CPU_PROFILE_DIR || undefined,
};
const PGBENCH_DATABASE = 'ztart_bench_pgbench';
const UNCONTENDED = 'PostgreSQL, uncontended';
const HOT_RECEIVER = 'PostgreSQL, hot receiver';
const PGLITE = 'PGlite (embedded), uncontended';
const THROUGH_HAPROXY = (instances: number) =>
  `PostgreSQL through HAProxy, ${instances} instance${instances === 1 ? '' : 's'}, uncontended`;
const SERVER_DATABASE = 'ztart_bench';
/** Transfers are 0.01 to 10.00; every wallet holds enough for any run. */
const MAX_AMOUNT_MINOR = 1_000;
const FUND_MINOR = 1_000_000_000;
/** Production settings: no request log lines, no demo people, a data key of its own. */
const SERVER_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED: 'false',
  DATA_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
};

interface CaseResult {
  name: string;
  clients: number;
  load: LoadResult;
  cpu: CpuShares | null;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

async function startServer(env: Record<string, string>, options: { profile?: boolean } = {}) {
  const nodeArgs =
    options.profile && SETTINGS.cpuProfileDir
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(SETTINGS.cpuProfileDir)}`]
      : [];
  const server = await spawnServer({ ...SERVER_ENV, ...env }, { nodeArgs });
  await waitUntilHealthy(server);
  return server;
}

async function stopServer(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  const ended = await server.exited;
  if (ended.code !== 0)
    throw new Error(`The server ended with ${JSON.stringify(ended)}:\n${server.output()}`);
}

async function measure(
  name: string,
  clients: number,
  server: { baseUrl: string; pids: number[] },
  people: FundedPerson[],
  hotReceiver?: FundedPerson,
): Promise<CaseResult> {
  log(`- ${name}, ${clients} clients: ${SETTINGS.warmupSeconds} s warm-up, ${SETTINGS.seconds} s measured`);
  const stopMeter = startCpuMeter(server.pids);
  const load = await runTransfers({
    baseUrl: server.baseUrl,
    people,
    senders: people,
    hotReceiver,
    clients,
    warmupSeconds: SETTINGS.warmupSeconds,
    seconds: SETTINGS.seconds,
    maxAmountMinor: MAX_AMOUNT_MINOR,
  });
  return { name, clients, load, cpu: stopMeter() };
}

/** Adds what one run moved to the running total of each person. */
function addMoves(total: Map<string, number>, load: LoadResult): void {
  for (const [userId, delta] of load.movedMinor) total.set(userId, (total.get(userId) ?? 0) + delta);
}

/**
 * The ledger after the runs: sum zero per currency, every balance equal to its transfers, no wallet
 * below zero, and each person's available balance equal to the funding plus what the 201 answers
 * moved. Returns the problems found (none: OK).
 */
async function checkLedger(
  target: Parameters<typeof openDatabase>[0],
  people: FundedPerson[],
  moved: Map<string, number>,
): Promise<string[]> {
  const database = await openDatabase(target);
  try {
    const { accounts, totals } = await reconcile(database.db);
    const problems: string[] = [];
    for (const [currency, total] of Object.entries(totals)) {
      if (total !== 0) problems.push(`${currency} balances sum to ${total}, not 0`);
    }
    for (const account of accounts) {
      if (account.balanceMinor !== account.transfersMinor) {
        problems.push(
          `account ${account.accountId}: balance ${account.balanceMinor} ≠ transfers ${account.transfersMinor}`,
        );
      }
      if (account.kind.startsWith('wallet_') && account.balanceMinor < 0) {
        problems.push(`account ${account.accountId} is below zero`);
      }
    }
    for (const person of people) {
      const available = accounts.find(
        (account) => account.ownerId === person.userId && account.kind === 'wallet_available',
      );
      const expected = person.fundedMinor + (moved.get(person.userId) ?? 0);
      if (available?.balanceMinor !== expected) {
        problems.push(`@${person.ztartag}: available ${available?.balanceMinor} ≠ expected ${expected}`);
      }
    }
    return problems;
  } finally {
    await database.close();
  }
}

function fundingOptions() {
  // One more person than senders: the hot receiver, who never sends.
  return { count: SETTINGS.people + 1, fundMinor: FUND_MINOR, currency: 'USD' as const, tagPrefix: 'bench_' };
}

async function postgresCases(serverDatabaseUrl: string) {
  const postgresTarget = { kind: 'postgres' as const, pool: { connectionString: serverDatabaseUrl } };
  const everyone = await prepareDatabase(await openDatabase(postgresTarget), fundingOptions());
  const hot = everyone.at(-1)!;
  const people = everyone.slice(0, -1);
  const moved = new Map<string, number>();
  const results: CaseResult[] = [];

  const server = await startServer({ DATABASE_URL: serverDatabaseUrl }, { profile: true });
  try {
    for (const clients of SETTINGS.clientCounts) {
      results.push(await measure(UNCONTENDED, clients, serverUnderTest(server), people));
      addMoves(moved, results.at(-1)!.load);
    }
    for (const clients of SETTINGS.clientCounts) {
      results.push(await measure(HOT_RECEIVER, clients, serverUnderTest(server), people, hot));
      addMoves(moved, results.at(-1)!.load);
    }
  } finally {
    await stopServer(server);
  }
  for (const instances of SETTINGS.instanceCounts) {
    results.push(await throughHaproxy(serverDatabaseUrl, instances, people));
    addMoves(moved, results.at(-1)!.load);
  }

  const profile = await profileStatements(serverDatabaseUrl, people);
  addMoves(moved, profile.load);

  const problems = await checkLedger(postgresTarget, everyone, moved);
  return { results, profile, problems };
}

function serverUnderTest(server: ServerProcess) {
  return { baseUrl: server.baseUrl, pids: server.child.pid === undefined ? [] : [server.child.pid] };
}

/**
 * `instances` compiled servers (`apps/server/dist/main.js`) on the same database, HAProxy in front
 * (round robin per request, health checks on /api/health/ready): the uncontended case through it.
 */
async function throughHaproxy(
  serverDatabaseUrl: string,
  instances: number,
  people: FundedPerson[],
): Promise<CaseResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ztart-bench-cluster-'));
  const folder = { dir, pidFile: undefined };
  const started: Instance[] = [];
  try {
    for (let n = 0; n < instances; n++) {
      started.push(
        startInstance(folder, {
          name: `instance-${n + 1}`,
          port: await freePort(),
          env: { ...SERVER_ENV, DATABASE_URL: serverDatabaseUrl },
        }),
      );
    }
    await Promise.all(started.map(waitUntilReady));
    const balancer = await startBalancer(folder, started);
    try {
      const clients = SETTINGS.clusterClients || Math.max(...SETTINGS.clientCounts);
      const pids = started.flatMap((instance) =>
        instance.child.pid === undefined ? [] : [instance.child.pid],
      );
      return await measure(THROUGH_HAPROXY(instances), clients, { baseUrl: balancer.baseUrl, pids }, people);
    } finally {
      await balancer.stop();
    }
  } finally {
    await Promise.all(started.map((instance) => stopInstance(instance)));
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A short run through the counting proxy: statements and round trips per transfer. */
async function profileStatements(serverDatabaseUrl: string, people: FundedPerson[]) {
  const url = new URL(serverDatabaseUrl);
  const counter = await startStatementCounter({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(counter.port);
  const server = await startServer({ DATABASE_URL: url.toString() });
  const clients = Math.max(...SETTINGS.clientCounts);
  try {
    counter.reset();
    log(`- statement profile, ${clients} clients: ${SETTINGS.profileSeconds} s through a counting proxy`);
    const load = await runTransfers({
      baseUrl: server.baseUrl,
      people,
      senders: people,
      clients,
      warmupSeconds: 0,
      seconds: SETTINGS.profileSeconds,
      maxAmountMinor: MAX_AMOUNT_MINOR,
    });
    const counts: StatementCounts = counter.counts();
    return { clients, counts, texts: counter.texts(), load };
  } finally {
    await stopServer(server);
    await counter.close();
  }
}

async function pgliteCase() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ztart-bench-'));
  try {
    const target = { kind: 'pglite' as const, dataDir: path.join(dataDir, 'db') };
    const everyone = await prepareDatabase(await openDatabase(target), fundingOptions());
    const people = everyone.slice(0, -1);
    const server = await startServer({ DATA_DIR: dataDir });
    const results: CaseResult[] = [];
    const moved = new Map<string, number>();
    try {
      for (const clients of SETTINGS.clientCounts) {
        results.push(await measure(PGLITE, clients, serverUnderTest(server), people));
        addMoves(moved, results.at(-1)!.load);
      }
    } finally {
      await stopServer(server);
    }
    return { results, problems: await checkLedger(target, everyone, moved) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface PgbenchCase {
  clients: number;
  result: Awaited<ReturnType<typeof runPgbench>>;
  cpu: CpuShares | null;
}

function perSecondOf(load: LoadResult): number {
  return load.transfers / load.seconds;
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function cpuShares(app: number, cpu: CpuShares): string {
  const balancer = cpu.balancer > 0 ? ` (+ HAProxy ${cpu.balancer.toFixed(0)})` : '';
  return `${app.toFixed(0)} / ${cpu.postgres.toFixed(0)} / ${cpu.other.toFixed(0)}${balancer}`;
}

function formatErrors(errors: Map<string, number>): string {
  if (errors.size === 0) return '0';
  return [...errors].map(([code, count]) => `${count} × ${code}`).join(', ');
}

async function main(): Promise<void> {
  const started = Date.now();
  const version = await serverVersion(SETTINGS.postgresUrl);
  log(`Ledger benchmark — ${new Date().toISOString()}`);
  log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ` +
      `Node ${process.versions.node}; ${version}`,
  );
  log(
    `Settings: ${SETTINGS.clientCounts.join(', ')} clients, ${SETTINGS.seconds} s per case (+${SETTINGS.warmupSeconds} s warm-up), ` +
      `${SETTINGS.people} senders, pgbench scale ${SETTINGS.scale}`,
  );

  await createFreshDatabase(SETTINGS.postgresUrl, PGBENCH_DATABASE);
  const pgbench: PgbenchCase[] = [];
  try {
    await initPgbench(SETTINGS.postgresUrl, { database: PGBENCH_DATABASE, scale: SETTINGS.scale });
    for (const clients of SETTINGS.clientCounts) {
      log(`- pgbench tpcb-like, ${clients} clients: ${SETTINGS.seconds} s`);
      const stopMeter = startCpuMeter(undefined);
      const result = await runPgbench(SETTINGS.postgresUrl, {
        database: PGBENCH_DATABASE,
        clients,
        seconds: SETTINGS.seconds,
      });
      pgbench.push({ clients, result, cpu: stopMeter() });
    }
  } finally {
    await dropDatabase(SETTINGS.postgresUrl, PGBENCH_DATABASE);
  }

  const serverDatabaseUrl = await createFreshDatabase(SETTINGS.postgresUrl, SERVER_DATABASE);
  let postgres: Awaited<ReturnType<typeof postgresCases>>;
  try {
    postgres = await postgresCases(serverDatabaseUrl);
  } finally {
    await dropDatabase(SETTINGS.postgresUrl, SERVER_DATABASE);
  }
  const pglite = await pgliteCase();
  const apiResults = [...postgres.results, ...pglite.results];

  const perOperation = (ms: number, operations: number) =>
    operations > 0 ? (ms / operations).toFixed(2) : '–';
  const pgbenchAt = (clients: number) => pgbench.find((run) => run.clients === clients)?.result.tps;
  log('');
  log(
    row([
      'case',
      'clients',
      'per second',
      'p50 ms',
      'p99 ms',
      'errors',
      '× pgbench, same clients',
      'CPU ms each: app / database',
      'CPU % app / database / other',
    ]),
  );
  log(row(['---', '---:', '---:', '---:', '---:', '---', '---:', '---:', '---:']));
  for (const { clients, result, cpu } of pgbench) {
    log(
      row([
        `pgbench tpcb-like (-j 2, scale ${SETTINGS.scale})`,
        String(clients),
        result.tps.toFixed(0),
        result.latencyMs.toFixed(1),
        '',
        '0',
        '1.00',
        cpu
          ? `${perOperation(cpu.pgbenchMs, result.transactions)} / ${perOperation(cpu.postgresMs, result.transactions)}`
          : '',
        cpu ? cpuShares(cpu.pgbench, cpu) : '',
      ]),
    );
  }
  for (const { name, clients, load, cpu } of apiResults) {
    const sorted = [...load.latenciesMs].sort((a, b) => a - b);
    log(
      row([
        name,
        String(clients),
        perSecondOf(load).toFixed(0),
        percentile(sorted, 0.5).toFixed(1),
        percentile(sorted, 0.99).toFixed(1),
        formatErrors(load.errors),
        pgbenchAt(clients) ? (perSecondOf(load) / pgbenchAt(clients)!).toFixed(2) : '–',
        cpu
          ? `${perOperation(cpu.serverMs, load.succeeded)} / ${perOperation(cpu.postgresMs, load.succeeded)}`
          : '',
        cpu ? cpuShares(cpu.server, cpu) : '',
      ]),
    );
  }
  log('');
  log(
    'p50 of pgbench is its average latency. CPU is read from /proc: "app" is the server process (pgbench for ' +
      'its row; with PGlite the database runs inside the server; behind HAProxy every instance), "database" the ' +
      'PostgreSQL processes, "other" everything else that ran meanwhile (the load driver included; HAProxy is ' +
      'shown apart). 100 % is one core.',
  );
  const bestPgbench = pgbench.reduce((best, run) => (run.result.tps > best.result.tps ? run : best));
  log('');
  log(
    `Peak against peak (each at its best number of clients): pgbench ${bestPgbench.result.tps.toFixed(0)} TPS ` +
      `(${bestPgbench.clients} clients)`,
  );
  for (const name of [UNCONTENDED, HOT_RECEIVER, ...SETTINGS.instanceCounts.map(THROUGH_HAPROXY), PGLITE]) {
    const best = apiResults
      .filter((result) => result.name === name)
      .reduce((a, b) => (perSecondOf(b.load) > perSecondOf(a.load) ? b : a));
    const perSecond = perSecondOf(best.load);
    log(
      `  ${name}: ${perSecond.toFixed(0)}/s (${best.clients} clients) = ` +
        `${(perSecond / bestPgbench.result.tps).toFixed(2)} × pgbench`,
    );
  }
  const { counts, load: profiled, clients: profiledClients } = postgres.profile;
  const applied = profiled.succeeded;
  log('');
  log(
    `Per transfer on PostgreSQL (${applied} transfers through the counting proxy, ${profiledClients} clients): ` +
      `${(counts.statements / applied).toFixed(1)} statements, ${(counts.roundTrips / applied).toFixed(1)} round trips, ` +
      `${(counts.begins / applied).toFixed(2)} transactions (pgbench tpcb-like: 7 statements, 7 round trips, 1 transaction).`,
  );
  log('Statements per transfer:');
  for (const [text, count] of postgres.profile.texts.slice(0, 30)) {
    log(`  ${(count / applied).toFixed(2).padStart(5)}  ${text}`);
  }

  const problems = [...postgres.problems, ...pglite.problems];
  const errorCount = apiResults.reduce(
    (sum, { load }) => sum + [...load.errors.values()].reduce((a, b) => a + b, 0),
    0,
  );
  log('');
  log(problems.length === 0 ? 'Reconcile: OK' : `Reconcile: FAILED\n  ${problems.slice(0, 20).join('\n  ')}`);
  if (errorCount > 0) log(`Transfers that did not succeed: ${errorCount}`);
  const unresolved = apiResults.reduce((sum, { load }) => sum + load.unresolved, 0);
  if (unresolved > 0)
    log(`Transfers with no final answer after 30 s of retries (outcome unknown): ${unresolved}`);
  log(`Took ${Math.round((Date.now() - started) / 1000)} s.`);
  if (problems.length > 0 || errorCount > 0 || unresolved > 0) process.exitCode = 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killLeftoverServers();
    process.exit(130);
  });
}

main().catch((error: unknown) => {
  killLeftoverServers();
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
