import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import {
  type CommitSwallowingProxy,
  startCommitSwallowingProxy,
} from '../../test/commit-swallowing-proxy.ts';
import { type FundedPerson, prepareDatabase, sessionHeaders } from '../../test/money-people.ts';
import { testConfig } from '../../test/test-app.ts';
import { createTestSchema, dropTestSchema, TEST_DATABASE_URL } from '../../test/test-database.ts';
import { idempotencyKeys } from '../idempotency/tables.ts';
import { reconcile } from '../ledger/service.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { transactions } from '../transactions/tables.ts';

const FUND_MINOR = 100_000;
/** Requests with one key sent at the same moment, as a client retrying while its first try is still out. */
const CONCURRENT_RETRIES = 3;

/**
 * A running server whose database connection breaks right after PostgreSQL received a COMMIT (the
 * proxy passes it on, swallows the acknowledgement and closes the connection). The transfer is
 * kept, but the server cannot know it: it must neither claim that nothing moved nor run it again.
 */
describe.runIf(TEST_DATABASE_URL)(
  'transfers whose database connection is lost after COMMIT (PostgreSQL)',
  () => {
    const url = TEST_DATABASE_URL!;
    let schemaName: string;
    let proxy: CommitSwallowingProxy;
    let database: Database;
    let app: App;
    let people: FundedPerson[];

    beforeAll(async () => {
      schemaName = await createTestSchema(url);
      const options = `-c search_path=${schemaName}`;
      people = await prepareDatabase(
        await openDatabase({ kind: 'postgres', pool: { connectionString: url, options } }),
        {
          count: 4,
          fundMinor: FUND_MINOR,
          currency: 'USD',
        },
      );
      const direct = new URL(url);
      proxy = await startCommitSwallowingProxy({
        host: direct.hostname,
        port: Number(direct.port || 5432),
        // A batch of transfers is one statement, its own transaction.
        commits: (statement) => statement.startsWith('commit') || statement.includes('ledger_movement('),
      });
      const throughProxy = new URL(url);
      throughProxy.hostname = '127.0.0.1';
      throughProxy.port = String(proxy.port);
      database = await openDatabase({
        kind: 'postgres',
        pool: { connectionString: throughProxy.toString(), options, max: 4 },
      });
      app = await buildApp({ config: testConfig(), database, uniformAnswerMs: 0 });
    }, 60_000);

    afterAll(async () => {
      await app?.close();
      await proxy?.close();
      await dropTestSchema(url, schemaName);
    });

    const send = (sender: FundedPerson, recipient: FundedPerson, key: string, amountMinor: number) =>
      app.inject({
        method: 'POST',
        url: '/api/transfers',
        headers: { ...sessionHeaders(sender), 'idempotency-key': key },
        payload: { recipient: `@${recipient.ztartag}`, amountMinor, currency: 'USD' },
      });

    interface Planned {
      key: string;
      sender: FundedPerson;
      recipient: FundedPerson;
      amountMinor: number;
    }

    /** Sends each planned transfer again, several times at once: every answer is the one transfer. */
    async function retryConcurrently(plan: Planned[]) {
      const answers = await Promise.all(
        plan.map(({ sender, recipient, key, amountMinor }) =>
          Promise.all(
            Array.from({ length: CONCURRENT_RETRIES }, () => send(sender, recipient, key, amountMinor)),
          ),
        ),
      );
      for (const [i, same] of answers.entries()) {
        for (const answer of same) expect(answer.statusCode, `${plan[i]!.key}: ${answer.body}`).toBe(201);
        expect(new Set(same.map((answer) => answer.body)).size).toBe(1);
      }
      return answers.map((same) => same[0]!.json());
    }

    /** Each planned transfer is kept exactly once, and the wallets hold their funding moved by exactly those. */
    async function expectAppliedOnce(plan: Planned[]) {
      const { db } = database;
      for (const { key, sender } of plan) {
        const kept = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
        expect(kept, key).toHaveLength(1);
        expect(kept[0]).toMatchObject({ scope: sender.userId, statusCode: 201 });
      }
      const expected = new Map(people.map((person) => [person.userId, FUND_MINOR]));
      for (const { sender, recipient, amountMinor } of plan) {
        expected.set(sender.userId, expected.get(sender.userId)! - amountMinor);
        expected.set(recipient.userId, expected.get(recipient.userId)! + amountMinor);
      }
      for (const [userId, balanceMinor] of expected) {
        const [wallet] = await db
          .select()
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.ownerId, userId), eq(ledgerAccounts.kind, 'wallet_available')));
        expect(wallet?.balanceMinor, `wallet of ${userId}`).toBe(balanceMinor);
      }
      const sent = await db.select().from(transactions).where(eq(transactions.kind, 'transfer_out'));
      expect(sent).toHaveLength(plan.length);
      const { accounts, totals } = await reconcile(db);
      for (const total of Object.values(totals)) expect(total).toBe(0);
      for (const account of accounts) expect(account.balanceMinor).toBe(account.transfersMinor);
    }

    const plan: Planned[] = [];

    it('answers 503 outcome_unknown for a transfer whose COMMIT was not acknowledged, and its retry answers the transfer, applied once', async () => {
      const [sender, recipient] = people as [FundedPerson, FundedPerson];
      const planned = { key: randomUUID(), sender, recipient, amountMinor: 1_234 };
      plan.push(planned);
      proxy.arm({ once: true, drop: true });

      const first = await send(sender, recipient, planned.key, planned.amountMinor);

      expect(proxy.swallowedCommits()).toBe(1);
      expect(first.statusCode, first.body).toBe(503);
      expect(first.json().error.code).toBe('outcome_unknown');
      expect(first.headers['retry-after']).toBe('1');
      const [answer] = await retryConcurrently([planned]);
      expect(answer.transaction).toMatchObject({ amountMinor: 1_234, kind: 'transfer_out' });
      await expectAppliedOnce(plan);
    });

    it('runs no transfer of a batch again when its COMMIT was not acknowledged: each answers 201 or outcome_unknown, and retries apply each once', async () => {
      const burst: Planned[] = Array.from({ length: 16 }, (_, i) => {
        const sender = people[i % people.length]!;
        const recipient = people[(i + 1) % people.length]!;
        return { key: randomUUID(), sender, recipient, amountMinor: 100 + i };
      });
      plan.push(...burst);
      proxy.arm({ once: true, drop: true });

      const answers = await Promise.all(
        burst.map(({ sender, recipient, key, amountMinor }) => send(sender, recipient, key, amountMinor)),
      );

      const unknown = answers.filter((answer) => answer.statusCode === 503);
      for (const answer of answers) {
        if (answer.statusCode === 201) continue;
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.json().error.code).toBe('outcome_unknown');
      }
      // The batch that lost its connection was told so, every transfer of it: none was run again alone.
      expect(unknown.length).toBeGreaterThan(0);
      const retried = await retryConcurrently(burst);
      burst.forEach((_, i) => {
        if (answers[i]!.statusCode === 201) expect(retried[i]).toEqual(answers[i]!.json());
      });
      await expectAppliedOnce(plan);
    });
  },
);
