import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../integrations/card-processor/sandbox.ts';
import { uniqueIp } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { postTip, ROOMY_TIP_RATE_LIMITS, testCard } from '../../test/tip-fixtures.ts';
import { createPerson, type Person } from '../../test/transfer-fixtures.ts';
import { auditLog } from '../activity/tables.ts';
import { ANONYMOUS_DECLINE_CODE } from './service.ts';
import { tips } from './tables.ts';

/**
 * Card testing: someone with a list of stolen numbers tries each on a quick tip, without an
 * account, to learn which cards are alive. Whatever the bank said, they learn only "declined".
 */
describe('a refused card on a quick tip (card testing)', () => {
  let testApp: TestApp;
  let receiver: Person;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n')));
    testApp = await buildTestApp({
      rateLimits: ROOMY_TIP_RATE_LIMITS,
      config: { logLevel: 'info' },
      logStream,
    });
    receiver = await createPerson(testApp.app, testApp.database.db);
  });
  afterAll(() => testApp.close());

  const refusedTipOf = async (ip: string) => {
    const [row] = await testApp.database.db.select().from(tips).where(eq(tips.payerIp, ip));
    return row!;
  };

  it('tells a payer without an account the same thing for a declined card and for a card without funds', async () => {
    const declinedIp = uniqueIp();
    const emptyIp = uniqueIp();

    const declined = await postTip(
      testApp.app,
      { receiver: receiver.ztartag, card: testCard(SANDBOX_TEST_CARDS.declined) },
      { ip: declinedIp },
    );
    const withoutFunds = await postTip(
      testApp.app,
      { receiver: receiver.ztartag, card: testCard(SANDBOX_TEST_CARDS.insufficientFunds) },
      { ip: emptyIp },
    );

    expect(declined.statusCode).toBe(402);
    expect(withoutFunds.statusCode).toBe(402);
    expect(withoutFunds.json().error.code).toBe(ANONYMOUS_DECLINE_CODE);
    expect(withoutFunds.json()).toEqual(declined.json());

    // The detail stays where the payer cannot read it: the tip row, the audit log, the server log.
    const kept = await refusedTipOf(emptyIp);
    expect(kept).toMatchObject({ status: 'failed', failureCode: 'card_insufficient_funds' });
    const [audit] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, `tip:${kept.id}`));
    expect(audit).toMatchObject({ actionType: 'tip_refused', metadata: { code: 'card_insufficient_funds' } });
    const logged = logLines.filter((line) => line.includes(kept.id)).map((line) => JSON.parse(line));
    expect(logged).toContainEqual(expect.objectContaining({ declineCode: 'card_insufficient_funds' }));
  });

  it('answers a retry with the same key the same way (the kept answer is the generic one)', async () => {
    const ip = uniqueIp();
    const payload = { receiver: receiver.ztartag, card: testCard(SANDBOX_TEST_CARDS.insufficientFunds) };

    const first = await postTip(testApp.app, payload, { ip, key: 'retry-of-an-empty-card' });
    const retry = await postTip(testApp.app, payload, { ip, key: 'retry-of-an-empty-card' });

    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().error.code).toBe(ANONYMOUS_DECLINE_CODE);
    expect(retry.json()).toEqual(first.json());
  });

  it('gives the signed-in owner of the card the reason', async () => {
    const payer = await createPerson(testApp.app, testApp.database.db);

    const withoutFunds = await postTip(
      testApp.app,
      { receiver: receiver.ztartag, card: testCard(SANDBOX_TEST_CARDS.insufficientFunds) },
      { as: payer },
    );

    expect(withoutFunds.statusCode).toBe(402);
    expect(withoutFunds.json().error.code).toBe('card_insufficient_funds');
  });
});
