import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, uniqueIp } from '../../test/accounts.ts';
import { createFundedPeople, type FundedPerson } from '../../test/money-people.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/** Enough rows that an export reads several pages (500 rows each). */
const ROWS_PER_PERSON = 1_500;
const CONCURRENT_EXPORTS = 20;
/**
 * During the exports the health check may be this many times slower than on an idle server (it
 * waits for one export page at most), never less than the floor: generous, because the machine
 * running the test may be busy with other work.
 */
const HEALTH_SLOWDOWN_FACTOR = 25;
const HEALTH_FLOOR_MS = 150;

type Person = FundedPerson & { ip: string };

async function givePastTransactions(testApp: TestApp, person: FundedPerson, count: number) {
  await testApp.database.db.execute(sql`
    INSERT INTO transactions
      (user_id, type, kind, status, amount_minor, currency, description, note, counterparty_name, group_id, created_at, settled_at)
    SELECT ${person.userId}::uuid, 'income', 'tip_in', 'completed', n, 'USD', 'Tip from a fan',
           'Thanks, "great" show, see you', 'A fan', gen_random_uuid(),
           now() - n * interval '1 minute', now() - n * interval '1 minute'
    FROM generate_series(1, ${count}::int) AS n`);
}

function exportRequest(person: Person) {
  return as(person, { method: 'GET', url: '/api/transactions/export.csv' });
}

/** Over a real connection, as a load balancer asks: the time includes waiting for the event loop. */
async function timedHealthCheck(origin: string): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${origin}/api/health`);
  expect(answer.status).toBe(200);
  await answer.arrayBuffer();
  return performance.now() - started;
}

async function downloadExport(origin: string, person: Person): Promise<{ status: number; text: string }> {
  const answer = await fetch(`${origin}/api/transactions/export.csv`, {
    headers: { cookie: `session=${person.sessionToken}` },
  });
  return { status: answer.status, text: await answer.text() };
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}
const median = (values: number[]) => percentile(values, 0.5);

describe('CSV exports', () => {
  let testApp: TestApp;
  let people: Person[];

  beforeAll(async () => {
    testApp = await buildTestApp();
    const funded = await createFundedPeople(testApp.database.db, {
      count: CONCURRENT_EXPORTS,
      fundMinor: 0,
      currency: 'USD',
    });
    people = funded.map((person) => ({ ...person, ip: uniqueIp() }));
    for (const person of people) await givePastTransactions(testApp, person, ROWS_PER_PERSON);
  }, 120_000);
  afterAll(() => testApp.close());

  let listening: Promise<string> | undefined;
  /** The app on a real port, for what only real connections show (dropped downloads, waiting). */
  function origin(): Promise<string> {
    listening ??= testApp.app.listen({ port: 0, host: '127.0.0.1' });
    return listening;
  }

  it('runs one export at a time per person: a second one while the first is being written answers 429', async () => {
    const [maria, leo] = people as [Person, Person];
    const first = await testApp.app.inject({ ...exportRequest(maria), payloadAsStream: true });
    expect(first.statusCode).toBe(200);

    const second = await testApp.app.inject(exportRequest(maria));
    expect(second.statusCode).toBe(429);
    expect(second.json().error.code).toBe('export_in_progress');
    const someoneElse = await testApp.app.inject(exportRequest(leo));
    expect(someoneElse.statusCode).toBe(200);

    let text = '';
    for await (const chunk of first.stream()) text += String(chunk);
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(ROWS_PER_PERSON + 1);

    const afterwards = await testApp.app.inject(exportRequest(maria));
    expect(afterwards.statusCode).toBe(200);
  });

  it('answers a search with a NUL character with 400 and the field, not a file cut short', async () => {
    const [maria] = people as [Person];
    const answer = await testApp.app.inject(
      as(maria, { method: 'GET', url: '/api/transactions/export.csv?q=fan%00show' }),
    );

    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({
      code: 'validation_failed',
      details: { source: 'querystring', issues: [{ path: 'q', message: 'validation.text.unsafe' }] },
    });
  });

  it('frees the person’s export when the download is dropped half-way', async () => {
    const [, , sam] = people as [Person, Person, Person];
    const address = await origin();
    const download = new AbortController();
    const dropped = await fetch(`${address}/api/transactions/export.csv`, {
      headers: { cookie: `session=${sam.sessionToken}` },
      signal: download.signal,
    });
    expect(dropped.status).toBe(200);
    await dropped.body?.getReader().read();
    download.abort();

    await expect
      .poll(async () => (await testApp.app.inject(exportRequest(sam))).statusCode, { timeout: 5_000 })
      .toBe(200);
  });

  it(`keeps the health check fast while ${CONCURRENT_EXPORTS} people export at once`, async () => {
    const idle: number[] = [];
    const address = await origin();
    for (let check = 0; check < 15; check++) idle.push(await timedHealthCheck(address));
    const baseline = median(idle);

    let exporting = true;
    const started = performance.now();
    const exports = Promise.all(people.map((person) => downloadExport(address, person))).finally(() => {
      exporting = false;
    });
    const during: number[] = [];
    while (exporting) {
      during.push(await timedHealthCheck(address));
    }
    const answers = await exports;
    const exportSeconds = (performance.now() - started) / 1000;

    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text.split('\r\n').filter(Boolean)).toHaveLength(ROWS_PER_PERSON + 1);
    }
    const worst = Math.max(...during);
    // The 90th percentile: one check that the operating system paused along with the whole
    // process says nothing about the exports.
    const slow = percentile(during, 0.9);
    const bound = Math.max(baseline * HEALTH_SLOWDOWN_FACTOR, HEALTH_FLOOR_MS);
    console.info(
      `health during ${CONCURRENT_EXPORTS} exports of ${ROWS_PER_PERSON} rows (${exportSeconds.toFixed(1)} s): ` +
        `idle median ${baseline.toFixed(1)} ms, ` +
        `during ${during.length} checks median ${median(during).toFixed(1)} ms, 90th percentile ${slow.toFixed(1)} ms, worst ${worst.toFixed(1)} ms ` +
        `(bound ${bound.toFixed(0)} ms)`,
    );
    expect(during.length).toBeGreaterThan(0);
    expect(slow).toBeLessThan(bound);
  }, 120_000);
});
