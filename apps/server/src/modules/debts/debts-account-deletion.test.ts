import { randomUUID } from 'node:crypto';
import type { Debt, DebtListResponse } from '@ztart/shared/contracts/debts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createPerson, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { debts } from './tables.ts';

describe('the debts of a deleted account', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const person = () => createPerson(testApp.app, db(), { phoneVerified: true });
  const call = (
    who: SignedInPerson,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    testApp.app.inject(
      as(who, {
        method,
        url,
        ...(payload === undefined ? {} : { payload }),
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
  const record = async (who: SignedInPerson, payload: Record<string, unknown>) => {
    const answer = await call(who, 'POST', '/api/debts', { currency: 'USD', amountMinor: 1_000, ...payload });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Debt>();
  };
  const rowOf = async (id: string) => (await db().select().from(debts).where(eq(debts.id, id)))[0];

  it('forgets debts with people outside the app, keeps settled ones without name or note, declines pending ones', async () => {
    const leaving = await person();
    const other = await person();
    const bystander = await person();

    const unsettled = await record(leaving, {
      direction: 'owed_to_me',
      counterpartyName: 'Dora Outside',
      note: 'Concert tickets',
    });
    const partlySettled = await record(leaving, {
      direction: 'i_owe',
      counterpartyName: 'Eva Outside',
      note: 'Rent share',
      dueDate: '2026-12-01',
    });
    const settled = await call(leaving, 'POST', `/api/debts/${partlySettled.id}/settlements`, {
      amountMinor: 400,
      via: 'manual',
    });
    expect(settled.statusCode, settled.body).toBe(201);
    // Waiting for the other's confirmation, both ways.
    const recordedByLeaving = await record(leaving, {
      direction: 'owed_to_me',
      counterpartyUser: other.ztartag,
    });
    const waitingForLeaving = await record(other, {
      direction: 'owed_to_me',
      counterpartyUser: leaving.ztartag,
    });
    // Confirmed with a user: the other side's record, kept as it is.
    const confirmed = await record(other, {
      direction: 'i_owe',
      counterpartyUser: leaving.ztartag,
      note: 'Lunch',
    });
    expect(
      (await call(leaving, 'PATCH', `/api/debts/${confirmed.id}`, { confirmation: 'confirmed' })).statusCode,
    ).toBe(200);
    const unrelated = await record(other, { direction: 'i_owe', counterpartyUser: bystander.ztartag });

    const deleted = await call(leaving, 'DELETE', '/api/profiles/me', {
      confirmation: 'DELETE',
      password: leaving.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    expect(await rowOf(unsettled.id)).toBeUndefined();
    expect(await rowOf(partlySettled.id)).toMatchObject({
      counterpartyName: '',
      note: null,
      settledMinor: 400,
      amountMinor: 1_000,
    });
    expect(await rowOf(recordedByLeaving.id)).toMatchObject({ confirmation: 'declined' });
    expect(await rowOf(waitingForLeaving.id)).toMatchObject({ confirmation: 'declined' });
    expect(await rowOf(confirmed.id)).toMatchObject({ confirmation: 'confirmed', note: 'Lunch' });
    expect(await rowOf(unrelated.id)).toMatchObject({ confirmation: 'pending' });

    // The other person's totals keep only the confirmed debt (and their own pending one).
    const theirs = (await call(other, 'GET', '/api/debts')).json<DebtListResponse>();
    expect(theirs.totals).toEqual([{ direction: 'i_owe', currency: 'USD', remainingMinor: 2_000 }]);
  });
});
