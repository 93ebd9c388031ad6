import type { AddressInfo } from 'node:net';
import type { ObservatorySnapshot } from '@ztart/shared/contracts/admin';
import { eq } from 'drizzle-orm';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { fund } from '../../test/transfer-fixtures.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { userRoles } from '../profiles/tables.ts';
import { percentile, routeGroupOf } from './metrics.ts';

const METRICS_TOKEN = 'a-long-enough-metrics-token';

describe('the observatory', () => {
  let testApp: TestApp;
  let person: SignedInPerson;
  let expert: SignedInPerson;

  beforeAll(async () => {
    testApp = await buildTestApp({ config: { metricsToken: METRICS_TOKEN } });
    person = await signUpAndSignIn(testApp.app);
    expert = await signUpAndSignIn(testApp.app);
    await testApp.database.db.insert(userRoles).values({ userId: expert.userId, role: 'expert' });
  });
  afterAll(() => testApp.close());

  const snapshotOf = async (who: SignedInPerson) => {
    const answer = await testApp.app.inject(as(who, { method: 'GET', url: '/api/observatory' }));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<ObservatorySnapshot>();
  };
  const scrape = () =>
    testApp.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });

  it('shows service status, request figures per route group and money movements; system metrics only with the capability', async () => {
    await fund(testApp.database.db, person.userId, 1_000);
    for (let n = 0; n < 5; n++) await testApp.app.inject(as(person, { method: 'GET', url: '/api/wallet' }));
    const snapshot = await snapshotOf(person);
    expect(snapshot.services).toEqual({ database: 'up', redis: 'not_configured', mail: 'not_configured' });
    const wallet = snapshot.routes.find((route) => route.group === 'wallet');
    expect(wallet?.requestsPerMinute).toBeGreaterThanOrEqual(5);
    expect(wallet?.p99Ms).toBeGreaterThanOrEqual(wallet?.p50Ms ?? 0);
    expect(snapshot.moneyMovements).toHaveLength(30);
    expect(snapshot.moneyMovements.at(-1)?.count).toBeGreaterThanOrEqual(1);
    expect(snapshot.system).toBeNull();

    const forExpert = await snapshotOf(expert);
    expect(forExpert.system?.rssBytes).toBeGreaterThan(0);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/observatory' })).statusCode).toBe(401);
  });

  it('runs the ledger invariant check once per period, whichever instance claims it, and shows the result', async () => {
    const first = await testApp.app.invariantChecker.runOnce(new Date('2026-01-01T10:00:05Z'));
    expect(first).toMatchObject({ ok: true, differences: 0 });
    expect(await testApp.app.invariantChecker.runOnce(new Date('2026-01-01T10:00:40Z'))).toBeNull();
    const snapshot = await snapshotOf(person);
    expect(snapshot.invariant).toMatchObject({ ok: true, differences: 0 });

    // A balance changed by hand: the next period's check finds it.
    const db = testApp.database.db;
    const [account] = await db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'wallet_available'))
      .limit(1);
    await db
      .update(ledgerAccounts)
      .set({ balanceMinor: account!.balanceMinor + 5 })
      .where(eq(ledgerAccounts.id, account!.id));
    const broken = await testApp.app.invariantChecker.runOnce(new Date('2026-01-01T10:01:05Z'));
    await db
      .update(ledgerAccounts)
      .set({ balanceMinor: account!.balanceMinor })
      .where(eq(ledgerAccounts.id, account!.id));
    expect(broken?.ok).toBe(false);
  });

  it('serves valid Prometheus text behind its bearer token, whose request counters grow with traffic', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: 'Bearer wrong' },
        })
      ).statusCode,
    ).toBe(401);

    const requestsOf = async () => {
      const answer = await scrape();
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      const families = parsePrometheusTextFormat(answer.body);
      const requests = families.find((family) => family.name === 'ztart_http_requests_total');
      expect(requests?.type).toBe('COUNTER');
      expect(families.find((family) => family.name === 'ztart_http_request_duration_seconds')?.type).toBe(
        'HISTOGRAM',
      );
      expect(families.find((family) => family.name === 'ztart_service_up')?.metrics).toEqual(
        expect.arrayContaining([{ labels: { service: 'database' }, value: '1' }]),
      );
      const wallet = requests?.metrics.filter((metric) => metric.labels?.group === 'wallet') ?? [];
      return wallet.reduce((sum, metric) => sum + Number(metric.value), 0);
    };
    const before = await requestsOf();
    for (let n = 0; n < 3; n++) await testApp.app.inject(as(person, { method: 'GET', url: '/api/wallet' }));
    expect(await requestsOf()).toBe(before + 3);
  });

  it('has no /metrics without a token configured', async () => {
    const other = await buildTestApp();
    try {
      expect((await other.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('streams snapshots over Server-Sent Events', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/observatory/events`, {
      signal: controller.signal,
      headers: { cookie: `session=${person.sessionToken}; csrf_token=${person.csrfToken}` },
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('event: snapshot\ndata: ') || !text.endsWith('\n\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    controller.abort();
    const data = text.split('event: snapshot\ndata: ')[1]!.trim();
    const event = JSON.parse(data);
    expect(event.type).toBe('snapshot');
    expect(event.snapshot.services.database).toBe('up');
  });
});

describe('request figures', () => {
  it('groups routes by their first segment after /api', () => {
    expect(routeGroupOf('/api/transfers/:id')).toBe('transfers');
    expect(routeGroupOf('/metrics')).toBe('metrics');
    expect(routeGroupOf('/*')).toBe('web');
    expect(routeGroupOf(undefined)).toBe('unmatched');
  });

  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([], 99)).toBe(0);
  });
});
