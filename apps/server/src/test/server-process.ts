import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_TIMEOUT_MS = 45_000;

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote so far, for failure messages. */
  output(): string;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/** Kills every server a test started and left running (a failed test must not leak processes). */
export function killLeftoverServers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface SpawnOptions {
  /** Extra flags for node, such as `--cpu-prof` (which NODE_OPTIONS does not allow). */
  nodeArgs?: string[];
}

/**
 * Starts the real server (`node --import tsx src/main.ts`) as `npm start` does, with `env` on top
 * of a clean environment: no database URL or Redis unless the test passes one.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL, TEST_DATABASE_URL, REDIS_URL, ...inherited } = process.env;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = once(child, 'exit').then(([code, signal]) => {
    running.delete(child);
    return { code: code as number | null, signal: signal as NodeJS.Signals | null };
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Waits until /api/health answers 200, or fails with what the server printed. */
export async function waitUntilHealthy(server: ServerProcess): Promise<unknown> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let ended = false;
  void server.exited.then(() => {
    ended = true;
  });
  while (Date.now() < deadline && !ended) {
    try {
      const answer = await fetch(`${server.baseUrl}/api/health`);
      if (answer.ok) return answer.json();
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy. Its output:\n${server.output()}`);
}
