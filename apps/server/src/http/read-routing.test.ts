import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, cookiesOf } from '../test/accounts.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { createTestClock } from '../test/test-clock.ts';
import { TEST_DATABASE_URL } from '../test/test-database.ts';
import { createPerson, fund, postTransfer, ROOMY_RATE_LIMITS } from '../test/transfer-fixtures.ts';
import { READ_PRIMARY_COOKIE } from './read-routing.ts';

describe.runIf(TEST_DATABASE_URL)('heavy reads with a read replica (DATABASE_READ_URL)', () => {
  let testApp: TestApp;
  const clock = createTestClock();
  beforeAll(async () => {
    testApp = await buildTestApp({ replica: true, rateLimits: ROOMY_RATE_LIMITS, now: clock.now });
  });
  afterAll(() => testApp.close());

  it('lists transactions, analytics and CSV exports from the replica for a person who has not written lately', async () => {
    const { app, database } = testApp;
    const person = await createPerson(app, database.db);
    const before = { ...app.reads.counts };

    for (const url of ['/api/transactions?q=coffee', '/api/analytics', '/api/transactions/export.csv']) {
      const answer = await app.inject(as(person, { method: 'GET', url }));
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['set-cookie'] ?? '').not.toContain(READ_PRIMARY_COOKIE);
    }

    expect(app.reads.counts.replica - before.replica).toBe(3);
    expect(app.reads.counts.primary).toBe(before.primary);
    // The replica's own pool (application_name ztart-read) answered.
    expect(database.replica!.poolStats().total).toBeGreaterThan(0);
  });

  it('reads a person’s own write from the primary right after it, through any instance, then the replica again', async () => {
    const { app, database } = testApp;
    const sender = await createPerson(app, database.db);
    const recipient = await createPerson(app, database.db);
    await fund(database.db, sender.userId, 2_000);

    const sent = await postTransfer(app, sender, { recipient: recipient.ztartag, amountMinor: 250 });
    expect(sent.statusCode).toBe(201);
    const mark = cookiesOf(sent)[READ_PRIMARY_COOKIE];
    expect(Number(mark)).toBe(clock.now().getTime() + 10_000);

    const before = { ...app.reads.counts };
    const list = await app.inject(
      as(sender, { method: 'GET', url: '/api/transactions', cookies: { [READ_PRIMARY_COOKIE]: mark! } }),
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({ kind: 'transfer_out', amountMinor: 250 });
    expect(app.reads.counts.primary - before.primary).toBe(1);
    expect(app.reads.counts.replica).toBe(before.replica);

    clock.advance({ seconds: 11 });
    await app.inject(
      as(sender, { method: 'GET', url: '/api/transactions', cookies: { [READ_PRIMARY_COOKIE]: mark! } }),
    );
    expect(app.reads.counts.replica - before.replica).toBe(1);
  });

  it('sets no mark for a refused write', async () => {
    const { app, database } = testApp;
    const sender = await createPerson(app, database.db);
    const refused = await postTransfer(app, sender, { recipient: 'nobody_here_at_all', amountMinor: 250 });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(cookiesOf(refused)[READ_PRIMARY_COOKIE]).toBeUndefined();
  });
});

describe('heavy reads without a read replica', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  it('all go to the primary, and a write sets no mark', async () => {
    const { app, database } = testApp;
    const sender = await createPerson(app, database.db);
    const recipient = await createPerson(app, database.db);
    await fund(database.db, sender.userId, 2_000);

    const sent = await postTransfer(app, sender, { recipient: recipient.ztartag, amountMinor: 100 });
    expect(sent.statusCode).toBe(201);
    expect(cookiesOf(sent)[READ_PRIMARY_COOKIE]).toBeUndefined();
    const list = await app.inject(as(sender, { method: 'GET', url: '/api/transactions' }));
    expect(list.json().items[0]).toMatchObject({ kind: 'transfer_out', amountMinor: 100 });
    expect(app.reads.counts).toEqual({ replica: 0, primary: 0 });
    expect(database.replica).toBeUndefined();
  });
});
