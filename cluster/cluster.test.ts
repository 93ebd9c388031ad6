/**
 * Three server instances on one PostgreSQL primary with a streaming replica, one Redis, HAProxy in
 * front: what must hold when the app runs on several machines. Started by cluster/run.sh
 * (`npm run test:cluster`), which provides the databases and Redis in CLUSTER_* variables.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { RATE_LIMITS } from '@ztart/shared/limits';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { reconcile } from '../apps/server/src/modules/ledger/service.ts';
import { type FundedPerson, prepareDatabase } from '../apps/server/src/test/money-people.ts';
import { type Answer, errorCodeOf, openLiveStream, send, sendUntilAnswered } from './client.ts';
import {
  type Balancer,
  type ClusterFolder,
  freePort,
  type Instance,
  startBalancer,
  startInstance,
  stopInstance,
  waitUntilReady,
} from './cluster.ts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the cluster test with npm run test:cluster`);
  return value;
}

const PRIMARY_URL = required('CLUSTER_PRIMARY_URL');
const REPLICA_URL = required('CLUSTER_REPLICA_URL');
const REDIS_URL = required('CLUSTER_REDIS_URL');
const FOLDER: ClusterFolder = {
  dir: required('CLUSTER_DIR'),
  pidFile: path.join(required('CLUSTER_DIR'), 'pids'),
};
/** The burst in which no background job may run twice (done-when 3 of the scale-out issue: 60 s). */
const BURST_SECONDS = Number(process.env.CLUSTER_BURST_SECONDS || 60);
const FUND_MINOR = 1_000_000;
const PEOPLE = 40;

const NAMES = ['a', 'b', 'c'] as const;
type Name = (typeof NAMES)[number];

let people: FundedPerson[] = [];
let checks: pg.Pool;
let replica: pg.Pool;
const instances = {} as Record<Name, Instance>;
const ports = {} as Record<Name, number>;
let balancer: Balancer;
let balancerPort: number;
const dataKeys = `cluster:${randomBytes(32).toString('base64')}`;
/** What every 201 moved, per person (available wallet), for the reconciliation. */
const moved = new Map<string, number>();
/** Transfers answered 201, per sender. */
const sent = new Map<string, number>();

function addMove(userId: string, amountMinor: number): void {
  moved.set(userId, (moved.get(userId) ?? 0) + amountMinor);
}

function instanceEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: PRIMARY_URL,
    DATABASE_READ_URL: REPLICA_URL,
    REDIS_URL,
    DATA_ENCRYPTION_KEYS: dataKeys,
    APP_URL: `http://127.0.0.1:${balancerPort}`,
    // HAProxy adds X-Forwarded-For; a request sent straight to an instance has none.
    TRUST_PROXY: '1',
    CARD_SETTLEMENT_DELAY_MS: '300',
    SETTLEMENT_POLL_MS: '200',
    // A stopping instance answers a second longer while HAProxy (checking every 0.5 s) takes it out.
    DRAIN_SECONDS: '1',
    ...extra,
  };
}

async function startAll(names: readonly Name[], extra: Record<string, string> = {}): Promise<void> {
  for (const name of names) {
    instances[name] = startInstance(FOLDER, { name, port: ports[name], env: instanceEnv(extra) });
  }
  await Promise.all(names.map((name) => waitUntilReady(instances[name])));
}

function person(n: number): FundedPerson {
  const found = people[n];
  if (!found) throw new Error(`no person ${n}`);
  return found;
}

/** A transfer through `baseUrl`, retried with its key until answered; counted in `moved` when 201. */
async function transfer(baseUrl: string, from: FundedPerson, to: FundedPerson, amountMinor: number) {
  const answer = await sendUntilAnswered(baseUrl, from, '/api/transfers', {
    recipient: to.ztartag,
    amountMinor,
    currency: 'USD',
  });
  if (answer.status === 201) {
    addMove(from.userId, -amountMinor);
    addMove(to.userId, amountMinor);
    sent.set(from.userId, (sent.get(from.userId) ?? 0) + 1);
  }
  return answer;
}

type LiveEventLike = { type: string; [key: string]: unknown };
const isTransactionOf = (amountMinor: number) => (event: LiveEventLike) =>
  event.type === 'transaction' &&
  (event.transaction as { amountMinor?: number } | undefined)?.amountMinor === amountMinor;

/**
 * Opens the receiver's live stream on `streamUrl` and on `writeUrl`, then sends them a transfer
 * through `writeUrl`. The stream on the writing instance must see it (the event was published);
 * answers whether the stream on the other one saw it too.
 */
async function liveEventCrosses(streamUrl: string, writeUrl: string, from: FundedPerson, to: FundedPerson) {
  const elsewhere = await openLiveStream(streamUrl, to);
  const here = await openLiveStream(writeUrl, to);
  try {
    const amountMinor = 100 + Math.floor(Math.random() * 9_000);
    const answer = await transfer(writeUrl, from, to, amountMinor);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const onWriter = await here.waitFor(isTransactionOf(amountMinor), 10_000);
    expect(onWriter, 'the instance that moved the money published no event').toBeDefined();
    const onOther = await elsewhere.waitFor(isTransactionOf(amountMinor), 5_000);
    return onOther !== undefined;
  } finally {
    elsewhere.close();
    here.close();
  }
}

beforeAll(async () => {
  const target = { kind: 'postgres' as const, pool: { connectionString: PRIMARY_URL } };
  people = await prepareDatabase(await openDatabase(target), {
    count: PEOPLE,
    fundMinor: FUND_MINOR,
    currency: 'USD',
    tagPrefix: 'cluster_',
  });
  checks = new pg.Pool({ connectionString: PRIMARY_URL, max: 2, application_name: 'cluster-check' });
  replica = new pg.Pool({ connectionString: REPLICA_URL, max: 1, application_name: 'cluster-check' });
  for (const name of NAMES) ports[name] = await freePort();
  balancerPort = await freePort();
  await startAll(NAMES);
  balancer = await startBalancer(
    FOLDER,
    NAMES.map((name) => ({ name, port: ports[name] })),
    { port: balancerPort },
  );
});

afterAll(async () => {
  await Promise.all(NAMES.map((name) => (instances[name] ? stopInstance(instances[name]) : undefined)));
  await balancer?.stop();
  await checks?.end();
  await replica?.end();
});

describe('three instances behind HAProxy', () => {
  it('shows a transfer made through instance A on a live stream open on instance C, and through HAProxy', async () => {
    expect(await liveEventCrosses(instances.c.baseUrl, instances.a.baseUrl, person(0), person(1))).toBe(true);
    expect(await liveEventCrosses(instances.a.baseUrl, instances.b.baseUrl, person(2), person(3))).toBe(true);
    // Through the balancer: round robin puts the stream and the transfer on instances of its choosing.
    const stream = await openLiveStream(balancer.baseUrl, person(5));
    try {
      const answer = await transfer(balancer.baseUrl, person(4), person(5), 4_321);
      expect(answer.status).toBe(201);
      expect(await stream.waitFor(isTransactionOf(4_321), 5_000)).toBeDefined();
    } finally {
      stream.close();
    }
  });

  it('counts sign-in attempts from one address together on every instance', async () => {
    const { max } = RATE_LIMITS.signInPerIp;
    const attempts = max + 10;
    const answers: Answer[] = [];
    // Each attempt for another address, so that only the per-IP limit (in Redis) can refuse them;
    // sent straight to A, B and C in turn, six at a time.
    let next = 0;
    const worker = async () => {
      while (next < attempts) {
        const i = next++;
        const instance = instances[NAMES[i % NAMES.length]!];
        answers.push(
          await send(instance.baseUrl, undefined, 'POST', '/api/auth/sign-in', {
            body: {
              email: `nobody-${i}-${randomUUID().slice(0, 8)}@example.com`,
              password: 'not-the-password-1',
            },
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    const limited = answers.filter((answer) => answer.status === 429);
    const refused = answers.filter((answer) => answer.status === 401);
    expect(limited.every((answer) => errorCodeOf(answer) === 'rate_limited')).toBe(true);
    // One instance alone would have seen a third of the attempts, all under the limit.
    expect(refused.length).toBe(max);
    expect(limited.length).toBe(attempts - max);
  });

  it(`settles each card deposit exactly once and runs no job twice over a ${BURST_SECONDS}-second burst`, async () => {
    const depositors = people.slice(20, 30);
    const cards = new Map<string, string>();
    for (const depositor of depositors) {
      const added = await sendUntilAnswered(balancer.baseUrl, depositor, '/api/payment-methods', {
        type: 'card',
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        cvc: '123',
        cardholderName: `Card of ${depositor.ztartag}`,
        billingAddress: { line1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      cards.set(depositor.userId, (added.body as { id: string }).id);
    }
    const deposits: Array<{ userId: string; transactionId: string; amountMinor: number }> = [];
    const stopAt = Date.now() + BURST_SECONDS * 1000;
    let turn = 0;
    // Three depositors at a time, each request to the next instance in turn (so every instance
    // creates charges and every instance's settlement worker may find them), while others transfer.
    const depositLoop = async (offset: number) => {
      while (Date.now() < stopAt) {
        const depositor = depositors[(turn + offset) % depositors.length]!;
        const instance = instances[NAMES[turn++ % NAMES.length]!];
        const amountMinor = 100 + Math.floor(Math.random() * 5_000);
        const answer = await sendUntilAnswered(instance.baseUrl, depositor, '/api/wallet/deposits', {
          paymentMethodId: cards.get(depositor.userId),
          amountMinor,
          currency: 'USD',
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        const transaction = (answer.body as { transaction: { id: string } }).transaction;
        deposits.push({ userId: depositor.userId, transactionId: transaction.id, amountMinor });
        addMove(depositor.userId, amountMinor);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const transferLoop = async (from: FundedPerson, to: FundedPerson) => {
      while (Date.now() < stopAt) {
        const answer = await transfer(balancer.baseUrl, from, to, 1 + Math.floor(Math.random() * 500));
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await Promise.all([
      depositLoop(0),
      depositLoop(3),
      depositLoop(6),
      transferLoop(person(30), person(31)),
      transferLoop(person(32), person(30)),
    ]);
    expect(deposits.length).toBeGreaterThan(BURST_SECONDS);

    // Every charge settles (CARD_SETTLEMENT_DELAY_MS 300, polled every 200 ms by each instance).
    const ids = deposits.map((deposit) => deposit.transactionId);
    const deadline = Date.now() + 30_000;
    let pending = ids.length;
    while (Date.now() < deadline) {
      const { rows } = await checks.query<{ pending: string }>(
        `SELECT count(*) AS pending FROM transactions WHERE id = ANY($1::uuid[]) AND status <> 'completed'`,
        [ids],
      );
      pending = Number(rows[0]!.pending);
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(pending, 'deposits still not completed').toBe(0);

    // Each settlement is one job execution: it writes one audit row per transaction and one
    // notification. Counted per transaction and per person: any settlement run twice shows.
    const audits = await checks.query<{ resource: string; runs: string }>(
      `SELECT resource, count(*) AS runs FROM audit_log
        WHERE action_type = 'deposit_completed' AND resource = ANY($1::text[]) GROUP BY resource`,
      [ids],
    );
    expect(audits.rows.length).toBe(ids.length);
    expect(audits.rows.filter((row) => Number(row.runs) !== 1)).toEqual([]);
    const notified = await checks.query<{ user_id: string; count: string }>(
      `SELECT user_id, count(*) AS count FROM notifications
        WHERE event = 'deposit_completed' AND user_id = ANY($1::uuid[]) GROUP BY user_id`,
      [depositors.map((depositor) => depositor.userId)],
    );
    for (const depositor of depositors) {
      const made = deposits.filter((deposit) => deposit.userId === depositor.userId).length;
      const row = notified.rows.find((candidate) => candidate.user_id === depositor.userId);
      expect(Number(row?.count ?? 0), `deposit notifications of ${depositor.ztartag}`).toBe(made);
    }
    const charges = await checks.query<{ total: string; settled: string }>(
      `SELECT count(*) AS total, count(settled_at) AS settled FROM sandbox_operations WHERE kind = 'charge'`,
    );
    expect(Number(charges.rows[0]!.total)).toBe(ids.length);
    expect(Number(charges.rows[0]!.settled)).toBe(ids.length);
    await expectLedgerReconciles();
  });

  it('reads lists from the replica, and a person who has just written reads their write at once', async () => {
    const { rows: standby } = await replica.query<{ standby: boolean }>(
      'SELECT pg_is_in_recovery() AS standby',
    );
    expect(standby[0]!.standby).toBe(true);
    // Scans of the transactions table on the replica: its statistics count only what ran there,
    // and the checks here never read that table.
    const replicaScans = async () => {
      const { rows } = await replica.query<{ scans: string }>(
        `SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) AS scans FROM pg_stat_user_tables
          WHERE relname = 'transactions'`,
      );
      return Number(rows[0]!.scans);
    };
    // The replica stops replaying: from now on it shows the ledger as it was.
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      const scansBefore = await replicaScans();
      const reader = person(35);
      const lists = 12;
      for (let i = 0; i < lists; i++) {
        const answer = await send(balancer.baseUrl, reader, 'GET', '/api/transactions');
        expect(answer.status).toBe(200);
      }
      // An idle backend reports its statistics within about ten seconds (PostgreSQL 15).
      let scansAfter = scansBefore;
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && scansAfter - scansBefore < lists) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        scansAfter = await replicaScans();
      }
      expect(scansAfter - scansBefore, 'lists read on the replica').toBeGreaterThanOrEqual(lists);
      const connected = await replica.query<{ count: string }>(
        `SELECT count(*) AS count FROM pg_stat_activity
          WHERE datname = current_database() AND backend_type = 'client backend'
            AND pid <> pg_backend_pid() AND application_name <> 'cluster-check'`,
      );
      expect(Number(connected.rows[0]!.count)).toBeGreaterThan(0);

      // A write through A, read back at once through C and HAProxy while the replica lags behind.
      const writer = person(36);
      const amountMinor = 7_777;
      const answer = await transfer(instances.a.baseUrl, writer, person(37), amountMinor);
      expect(answer.status).toBe(201);
      for (const instance of [instances.c, balancer]) {
        const list = await send(instance.baseUrl, writer, 'GET', '/api/transactions');
        expect(list.status).toBe(200);
        const items = (list.body as { items: Array<{ amountMinor: number; kind: string }> }).items;
        expect(items.some((item) => item.kind === 'transfer_out' && item.amountMinor === amountMinor)).toBe(
          true,
        );
      }
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
  });

  it('loses and doubles no money when an instance is killed in a burst of transfers', async () => {
    const senders = people.slice(0, 12);
    const keys: Array<{ from: FundedPerson; key: string; amountMinor: number; attempts: number }> = [];
    const stopAt = Date.now() + 8_000;
    const loop = async (from: FundedPerson, n: number) => {
      while (Date.now() < stopAt) {
        const to = person(12 + ((n + keys.length) % 8));
        const amountMinor = 1 + Math.floor(Math.random() * 1_000);
        const answer = await transfer(balancer.baseUrl, from, to, amountMinor);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        keys.push({ from, key: answer.idempotencyKey, amountMinor, attempts: answer.attempts });
      }
    };
    const burst = Promise.all(senders.map(loop));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const before = keys.length;
    instances.b.child.kill('SIGKILL');
    expect((await instances.b.exited).signal).toBe('SIGKILL');
    await burst;
    // The burst went on after the kill, through the two instances left.
    expect(keys.length).toBeGreaterThan(before);

    // Every key was moved once: one outgoing transaction per answered key, and the balances
    // below equal the funding plus exactly what the answered keys moved.
    const outgoing = await checks.query<{ user_id: string; count: string }>(
      `SELECT user_id, count(*) AS count FROM transactions
        WHERE kind = 'transfer_out' AND user_id = ANY($1::uuid[]) GROUP BY user_id`,
      [senders.map((sender) => sender.userId)],
    );
    const keyRows = await checks.query<{ scope: string; key: string }>(
      'SELECT scope, key FROM idempotency_keys WHERE key = ANY($1::text[])',
      [keys.map((entry) => entry.key)],
    );
    expect(keyRows.rows.length).toBe(keys.length);
    for (const sender of senders) {
      const row = outgoing.rows.find((candidate) => candidate.user_id === sender.userId);
      expect(Number(row?.count ?? 0), `transfers of ${sender.ztartag}`).toBe(sent.get(sender.userId) ?? 0);
    }
    await expectLedgerReconciles();
    // B stays down: HAProxy's health check has taken it out.
  });

  it('closes the live streams of a stopping instance, and they reconnect through HAProxy to another', async () => {
    // B was killed above: HAProxy alternates between A and C, so these two streams sit one on each.
    const receiver = person(8);
    const streams = [
      await openLiveStream(balancer.baseUrl, receiver),
      await openLiveStream(balancer.baseUrl, receiver),
    ];
    try {
      expect(streams.map((stream) => stream.servedBy()).sort()).toEqual(['a', 'c']);
      await stopInstance(instances.c);
      expect(await instances.c.exited).toEqual({ code: 0, signal: null });
      // The stream that was on C opens again (after the retry C gave it) through HAProxy, on A. While
      // C drained it may have landed on C once more, then been closed again: wait until both are on A.
      const onA = () => streams.every((stream) => stream.servedBy() === 'a');
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && !onA()) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(streams.map((stream) => stream.servedBy())).toEqual(['a', 'a']);
      expect(streams.map((stream) => stream.reconnections()).some((count) => count > 0)).toBe(true);
      const answer = await transfer(balancer.baseUrl, person(9), receiver, 2_468);
      expect(answer.status).toBe(201);
      for (const stream of streams)
        expect(await stream.waitFor(isTransactionOf(2_468), 10_000)).toBeDefined();
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('fails the live event check when the cross-instance channel is off (events stay in their instance)', async () => {
    await Promise.all(NAMES.map((name) => stopInstance(instances[name])));
    // The same cluster with only the switch changed: with it on, the first check passed.
    await startAll(['a', 'c'], { LIVE_EVENTS_CHANNEL: 'local' });
    expect(await liveEventCrosses(instances.c.baseUrl, instances.a.baseUrl, person(6), person(7))).toBe(
      false,
    );
  });
});

/**
 * The whole ledger: every currency sums to zero, every balance equals its transfers, no wallet
 * below zero, and each person's available wallet equals the funding plus what every answered
 * request of this file moved (none lost, none twice).
 */
async function expectLedgerReconciles(): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', pool: { connectionString: PRIMARY_URL, max: 2 } });
  try {
    const { accounts, totals } = await reconcile(database.db);
    for (const [currency, total] of Object.entries(totals)) expect(total, `${currency} sum`).toBe(0);
    for (const account of accounts) {
      expect(account.balanceMinor, `account ${account.accountId}`).toBe(account.transfersMinor);
      if (account.kind.startsWith('wallet_')) expect(account.balanceMinor).toBeGreaterThanOrEqual(0);
    }
    for (const someone of people) {
      const available = accounts.find(
        (account) => account.ownerId === someone.userId && account.kind === 'wallet_available',
      );
      expect(available?.balanceMinor, `available of ${someone.ztartag}`).toBe(
        someone.fundedMinor + (moved.get(someone.userId) ?? 0),
      );
    }
  } finally {
    await database.close();
  }
}
