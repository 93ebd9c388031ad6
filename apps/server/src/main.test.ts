import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killLeftoverServers, spawnServer, waitUntilHealthy } from './test/server-process.ts';
import { createTestSchema, dropTestSchema, TEST_DATABASE_URL } from './test/test-database.ts';

afterEach(() => killLeftoverServers());

// The PostgreSQL run (TEST_DATABASE_URL) has nothing to add to these: `npm test` runs them.
describe.skipIf(TEST_DATABASE_URL)('the server process on its embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ztart-data-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its data when killed outright and started again without the demo seed', async () => {
    const first = await spawnServer({ DATA_DIR: dataDir });
    expect(await waitUntilHealthy(first)).toMatchObject({ status: 'ok', db: 'pglite' });
    const profile = await fetch(`${first.baseUrl}/api/public/profiles/sam_drives`);
    expect(profile.status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const second = await spawnServer({ DATA_DIR: dataDir, SEED: 'false' });
    await waitUntilHealthy(second);

    const again = await fetch(`${second.baseUrl}/api/public/profiles/sam_drives`);
    expect(again.status, second.output()).toBe(200);
    expect(await again.json()).toEqual(await profile.json());
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });

  it('stops cleanly on SIGTERM with exit code 0 within a few seconds', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir });
    await waitUntilHealthy(server);

    const stopAsked = Date.now();
    server.child.kill('SIGTERM');
    const ended = await server.exited;

    expect(ended, server.output()).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopAsked).toBeLessThan(5_000);
  });

  it('drains on SIGTERM for DRAIN_SECONDS: not ready (503) but live, then exits 0', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, DRAIN_SECONDS: '2' });
    await waitUntilHealthy(server);
    expect((await fetch(`${server.baseUrl}/api/health/ready`)).status).toBe(200);

    const stopAsked = Date.now();
    server.child.kill('SIGTERM');
    let ready = 200;
    while (ready === 200 && Date.now() - stopAsked < 1_500) {
      ready = (await fetch(`${server.baseUrl}/api/health/ready`)).status;
    }
    expect(ready).toBe(503);
    expect((await fetch(`${server.baseUrl}/api/health/live`)).status).toBe(200);
    const ended = await server.exited;

    expect(ended, server.output()).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopAsked).toBeGreaterThanOrEqual(2_000);
    // A first start on a new data folder migrates and seeds it: slow on a busy machine.
  }, 180_000);

  it('refuses to open a data folder that another running server is using', async () => {
    const first = await spawnServer({ DATA_DIR: dataDir });
    await waitUntilHealthy(first);

    const second = await spawnServer({ DATA_DIR: dataDir });
    const ended = await second.exited;

    expect(ended.code).toBe(1);
    expect(second.output()).toContain('in use by process');
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
  });
});

describe.runIf(TEST_DATABASE_URL)('the server process on a PostgreSQL server', () => {
  it('runs its migrations there and reports db postgres', async () => {
    const url = TEST_DATABASE_URL!;
    const schemaName = await createTestSchema(url);
    try {
      const databaseUrl = new URL(url);
      databaseUrl.searchParams.set('options', `-c search_path=${schemaName}`);
      const server = await spawnServer({ DATABASE_URL: databaseUrl.toString() });

      expect(await waitUntilHealthy(server)).toMatchObject({ status: 'ok', db: 'postgres' });
      expect((await fetch(`${server.baseUrl}/api/public/profiles/ztart_admin`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    } finally {
      await dropTestSchema(url, schemaName);
    }
  });
});
