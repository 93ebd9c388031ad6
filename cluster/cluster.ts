/**
 * The pieces of a cluster that a test or a benchmark starts itself: compiled server instances on
 * ports of their own and HAProxy in front of them. Each process's id is added to `pidFile` as it
 * starts, so that the script that started the run can kill what a crashed run left behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync, createWriteStream, existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
export const COMPILED_SERVER = path.join(SERVER_DIR, 'dist/main.js');

/** What a load balancer asks each instance: fails while the instance drains or lost its database. */
export const READY_PATH = '/api/health/ready';
/** Starting three instances at once on a busy two-core machine has taken over a minute. */
const START_TIMEOUT_MS = 120_000;

export interface ClusterFolder {
  /** Where logs and the HAProxy configuration go. */
  dir: string;
  /** One process id per line, for the starting script's clean-up. */
  pidFile: string | undefined;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function remember(folder: ClusterFolder, child: ChildProcess): void {
  if (folder.pidFile && child.pid !== undefined) appendFileSync(folder.pidFile, `${child.pid}\n`);
}

export interface Instance {
  name: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  logFile: string;
}

/**
 * Starts `node apps/server/dist/main.js` (run `npm run build -w @ztart/server` first) on `port`,
 * its output appended to `<dir>/<name>.log`. Resolves once it listens; see waitUntilReady.
 */
export function startInstance(
  folder: ClusterFolder,
  options: { name: string; port: number; env: Record<string, string> },
): Instance {
  if (!existsSync(COMPILED_SERVER)) {
    throw new Error(`${COMPILED_SERVER} is missing: run npm run build -w @ztart/server`);
  }
  const logFile = path.join(folder.dir, `${options.name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const { DATABASE_URL, DATABASE_READ_URL, REDIS_URL, TEST_DATABASE_URL, ...inherited } = process.env;
  const child = spawn(process.execPath, [COMPILED_SERVER], {
    cwd: SERVER_DIR,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED: 'false',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  remember(folder, child);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  return {
    name: options.name,
    port: options.port,
    baseUrl: `http://127.0.0.1:${options.port}`,
    child,
    exited,
    logFile,
  };
}

/** Waits until `url` answers 200, or fails (with `describe()` in the message) after the timeout. */
export async function waitForOk(
  url: string,
  describe: () => string,
  options: { timeoutMs?: number; gaveUp?: () => boolean } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? START_TIMEOUT_MS);
  let last = 'no answer';
  while (Date.now() < deadline && !options.gaveUp?.()) {
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (answer.status === 200) return;
      last = `HTTP ${answer.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 (last: ${last}). ${describe()}`);
}

export async function waitUntilReady(instance: Instance): Promise<void> {
  let ended = false;
  void instance.exited.then(() => {
    ended = true;
  });
  await waitForOk(`${instance.baseUrl}${READY_PATH}`, () => `See ${instance.logFile}.`, {
    gaveUp: () => ended,
  });
}

/** SIGTERM (drain), then SIGKILL if it has not ended after `graceMs`. */
export async function stopInstance(instance: Instance, graceMs = 15_000): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), graceMs);
  await instance.exited;
  clearTimeout(timer);
}

export interface Balancer {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * HAProxy in front of `backends`, round robin, each checked with GET /api/health/ready every
 * half second (down after two failures, up after one success). A dead instance refuses the check
 * at once; a busy one has 5 s to answer it, so that load alone never takes instances out. Requests
 * in flight on an instance that is taken out are left to finish (no `shutdown-sessions`: cutting
 * them would leave clients unsure whether their money moved). A connection that fails is tried on
 * another instance (`retry-on conn-failure` + `redispatch`). The server timeout outlasts the live
 * streams' heartbeats. Each answer names its instance in `X-Served-By`.
 */
export async function startBalancer(
  folder: ClusterFolder,
  backends: Array<Pick<Instance, 'name' | 'port'>>,
  options: { port?: number; name?: string } = {},
): Promise<Balancer> {
  const port = options.port ?? (await freePort());
  const name = options.name ?? 'haproxy';
  const config = [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 90s',
    '  timeout server 90s',
    '  timeout http-keep-alive 10s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    'frontend api',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    `  option httpchk GET ${READY_PATH}`,
    '  http-check expect status 200',
    '  timeout check 5s',
    '  default-server inter 500ms fall 2 rise 1',
    // Which instance answered, so that a test can tell where a live stream sits.
    '  http-response set-header X-Served-By %[srv_name]',
    ...backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check`),
    '',
  ].join('\n');
  const configFile = path.join(folder.dir, `${name}.cfg`);
  writeFileSync(configFile, config);
  const log = createWriteStream(path.join(folder.dir, `${name}.log`), { flags: 'a' });
  // -db: stays in the foreground, a child that this process can stop.
  const child = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  remember(folder, child);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = once(child, 'exit');
  const baseUrl = `http://127.0.0.1:${port}`;
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  await waitForOk(`${baseUrl}${READY_PATH}`, () => `See ${path.join(folder.dir, `${name}.log`)}.`, {
    timeoutMs: 20_000,
    gaveUp: () => ended,
  });
  return {
    port,
    baseUrl,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
