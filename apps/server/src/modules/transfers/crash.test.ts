import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MoneyMovementResponse } from '@ztart/shared/contracts/wallet';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, type DatabaseTarget, openDatabase } from '../../db/client.ts';
import {
  type CommitSwallowingProxy,
  startCommitSwallowingProxy,
} from '../../test/commit-swallowing-proxy.ts';
import { type FundedPerson, prepareDatabase, sessionHeaders } from '../../test/money-people.ts';
import {
  killLeftoverServers,
  type ServerProcess,
  spawnServer,
  waitUntilHealthy,
} from '../../test/server-process.ts';
import { createTestSchema, dropTestSchema, TEST_DATABASE_URL } from '../../test/test-database.ts';
import { auditLog } from '../activity/tables.ts';
import { idempotencyKeys } from '../idempotency/tables.ts';
import { reconcile } from '../ledger/service.ts';
import { ledgerAccounts, ledgerTransfers } from '../ledger/tables.ts';
import { notifications } from '../notifications/tables.ts';
import { transactions } from '../transactions/tables.ts';

const PEOPLE = 8;
const FUND_MINOR = 1_000_000;
const TRANSFERS = 200;
/** The process is killed when this many answers have come back: the rest are in flight or queued. */
const KILL_AFTER_ANSWERS = 25;
/**
 * Through the proxy: commits that went through without the server hearing so, before the kill.
 * One: each is a batch of transfers, and the server runs one batch of movements at a time.
 */
const SWALLOWED_COMMITS = 1;
const RETRY_ATTEMPTS = 5;
/**
 * With concurrent retries: how many requests carry each key at the same moment — in the burst (a
 * client that sent again while its first try was still out), and again after the restart.
 */
const CONCURRENT_COPIES = 3;

afterEach(() => killLeftoverServers());

/** Where the server keeps its data, how to start it there, and how a test opens the same data. */
interface Target {
  env: Record<string, string>;
  /** The server that is killed talks to its database through this proxy (PostgreSQL only). */
  proxy?: { env: Record<string, string>; swallower: CommitSwallowingProxy };
  database: DatabaseTarget;
  cleanUp(): Promise<void>;
}

function pgliteTarget(): Target {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ztart-crash-'));
  return {
    env: { DATA_DIR: dataDir },
    database: { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const schemaName = await createTestSchema(url);
  const databaseUrl = new URL(url);
  databaseUrl.searchParams.set('options', `-c search_path=${schemaName}`);
  const swallower = await startCommitSwallowingProxy({
    host: databaseUrl.hostname,
    port: Number(databaseUrl.port || 5432),
    // A batch of transfers is one statement, its own transaction.
    // A transfer's commit: its movement by itself, or a COMMIT of a transaction that moved money
    // (not one of the background work's, such as an award of XP after a transfer).
    commits: (statement, transaction) =>
      statement.includes('ledger_movement(') ||
      (statement.startsWith('commit') && transaction.some((sent) => sent.includes('ledger_movement('))),
  });
  const throughProxy = new URL(databaseUrl);
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(swallower.port);
  return {
    env: { DATABASE_URL: databaseUrl.toString() },
    proxy: { env: { DATABASE_URL: throughProxy.toString() }, swallower },
    database: { kind: 'postgres', pool: { connectionString: url, options: `-c search_path=${schemaName}` } },
    cleanUp: async () => {
      await swallower.close();
      await dropTestSchema(url, schemaName);
    },
  };
}

interface PlannedTransfer {
  key: string;
  sender: FundedPerson;
  recipient: FundedPerson;
  body: { recipient: string; amountMinor: number; currency: 'USD'; note: string };
}

type Outcome = { status: number; body: unknown } | { error: string };

function planTransfers(people: FundedPerson[]): PlannedTransfer[] {
  return Array.from({ length: TRANSFERS }, (_, i) => {
    const sender = people[randomInt(people.length)]!;
    const others = people.filter((person) => person !== sender);
    const recipient = others[randomInt(others.length)]!;
    return {
      key: `crash-${i}-${randomUUID()}`,
      sender,
      recipient,
      body: {
        recipient: `@${recipient.ztartag}`,
        amountMinor: randomInt(1, 501),
        currency: 'USD',
        note: `#${i}`,
      },
    };
  });
}

async function send(
  server: ServerProcess,
  planned: PlannedTransfer,
  body: object = planned.body,
): Promise<Outcome> {
  try {
    const answer = await fetch(`${server.baseUrl}/api/transfers`, {
      method: 'POST',
      headers: {
        ...sessionHeaders(planned.sender),
        'content-type': 'application/json',
        'idempotency-key': planned.key,
      },
      body: JSON.stringify(body),
    });
    return { status: answer.status, body: await answer.json() };
  } catch (error) {
    return { error: String(error) };
  }
}

/** What a client does after a 5xx: the same request with the same key again, a few times. */
async function sendUntilAnswered(server: ServerProcess, planned: PlannedTransfer): Promise<Outcome> {
  let outcome = await send(server, planned);
  for (
    let attempt = 1;
    attempt < RETRY_ATTEMPTS && !('status' in outcome && outcome.status < 500);
    attempt++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    outcome = await send(server, planned);
  }
  return outcome;
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  // No settlement rounds: the only money the server moves is the transfers'.
  const server = await spawnServer({ ...env, SEED: 'false', SETTLEMENT_POLL_MS: '0' });
  await waitUntilHealthy(server);
  return server;
}

/**
 * Sends every transfer at once and kills the process outright after the first answers. Through
 * the proxy, the kill waits until a few transfers have committed without their answer reaching
 * the server; returns how many.
 */
async function burstAndKill(server: ServerProcess, sends: PlannedTransfer[], target: Target) {
  let answers = 0;
  let unansweredCommits = 0;
  const kill = async () => {
    const swallower = target.proxy?.swallower;
    if (swallower) {
      swallower.arm();
      const deadline = Date.now() + 10_000;
      while (swallower.swallowedCommits() < SWALLOWED_COMMITS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      unansweredCommits = swallower.swallowedCommits();
      // The COMMITs were passed on before the kill: PostgreSQL finishes them even as the connection drops.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    server.child.kill('SIGKILL');
  };
  let killed: Promise<void> | undefined;
  const outcomes = await Promise.all(
    sends.map(async (planned) => {
      const outcome = await send(server, planned);
      if ('status' in outcome && ++answers === KILL_AFTER_ANSWERS) killed = kill();
      return outcome;
    }),
  );
  await killed;
  expect(await server.exited).toMatchObject({ signal: 'SIGKILL' });
  return { outcomes, unansweredCommits };
}

/** What the data holds of each planned transfer: its stored answer and everything it wrote, or nothing. */
async function inspect(target: Target, plan: PlannedTransfer[]) {
  const database = await openDatabase(target.database);
  try {
    await expectSoundLedger(database);
    const { db } = database;
    const keyRows = await db
      .select()
      .from(idempotencyKeys)
      .where(
        inArray(
          idempotencyKeys.key,
          plan.map((planned) => planned.key),
        ),
      );
    const applied = new Map<string, unknown>();
    for (const planned of plan) {
      const row = keyRows.find((candidate) => candidate.key === planned.key);
      if (!row) continue;
      expect(row.scope).toBe(planned.sender.userId);
      expect(row.statusCode, `key ${planned.key}`).toBe(201);
      await expectFullyApplied(database, planned, row.response as MoneyMovementResponse);
      applied.set(planned.key, row.response);
    }
    // Nothing else was written: every transaction row, ledger transfer, audit row and notification
    // of a transfer belongs to one of the stored keys.
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    expect(keyRows).toHaveLength(applied.size);
    expect(await count(db.select().from(transactions).where(eq(transactions.kind, 'transfer_out')))).toBe(
      applied.size,
    );
    expect(await count(db.select().from(transactions).where(eq(transactions.kind, 'transfer_in')))).toBe(
      applied.size,
    );
    expect(await count(db.select().from(ledgerTransfers).where(eq(ledgerTransfers.code, 'transfer')))).toBe(
      applied.size,
    );
    expect(await count(db.select().from(auditLog).where(eq(auditLog.actionType, 'transfer_sent')))).toBe(
      applied.size,
    );
    expect(
      await count(db.select().from(notifications).where(eq(notifications.event, 'transfer_received'))),
    ).toBe(applied.size);
    await expectBalances(database, plan, applied);
    return applied;
  } finally {
    await database.close();
  }
}

async function expectSoundLedger(database: Database): Promise<void> {
  const { accounts, totals } = await reconcile(database.db);
  for (const total of Object.values(totals)) expect(total).toBe(0);
  for (const account of accounts) {
    expect(account.balanceMinor, `account ${account.accountId}`).toBe(account.transfersMinor);
    if (account.kind.startsWith('wallet_')) expect(account.balanceMinor).toBeGreaterThanOrEqual(0);
  }
}

/** Both people's transaction rows, one ledger transfer between their wallets, the audit row and the notification. */
async function expectFullyApplied(
  database: Database,
  planned: PlannedTransfer,
  answer: MoneyMovementResponse,
) {
  const { db } = database;
  const [sent] = await db.select().from(transactions).where(eq(transactions.id, answer.transaction.id));
  expect(sent).toMatchObject({
    userId: planned.sender.userId,
    kind: 'transfer_out',
    status: 'completed',
    amountMinor: planned.body.amountMinor,
    note: planned.body.note,
  });
  const group = await db.select().from(transactions).where(eq(transactions.groupId, sent!.groupId));
  expect(group).toHaveLength(2);
  const received = group.find((row) => row.id !== sent!.id)!;
  expect(received).toMatchObject({
    userId: planned.recipient.userId,
    kind: 'transfer_in',
    amountMinor: planned.body.amountMinor,
    ledgerBatchId: sent!.ledgerBatchId,
  });
  const moved = await db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.batchId, sent!.ledgerBatchId!));
  expect(moved).toHaveLength(1);
  const [from] = await availableAccount(database, planned.sender.userId);
  const [to] = await availableAccount(database, planned.recipient.userId);
  expect(moved[0]).toMatchObject({
    debitAccountId: from!.id,
    creditAccountId: to!.id,
    amountMinor: planned.body.amountMinor,
    state: 'posted',
  });
  const audit = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actionType, 'transfer_sent'), eq(auditLog.resource, `transaction:${sent!.id}`)));
  expect(audit).toHaveLength(1);
  const told = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, planned.recipient.userId));
  expect(told.filter((row) => row.data.transactionId === received.id)).toHaveLength(1);
}

function availableAccount(database: Database, userId: string) {
  return database.db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.kind, 'wallet_available')));
}

/** Each wallet holds its funding, less what it sent and plus what it received, by the applied transfers only. */
async function expectBalances(database: Database, plan: PlannedTransfer[], applied: Map<string, unknown>) {
  const expected = new Map<string, number>();
  for (const planned of plan) {
    for (const person of [planned.sender, planned.recipient]) expected.set(person.userId, person.fundedMinor);
  }
  for (const planned of plan) {
    if (!applied.has(planned.key)) continue;
    const { amountMinor } = planned.body;
    expected.set(planned.sender.userId, expected.get(planned.sender.userId)! - amountMinor);
    expected.set(planned.recipient.userId, expected.get(planned.recipient.userId)! + amountMinor);
  }
  for (const [userId, balanceMinor] of expected) {
    const [account] = await availableAccount(database, userId);
    expect(account?.balanceMinor, `wallet of ${userId}`).toBe(balanceMinor);
  }
}

/**
 * `copies`: how many requests carry each key at once, in the burst and in the retries after the
 * restart (1: each key one request at a time).
 */
async function crashAndRecover(target: Target, copies: number): Promise<void> {
  const people = await prepareDatabase(await openDatabase(target.database), {
    count: PEOPLE,
    fundMinor: FUND_MINOR,
    currency: 'USD',
  });
  const plan = planTransfers(people);

  const first = await startServer(target.proxy?.env ?? target.env);
  const sends = plan.flatMap((planned) => Array.from({ length: copies }, () => planned));
  const { outcomes, unansweredCommits } = await burstAndKill(first, sends, target);
  const answered = outcomes.filter((outcome) => 'status' in outcome);
  expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
  // The kill came in the middle of the burst: some requests never got an answer.
  expect(answered.length, first.output()).toBeLessThan(sends.length);
  // A busy server may refuse with 500 transfer_failed (no connection free in time): moved nothing,
  // checked below; 503 says the outcome is unknown, which the retries below settle.
  for (const outcome of answered) expect([201, 500, 503]).toContain((outcome as { status: number }).status);

  const afterCrash = await inspect(target, plan);
  // An answer the client received was committed, and is kept as it was sent.
  sends.forEach((planned, i) => {
    const outcome = outcomes[i]!;
    if (!('status' in outcome) || outcome.status === 503) return;
    if (outcome.status === 201) expect(afterCrash.get(planned.key)).toEqual(outcome.body);
    else expect(afterCrash.has(planned.key), `refused ${planned.key} moved money`).toBe(false);
  });
  // Committed while the client got no answer: the retry below must answer these as they were.
  const answeredKeys = new Set(
    sends.filter((_, i) => (outcomes[i] as { status?: number }).status === 201).map(({ key }) => key),
  );
  const appliedUnanswered = plan.filter(
    (planned) => afterCrash.has(planned.key) && !answeredKeys.has(planned.key),
  );
  if (target.proxy) expect(unansweredCommits).toBeGreaterThanOrEqual(SWALLOWED_COMMITS);
  expect(appliedUnanswered.length).toBeGreaterThanOrEqual(unansweredCommits);

  const second = await startServer(target.env);
  const retries = await Promise.all(
    plan.map((planned) =>
      Promise.all(Array.from({ length: copies }, () => sendUntilAnswered(second, planned))),
    ),
  );
  plan.forEach((planned, i) => {
    for (const retry of retries[i]!) {
      expect(retry, `${planned.key}: ${JSON.stringify(retry)}\n${second.output()}`).toMatchObject({
        status: 201,
      });
      // Every copy answers the one transfer; applied before the crash: the first answer again.
      expect((retry as { body: unknown }).body).toEqual((retries[i]![0] as { body: unknown }).body);
      if (afterCrash.has(planned.key))
        expect((retry as { body: unknown }).body).toEqual(afterCrash.get(planned.key));
    }
  });
  const changed = await send(second, plan[0]!, {
    ...plan[0]!.body,
    amountMinor: plan[0]!.body.amountMinor + 1,
  });
  expect(changed).toMatchObject({ status: 409, body: { error: { code: 'idempotency_conflict' } } });
  second.child.kill('SIGTERM');
  expect(await second.exited).toEqual({ code: 0, signal: null });

  // Each transfer applied exactly once: one kept key, one of each row, balances moved by it once.
  const afterRetries = await inspect(target, plan);
  expect(afterRetries.size).toBe(TRANSFERS);
  plan.forEach((planned, i) => {
    expect(afterRetries.get(planned.key)).toEqual((retries[i]![0] as { body: unknown }).body);
  });
}

describe('transfers when the server process is killed in the middle of a burst', () => {
  for (const { copies, how } of [
    { copies: 1, how: 'one request per key' },
    { copies: CONCURRENT_COPIES, how: `${CONCURRENT_COPIES} concurrent requests per key` },
  ]) {
    // The PostgreSQL run (TEST_DATABASE_URL) has nothing to add to this one: `npm test` runs it.
    it.skipIf(TEST_DATABASE_URL)(
      `on the embedded database, ${how}: each transfer is applied once or not at all, and a retry completes it`,
      async () => {
        const target = pgliteTarget();
        try {
          await crashAndRecover(target, copies);
        } finally {
          await target.cleanUp();
        }
      },
      240_000,
    );

    it.runIf(TEST_DATABASE_URL)(
      `on PostgreSQL, with COMMIT acknowledgements swallowed, ${how}: each transfer is applied exactly once after the retries`,
      async () => {
        const target = await postgresTarget(TEST_DATABASE_URL!);
        try {
          await crashAndRecover(target, copies);
        } finally {
          await target.cleanUp();
        }
      },
      240_000,
    );
  }
});
