/**
 * The web app as a phone meets it: builds the app, measures the server's cold start, then runs
 * Lighthouse (mobile preset, simulated throttling) several times on the quick-tip page, /auth,
 * / and /wallet, and prints the medians. See bench/web/README.md.
 *
 *   npm run bench:web [-- --runs 3] [-- --no-build] [-- --cold-start-only]
 *     [-- --pages quick-tip,/auth] [-- --reports <folder>] [-- --no-cold-start]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3118);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** A demo person of the seed (README): Maria receives tips at maria_waits. */
const DEMO_EMAIL = 'maria.santos@example.com';
const DEMO_PASSWORD = 'ztart-demo-2026';
/** ARCHITECTURE.md §9: how Debian's Chromium runs here. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Page {
  name: string;
  path: string;
  signedIn: boolean;
}

const PAGES: Page[] = [
  { name: 'quick-tip', path: '/quick-tip?to=maria_waits', signedIn: false },
  { name: '/auth', path: '/auth', signedIn: false },
  { name: '/', path: '/', signedIn: true },
  { name: '/wallet', path: '/wallet', signedIn: true },
];

interface Run {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  scriptRequests: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function startServer(dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    // info: the server logs its start's timings with `database ready`.
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Read, or the server would stop once the pipe is full.
  child.stdout?.on('data', () => {});
  return child;
}

/** What the server logged of its start (apps/server/src/main.ts): ms since the process started. */
interface StartupTimings {
  listening?: number;
  listeningCpu?: number;
  databaseOpen?: number;
  migrations?: number;
  reseal?: number;
  seed?: number;
  ready?: number;
  readyCpu?: number;
}

/** The timings of the server's `database ready` line, once it is written. */
function startupTimingsOf(child: ChildProcess): Promise<StartupTimings> {
  return new Promise((resolve) => {
    let pending = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes('"startupMs"')) continue;
        try {
          resolve((JSON.parse(line) as { startupMs: StartupTimings }).startupMs);
        } catch {
          // Not a JSON line.
        }
      }
    });
  });
}

/** Milliseconds from the process's spawn to the first 200 of `url`, and its CPU time then. */
async function waitFor200(
  startedAt: number,
  child: ChildProcess,
  url: string,
): Promise<{ ms: number; cpuMs: number }> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped with code ${child.exitCode}`);
    try {
      const answer = await fetch(`${BASE_URL}${url}`);
      await answer.arrayBuffer();
      if (answer.status === 200) return { ms: performance.now() - startedAt, cpuMs: cpuTimeMs(child.pid) };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Milliseconds from the process's spawn to the first 200 of /api/health: the database is ready. */
async function waitUntilReady(startedAt: number, child: ChildProcess): Promise<number> {
  return (await waitFor200(startedAt, child, '/api/health')).ms;
}

/**
 * CPU time (user + system) a process has used, in ms, from /proc (Linux; NaN elsewhere). On a
 * busy machine the time to the first 200 grows with the load; this does much less.
 */
function cpuTimeMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, fields 14 and 15 of the line (12 and 13 after the command), in 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One start: its first page, its readiness, and what the server logged of it. */
interface ColdStart {
  /** The first 200 of `/` (the app's HTML): the server listens and serves its pages. */
  page: { ms: number; cpuMs: number };
  /** The first 200 of /api/health: the database is open, migrated and seeded. */
  ready: { ms: number; cpuMs: number };
  timings: StartupTimings;
}

async function coldStart(dataDir: string): Promise<ColdStart> {
  const startedAt = performance.now();
  const child = startServer(dataDir);
  const timings = startupTimingsOf(child);
  try {
    const page = await waitFor200(startedAt, child, '/');
    const ready = await waitFor200(startedAt, child, '/api/health');
    return { page, ready, timings: await timings };
  } finally {
    await stopServer(child);
  }
}

/**
 * Cold starts on an existing data folder (the first start, which creates the database and adds
 * the demo people, is measured apart): the server as `npm start` runs it, compiled JavaScript.
 */
async function measureColdStarts(
  dataDir: string,
  count: number,
): Promise<{ first: ColdStart; starts: ColdStart[] }> {
  const first = await coldStart(dataDir);
  const starts: ColdStart[] = [];
  for (let index = 0; index < count; index += 1) starts.push(await coldStart(dataDir));
  return { first, starts };
}

function printColdStarts({ first, starts }: { first: ColdStart; starts: ColdStart[] }): void {
  const ms = (values: number[]) =>
    `${median(values).toFixed(0)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`;
  const step = (key: keyof StartupTimings) => ms(starts.map((start) => start.timings[key] ?? Number.NaN));
  console.log(
    [
      '',
      `Server cold start, load average ${loadavg()[0]?.toFixed(1)}.`,
      `New data folder: first page ${first.page.ms.toFixed(0)} ms, ready ${first.ready.ms.toFixed(0)} ms.`,
      `Existing data folder, ${starts.length} starts, medians (each start in brackets), ms since the spawn:`,
      `  first 200 of / (the app's page):       ${ms(starts.map((start) => start.page.ms))}`,
      `    the server's CPU time then:           ${ms(starts.map((start) => start.page.cpuMs))}`,
      `  first 200 of /api/health (ready):      ${ms(starts.map((start) => start.ready.ms))}`,
      `    the server's CPU time then:           ${ms(starts.map((start) => start.ready.cpuMs))}`,
      "The server's own steps, ms since the process started:",
      `  listening:                             ${step('listening')}`,
      `    its CPU time then:                    ${step('listeningCpu')}`,
      `  database open:                         ${step('databaseOpen')}`,
      `  migrations checked:                    ${step('migrations')}`,
      `  bank details resealed:                 ${step('reseal')}`,
      `  demo people checked:                   ${step('seed')}`,
      `  ready:                                 ${step('ready')}`,
    ].join('\n'),
  );
}

/** A signed-in session's cookies, for the pages that need one. */
async function signIn(): Promise<string> {
  const answer = await fetch(`${BASE_URL}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`sign-in failed: ${answer.status} ${await answer.text()}`);
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0])
    .join('; ');
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

/** Where `--reports` keeps each run's full Lighthouse report (JSON), to read what a page waits for. */
let reportsDir: string | undefined;
let reportCount = 0;

async function runLighthouse(page: Page, cookie: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(`${BASE_URL}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
      ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
    if (reportsDir) {
      reportCount += 1;
      const file = `${page.name.replace(/[^a-z0-9-]+/gi, '') || 'home'}-${reportCount}.json`;
      writeFileSync(path.join(reportsDir, file), JSON.stringify(lhr));
    }
    const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)
      ?.items ?? []) as NetworkRequest[];
    const scripts = requests.filter((request) => request.resourceType === 'Script');
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      scriptBytes: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
      scriptRequests: scripts.length,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes loses a trace on a loaded machine (NO_NAVSTART): such a run is made again. */
async function runWithRetries(page: Page, cookie: string, attempts = 3): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(page, cookie);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`${page.name}: ${error instanceof Error ? error.message : error}; running it again`);
    }
  }
}

function optionValue(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

async function main(argv: string[]): Promise<void> {
  const runs = Number(optionValue(argv, '--runs') ?? 3);
  const only = optionValue(argv, '--pages')?.split(',');
  const pages = only ? PAGES.filter((page) => only.includes(page.name)) : PAGES;
  reportsDir = optionValue(argv, '--reports');
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  if (!argv.includes('--no-build')) {
    execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ztart-bench-web-'));
  let server: ChildProcess | undefined;
  try {
    if (argv.includes('--no-cold-start')) {
      // The demo people are added by a first start; Lighthouse runs on the server that follows.
      await coldStart(dataDir);
    } else {
      printColdStarts(await measureColdStarts(dataDir, 5));
    }
    if (argv.includes('--cold-start-only')) return;

    const startedAt = performance.now();
    server = startServer(dataDir);
    await waitUntilReady(startedAt, server);
    const cookie = await signIn();

    const rows: string[] = [];
    for (const page of pages) {
      const results: Run[] = [];
      for (let index = 0; index < runs; index += 1) results.push(await runWithRetries(page, cookie));
      const pick = (key: keyof Run) => median(results.map((result) => result[key]));
      rows.push(
        `| ${page.name} | ${pick('performance')} | ${(pick('lcpMs') / 1000).toFixed(1)} s | ` +
          `${pick('tbtMs').toFixed(0)} ms | ${pick('cls').toFixed(3)} | ` +
          `${(pick('scriptBytes') / 1024).toFixed(0)} KiB in ${pick('scriptRequests')} requests |`,
      );
      console.log(`${page.name}: ${results.map((result) => result.performance).join(', ')}`);
    }
    console.log(`\nLighthouse, mobile, median of ${runs}:\n`);
    console.log('| page | performance | LCP | TBT | CLS | JavaScript on the wire |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main(process.argv.slice(2));
