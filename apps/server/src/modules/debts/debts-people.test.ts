import type { Debt, DebtListResponse } from '@ztart/shared/contracts/debts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, uniqueEmail } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createPerson, type Person, ROOMY_RATE_LIMITS, uniquePhone } from '../../test/transfer-fixtures.ts';

const LOOKUP_LIMIT = 5;

/**
 * A debt with a user of the app names them as a transfer does: by ztartag, email or phone. What
 * the answer tells of them must be no more than the transfer recipient look-up tells.
 */
describe('the other person of a debt', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      rateLimits: { ...ROOMY_RATE_LIMITS, recipientLookupPerUser: { max: LOOKUP_LIMIT, windowSeconds: 900 } },
    });
  });
  afterAll(() => testApp.close());

  const person = (options?: Parameters<typeof createPerson>[2]) =>
    createPerson(testApp.app, testApp.database.db, { phoneVerified: true, ...options });
  const call = (who: SignedInPerson, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    testApp.app.inject(as(who, { method, url, ...(payload === undefined ? {} : { payload }) }));
  const recordWith = (who: Person, counterpartyUser: string) =>
    call(who, 'POST', '/api/debts', {
      direction: 'owed_to_me',
      counterpartyUser,
      amountMinor: 500,
      currency: 'USD',
    });
  const block = async (owner: Person, other: Person) => {
    const answer = await call(owner, 'POST', '/api/contacts', {
      nickname: 'Blocked',
      ztartag: other.ztartag,
      blocked: true,
    });
    expect(answer.statusCode, answer.body).toBe(201);
  };
  const answerOf = (answer: { statusCode: number; json: () => unknown }) => ({
    status: answer.statusCode,
    body: answer.json(),
  });

  it('is not found, exactly as nobody, when either person blocked the other', async () => {
    const ana = await person();
    const bruno = await person();
    const carla = await person();
    await block(bruno, ana);
    await block(ana, carla);
    for (const [who, other] of [
      [ana, bruno],
      [bruno, ana],
      [ana, carla],
      [carla, ana],
    ] as const) {
      const nobodyByEmail = answerOf(await recordWith(who, uniqueEmail('nobody')));
      expect(nobodyByEmail.status).toBe(404);
      expect(answerOf(await recordWith(who, other.email))).toEqual(nobodyByEmail);
      const nobodyByTag = answerOf(await recordWith(who, 'nobody_by_that_tag'));
      expect(nobodyByTag.status).toBe(404);
      expect(answerOf(await recordWith(who, other.ztartag))).toEqual(nobodyByTag);
    }
    expect((await call(ana, 'GET', '/api/debts')).json<DebtListResponse>().items).toEqual([]);
    expect((await call(bruno, 'GET', '/api/debts')).json<DebtListResponse>().items).toEqual([]);
  });

  it('named by email or phone, is looked up only so often per person; ztartags are not counted', async () => {
    const prober = await person();
    const known = await person();
    for (let i = 0; i < LOOKUP_LIMIT; i++) {
      // Each from a new address: the limit follows the person, not where they ask from.
      const answer = await recordWith({ ...prober, ip: `2001:db8::27:${i}` }, uniqueEmail('probe'));
      expect(answer.statusCode).toBe(404);
    }
    const byEmail = await recordWith(prober, known.email);
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.json().error.code).toBe('rate_limited');
    expect(Number(byEmail.headers['retry-after'])).toBeGreaterThan(0);
    expect((await recordWith(prober, uniquePhone())).statusCode).toBe(429);
    expect((await recordWith(prober, known.ztartag)).statusCode).toBe(201);
    // By name, with nobody looked up, is not held back either.
    const byName = await call(prober, 'POST', '/api/debts', {
      direction: 'i_owe',
      counterpartyName: 'Dora',
      amountMinor: 100,
      currency: 'USD',
    });
    expect(byName.statusCode).toBe(201);
  });

  it("counts a debt still waiting for confirmation in its recorder's totals only, until confirmed", async () => {
    const ana = await person();
    const bruno = await person();
    const recorded = await recordWith(ana, bruno.ztartag);
    expect(recorded.statusCode, recorded.body).toBe(201);
    const totalsOf = async (who: Person) =>
      (await call(who, 'GET', '/api/debts')).json<DebtListResponse>().totals;

    expect(await totalsOf(ana)).toEqual([{ direction: 'owed_to_me', currency: 'USD', remainingMinor: 500 }]);
    expect(await totalsOf(bruno)).toEqual([]);
    // Bruno still sees it, to answer it.
    expect((await call(bruno, 'GET', '/api/debts')).json<DebtListResponse>().items).toHaveLength(1);

    const confirmed = await call(bruno, 'PATCH', `/api/debts/${recorded.json<Debt>().id}`, {
      confirmation: 'confirmed',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await totalsOf(bruno)).toEqual([{ direction: 'i_owe', currency: 'USD', remainingMinor: 500 }]);
  });

  it('refuses a due date out of range with a message, never 500', async () => {
    const ana = await person();
    for (const dueDate of ['0000-01-01', '1899-12-31', '2101-01-01']) {
      const answer = await call(ana, 'POST', '/api/debts', {
        direction: 'i_owe',
        counterpartyName: 'Eva',
        amountMinor: 100,
        currency: 'USD',
        dueDate,
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error.details.issues[0].message).toBe('validation.dateRange');
    }
    const kept = await call(ana, 'POST', '/api/debts', {
      direction: 'i_owe',
      counterpartyName: 'Eva',
      amountMinor: 100,
      currency: 'USD',
      dueDate: '2100-12-31',
    });
    expect(kept.statusCode, kept.body).toBe(201);
    const edited = await call(ana, 'PATCH', `/api/debts/${kept.json<Debt>().id}`, { dueDate: '0000-01-01' });
    expect(edited.statusCode).toBe(400);
  });
});
