import { randomUUID } from 'node:crypto';
import type { Contact } from '@ztart/shared/contracts/contacts';
import type { Debt, DebtListResponse } from '@ztart/shared/contracts/debts';
import type { Notification } from '@ztart/shared/contracts/notifications';
import type { Transaction } from '@ztart/shared/contracts/transactions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import {
  availableOf,
  createPerson,
  expectLedgerSound,
  fund,
  type Person,
  ROOMY_RATE_LIMITS,
} from '../../test/transfer-fixtures.ts';
import { ledgerTransfers } from '../ledger/tables.ts';
import { debtSettlements } from './tables.ts';

describe('debts', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-03-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now, rateLimits: ROOMY_RATE_LIMITS });
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const person = (options?: Parameters<typeof createPerson>[2]) =>
    createPerson(testApp.app, db(), { phoneVerified: true, ...options });
  const call = (
    who: SignedInPerson,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    headers = {},
  ) => testApp.app.inject(as(who, { method, url, ...(payload === undefined ? {} : { payload }), headers }));
  const record = async (who: Person, payload: Record<string, unknown>) => {
    const answer = await call(who, 'POST', '/api/debts', { currency: 'USD', ...payload });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Debt>();
  };
  const settle = (
    who: Person,
    id: string,
    payload: { amountMinor: number; via: string },
    key: string | null = randomUUID(),
  ) =>
    call(
      who,
      'POST',
      `/api/debts/${id}/settlements`,
      payload,
      key === null ? {} : { 'idempotency-key': key },
    );
  const answerDebt = (who: Person, id: string, confirmation: 'confirmed' | 'declined') =>
    call(who, 'PATCH', `/api/debts/${id}`, { confirmation });
  const list = async (who: Person, query = '') => {
    const answer = await call(who, 'GET', `/api/debts${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<DebtListResponse>();
  };
  const transactionsOf = async (who: Person) => {
    const answer = await call(who, 'GET', '/api/transactions');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ items: Transaction[] }>().items;
  };
  const notificationsOf = async (who: Person) => {
    const answer = await call(who, 'GET', '/api/notifications');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ items: Notification[] }>().items;
  };

  const addContact = async (who: Person, payload: Record<string, unknown>) => {
    const answer = await call(who, 'POST', '/api/contacts', payload);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Contact>();
  };

  /** Ana records that Bruno owes her 20.00; Bruno confirms. */
  const confirmedDebt = async (amountMinor = 2_000) => {
    const ana = await person({ fullName: 'Ana Lima' });
    const bruno = await person({ fullName: 'Bruno Costa' });
    const debt = await record(ana, { direction: 'owed_to_me', counterpartyUser: bruno.ztartag, amountMinor });
    expect((await answerDebt(bruno, debt.id, 'confirmed')).statusCode).toBe(200);
    return { ana, bruno, debt };
  };

  it('records a debt with a user: both see it, mirrored, and the other is asked to confirm', async () => {
    const ana = await person({ fullName: 'Ana Lima' });
    const bruno = await person({ fullName: 'Bruno Costa' });
    const contactId = (await addContact(ana, { nickname: 'Bruno', ztartag: bruno.ztartag })).id;
    const debt = await record(ana, {
      direction: 'owed_to_me',
      counterpartyUser: `@${bruno.ztartag}`,
      contactId,
      amountMinor: 2_000,
      note: 'Concert tickets',
      dueDate: '2026-03-20',
    });
    expect(debt).toMatchObject({
      direction: 'owed_to_me',
      counterparty: { ztartag: bruno.ztartag, displayName: 'Bruno Costa', isUser: true },
      contactId,
      amountMinor: 2_000,
      settledMinor: 0,
      remainingMinor: 2_000,
      note: 'Concert tickets',
      dueDate: '2026-03-20',
      status: 'open',
      confirmation: 'pending',
      recordedByMe: true,
      settlements: [],
    });

    const seen = await call(bruno, 'GET', `/api/debts/${debt.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Debt>()).toMatchObject({
      direction: 'i_owe',
      counterparty: { ztartag: ana.ztartag, displayName: 'Ana Lima', isUser: true },
      contactId: null,
      recordedByMe: false,
      confirmation: 'pending',
    });
    const [told] = await notificationsOf(bruno);
    expect(told).toMatchObject({
      event: 'debt_recorded',
      data: { debtId: debt.id, amountMinor: 2_000, fromZtartag: ana.ztartag },
    });

    // Ana cannot confirm her own record; Bruno cannot edit hers.
    expect((await answerDebt(ana, debt.id, 'confirmed')).statusCode).toBe(403);
    expect((await call(bruno, 'PATCH', `/api/debts/${debt.id}`, { note: 'mine' })).statusCode).toBe(403);
    const confirmed = await answerDebt(bruno, debt.id, 'confirmed');
    expect(confirmed.json<Debt>()).toMatchObject({ confirmation: 'confirmed', direction: 'i_owe' });
    expect((await answerDebt(bruno, debt.id, 'declined')).json().error.code).toBe('conflict');

    const brunoOwes = await list(bruno, '?direction=i_owe');
    expect(brunoOwes.items.map((item) => item.id)).toEqual([debt.id]);
    expect(brunoOwes.totals).toEqual([{ direction: 'i_owe', currency: 'USD', remainingMinor: 2_000 }]);
    expect((await list(ana, '?direction=i_owe')).items).toEqual([]);
    const byContact = await list(ana, `?contactId=${contactId}`);
    expect(byContact.items.map((item) => item.id)).toEqual([debt.id]);
  });

  it('a declined debt cannot be settled, and one not yet confirmed neither', async () => {
    const ana = await person();
    const bruno = await person();
    await fund(db(), bruno.userId, 5_000);
    const pending = await record(ana, {
      direction: 'owed_to_me',
      counterpartyUser: bruno.ztartag,
      amountMinor: 1_000,
    });
    const refused = await settle(bruno, pending.id, { amountMinor: 500, via: 'transfer' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('debt_unconfirmed');
    expect((await settle(ana, pending.id, { amountMinor: 500, via: 'manual' })).json().error.code).toBe(
      'debt_unconfirmed',
    );

    const declined = await answerDebt(bruno, pending.id, 'declined');
    expect(declined.json<Debt>().confirmation).toBe('declined');
    expect((await settle(bruno, pending.id, { amountMinor: 500, via: 'transfer' })).json().error.code).toBe(
      'debt_unconfirmed',
    );
    expect(await availableOf(db(), bruno.userId)).toBe(5_000);
    // A declined debt is not counted in what is owed.
    expect((await list(ana)).totals).toEqual([]);
  });

  it('settles partly then fully by transfer: money, ledger and both transactions, linked to the settlement', async () => {
    const { ana, bruno, debt } = await confirmedDebt(2_000);
    await fund(db(), bruno.userId, 5_000);

    const partly = await settle(bruno, debt.id, { amountMinor: 1_200, via: 'transfer' });
    expect(partly.statusCode, partly.body).toBe(201);
    const afterPart = partly.json<Debt>();
    expect(afterPart).toMatchObject({
      remainingMinor: 800,
      settledMinor: 1_200,
      status: 'open',
      direction: 'i_owe',
    });
    expect(afterPart.settlements).toHaveLength(1);
    expect(afterPart.settlements[0]).toMatchObject({
      amountMinor: 1_200,
      via: 'transfer',
      recordedByMe: true,
    });
    expect(await availableOf(db(), bruno.userId)).toBe(3_800);
    expect(await availableOf(db(), ana.userId)).toBe(1_200);

    const [sent] = await transactionsOf(bruno);
    expect(sent).toMatchObject({ kind: 'transfer_out', amountMinor: 1_200, status: 'completed' });
    expect(afterPart.settlements[0]?.transactionId).toBe(sent?.id);
    const [received] = await transactionsOf(ana);
    expect(received).toMatchObject({ kind: 'transfer_in', amountMinor: 1_200 });
    const anaView = (await call(ana, 'GET', `/api/debts/${debt.id}`)).json<Debt>();
    expect(anaView).toMatchObject({ remainingMinor: 800, direction: 'owed_to_me' });
    expect(anaView.settlements[0]?.transactionId).toBe(received?.id);

    const [row] = await db().select().from(debtSettlements).where(eq(debtSettlements.debtId, debt.id));
    const legs = await db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.batchId, row?.ledgerBatchId ?? randomUUID()));
    expect(legs).toHaveLength(1);
    expect(legs[0]).toMatchObject({ amountMinor: 1_200, code: 'transfer', state: 'posted' });

    const rest = await settle(bruno, debt.id, { amountMinor: 800, via: 'transfer' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json<Debt>()).toMatchObject({ remainingMinor: 0, status: 'settled' });
    expect(await availableOf(db(), bruno.userId)).toBe(3_000);
    expect(await availableOf(db(), ana.userId)).toBe(2_000);
    expect((await transactionsOf(ana)).filter((item) => item.kind === 'transfer_in')).toHaveLength(2);
    await expectLedgerSound(db());
  });

  it('refuses more than is left, by transfer and by hand, and moves nothing', async () => {
    const { ana, bruno, debt } = await confirmedDebt(1_000);
    await fund(db(), bruno.userId, 5_000);
    const over = await settle(bruno, debt.id, { amountMinor: 1_001, via: 'transfer' });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('settlement_above_remaining');
    expect(await availableOf(db(), bruno.userId)).toBe(5_000);
    expect((await transactionsOf(bruno)).filter((item) => item.kind === 'transfer_out')).toEqual([]);

    expect((await settle(ana, debt.id, { amountMinor: 1_001, via: 'manual' })).json().error.code).toBe(
      'settlement_above_remaining',
    );
    expect((await settle(bruno, debt.id, { amountMinor: 1_000, via: 'transfer' })).statusCode).toBe(201);
    const again = await settle(bruno, debt.id, { amountMinor: 1, via: 'transfer' });
    expect(again.json().error.code).toBe('settlement_above_remaining');
    expect(await availableOf(db(), bruno.userId)).toBe(4_000);
    await expectLedgerSound(db());
  });

  it('settlements sent at the same moment never go above what is left, by transfer or by hand', async () => {
    const { ana, bruno, debt } = await confirmedDebt(1_000);
    await fund(db(), bruno.userId, 5_000);
    const answers = await Promise.all([
      settle(bruno, debt.id, { amountMinor: 600, via: 'transfer' }),
      settle(bruno, debt.id, { amountMinor: 600, via: 'transfer' }),
      settle(ana, debt.id, { amountMinor: 600, via: 'manual' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422]);
    const after = (await call(ana, 'GET', `/api/debts/${debt.id}`)).json<Debt>();
    expect(after).toMatchObject({ settledMinor: 600, remainingMinor: 400 });
    const movedByTransfer = after.settlements.filter((item) => item.via === 'transfer').length * 600;
    expect(await availableOf(db(), bruno.userId)).toBe(5_000 - movedByTransfer);
    expect(await availableOf(db(), ana.userId)).toBe(movedByTransfer);
    await expectLedgerSound(db());
  });

  it('moves the money once for a retried settlement with the same key, and refuses a key reused for another', async () => {
    const { ana, bruno, debt } = await confirmedDebt(2_000);
    await fund(db(), bruno.userId, 5_000);
    const key = randomUUID();
    const first = await settle(bruno, debt.id, { amountMinor: 500, via: 'transfer' }, key);
    const second = await settle(bruno, debt.id, { amountMinor: 500, via: 'transfer' }, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json<Debt>()).toMatchObject({ remainingMinor: 1_500, settledMinor: 500 });
    expect(await availableOf(db(), bruno.userId)).toBe(4_500);
    expect(await availableOf(db(), ana.userId)).toBe(500);
    expect(second.json<Debt>().settlements).toHaveLength(1);

    const conflict = await settle(bruno, debt.id, { amountMinor: 600, via: 'transfer' }, key);
    expect(conflict.json().error.code).toBe('idempotency_conflict');
    expect(
      (await settle(bruno, debt.id, { amountMinor: 500, via: 'transfer' }, null)).json().error.code,
    ).toBe('idempotency_key_required');

    // A manual settlement replayed records once too.
    const manualKey = randomUUID();
    await settle(ana, debt.id, { amountMinor: 300, via: 'manual' }, manualKey);
    const replayed = await settle(ana, debt.id, { amountMinor: 300, via: 'manual' }, manualKey);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.json<Debt>()).toMatchObject({ settledMinor: 800, remainingMinor: 1_200 });
    await expectLedgerSound(db());
  });

  it('a manual settlement is recorded by the creditor with no money; the debtor may not', async () => {
    const { ana, bruno, debt } = await confirmedDebt(2_000);
    const byDebtor = await settle(bruno, debt.id, { amountMinor: 500, via: 'manual' });
    expect(byDebtor.statusCode).toBe(403);
    expect(byDebtor.json().error.code).toBe('debt_settlement_forbidden');
    // Transfers are the debtor's: the creditor cannot pull money.
    expect((await settle(ana, debt.id, { amountMinor: 500, via: 'transfer' })).json().error.code).toBe(
      'debt_settlement_forbidden',
    );

    const paidInCash = await settle(ana, debt.id, { amountMinor: 2_000, via: 'manual' });
    expect(paidInCash.statusCode).toBe(201);
    expect(paidInCash.json<Debt>()).toMatchObject({ status: 'settled', remainingMinor: 0 });
    expect(paidInCash.json<Debt>().settlements[0]).toMatchObject({ via: 'manual', transactionId: null });
    expect(await availableOf(db(), ana.userId)).toBe(0);
    const brunoView = (await call(bruno, 'GET', `/api/debts/${debt.id}`)).json<Debt>();
    expect(brunoView).toMatchObject({ status: 'settled' });
    expect((await list(bruno, `?status=settled`)).items).toHaveLength(1);
  });

  it('a debt with someone outside the app needs no confirmation and is settled by hand only', async () => {
    const ana = await person();
    const iOwe = await record(ana, {
      direction: 'i_owe',
      counterpartyName: 'Carla (neighbour)',
      amountMinor: 1_500,
      currency: 'EUR',
    });
    expect(iOwe).toMatchObject({
      confirmation: 'not_needed',
      counterparty: { ztartag: null, displayName: 'Carla (neighbour)', isUser: false },
    });
    expect((await settle(ana, iOwe.id, { amountMinor: 500, via: 'transfer' })).json().error.code).toBe(
      'debt_settlement_forbidden',
    );
    const paid = await settle(ana, iOwe.id, { amountMinor: 500, via: 'manual' });
    expect(paid.json<Debt>()).toMatchObject({ remainingMinor: 1_000, status: 'open' });
    clock.advance({ seconds: 1 });
    const owed = await record(ana, { direction: 'owed_to_me', counterpartyName: 'Dan', amountMinor: 700 });
    const listed = await list(ana);
    expect(listed.items.map((item) => item.id)).toEqual([owed.id, iOwe.id]);
    expect(listed.totals).toEqual([
      { direction: 'i_owe', currency: 'EUR', remainingMinor: 1_000 },
      { direction: 'owed_to_me', currency: 'USD', remainingMinor: 700 },
    ]);
  });

  it('pages newest first with a cursor', async () => {
    const ana = await person();
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      clock.advance({ seconds: 1 });
      ids.unshift(
        (await record(ana, { direction: 'i_owe', counterpartyName: `P${i}`, amountMinor: 100 + i })).id,
      );
    }
    const first = await list(ana, `?limit=2`);
    expect(first.items.map((item) => item.id)).toEqual(ids.slice(0, 2));
    const second = await list(ana, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.id)).toEqual(ids.slice(2));
    expect(second.nextCursor).toBeNull();
  });

  it("records a debt from a contact: the contact's account, else its nickname, when nobody is typed", async () => {
    const ana = await person({ fullName: 'Ana Lima' });
    const bruno = await person({ fullName: 'Bruno Costa' });
    const linked = await addContact(ana, { nickname: 'Bru', ztartag: bruno.ztartag });
    const offline = await addContact(ana, { nickname: 'Grandma Rosa', name: 'Rosa Lima' });

    const withUser = await record(ana, { direction: 'owed_to_me', contactId: linked.id, amountMinor: 2_000 });
    expect(withUser).toMatchObject({
      counterparty: { ztartag: bruno.ztartag, displayName: 'Bruno Costa', isUser: true },
      contactId: linked.id,
      confirmation: 'pending',
    });
    expect((await call(bruno, 'GET', `/api/debts/${withUser.id}`)).json<Debt>()).toMatchObject({
      direction: 'i_owe',
      contactId: null,
    });

    const withName = await record(ana, { direction: 'i_owe', contactId: offline.id, amountMinor: 500 });
    expect(withName).toMatchObject({
      counterparty: { ztartag: null, displayName: 'Grandma Rosa', isUser: false },
      contactId: offline.id,
      confirmation: 'not_needed',
    });

    // A counterparty typed with the contact is kept as typed.
    const typed = await record(ana, {
      direction: 'i_owe',
      contactId: offline.id,
      counterpartyName: 'Rosa',
      amountMinor: 300,
    });
    expect(typed.counterparty).toMatchObject({ displayName: 'Rosa', isUser: false });
    // Both with the same contact (same moment on the test clock: compared as a set).
    const byContact = (await list(ana, `?contactId=${offline.id}`)).items.map((item) => item.id);
    expect(byContact.sort()).toEqual([typed.id, withName.id].sort());

    // A contact whose account was deleted is someone outside the app now: the debt is with their nickname.
    const carla = await person({ fullName: 'Carla Reis' });
    const former = await addContact(ana, { nickname: 'Carla from work', ztartag: carla.ztartag });
    const gone = await testApp.app.inject(
      as(carla, {
        method: 'DELETE',
        url: '/api/profiles/me',
        payload: { confirmation: 'DELETE', password: carla.password },
      }),
    );
    expect(gone.statusCode, gone.body).toBe(204);
    const afterDeletion = await record(ana, {
      direction: 'owed_to_me',
      contactId: former.id,
      amountMinor: 700,
    });
    expect(afterDeletion).toMatchObject({
      counterparty: { ztartag: null, displayName: 'Carla from work', isUser: false },
      confirmation: 'not_needed',
    });
  });

  it("refuses another person's contact, or none, with 404 contact_not_found and stores nothing", async () => {
    const ana = await person();
    const bruno = await person();
    const brunos = await addContact(bruno, { nickname: 'Someone', ztartag: ana.ztartag });
    const anas = await addContact(ana, { nickname: 'Cash friend' });
    for (const contactId of [brunos.id, randomUUID()]) {
      for (const payload of [
        { direction: 'owed_to_me', contactId, amountMinor: 100, currency: 'USD' },
        { direction: 'owed_to_me', contactId, counterpartyName: 'A', amountMinor: 100, currency: 'USD' },
      ]) {
        const answer = await call(ana, 'POST', '/api/debts', payload);
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.json().error.code).toBe('contact_not_found');
      }
    }
    expect((await list(ana)).items).toEqual([]);
    expect((await list(bruno)).items).toEqual([]);

    const debt = await record(ana, { direction: 'i_owe', contactId: anas.id, amountMinor: 100 });
    const moved = await call(ana, 'PATCH', `/api/debts/${debt.id}`, { contactId: brunos.id, note: 'x' });
    expect(moved.statusCode, moved.body).toBe(404);
    expect(moved.json().error.code).toBe('contact_not_found');
    expect((await call(ana, 'GET', `/api/debts/${debt.id}`)).json<Debt>()).toMatchObject({
      contactId: anas.id,
      note: null,
    });
    const cleared = await call(ana, 'PATCH', `/api/debts/${debt.id}`, { contactId: null });
    expect(cleared.json<Debt>().contactId).toBeNull();
    const again = await call(ana, 'PATCH', `/api/debts/${debt.id}`, { contactId: anas.id });
    expect(again.json<Debt>().contactId).toBe(anas.id);
  });

  it("answers 404 for someone else's debt on every route", async () => {
    const { ana, bruno, debt } = await confirmedDebt();
    const stranger = await person();
    await fund(db(), stranger.userId, 5_000);
    const answers = await Promise.all([
      call(stranger, 'GET', `/api/debts/${debt.id}`),
      call(stranger, 'PATCH', `/api/debts/${debt.id}`, { note: 'x' }),
      call(stranger, 'PATCH', `/api/debts/${debt.id}`, { confirmation: 'declined' }),
      settle(stranger, debt.id, { amountMinor: 100, via: 'transfer' }),
      settle(stranger, debt.id, { amountMinor: 100, via: 'manual' }),
      call(stranger, 'GET', `/api/debts/${randomUUID()}`),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().error.code).toBe('not_found');
    }
    expect((await list(stranger)).items).toEqual([]);
    expect((await call(bruno, 'GET', `/api/debts/${debt.id}`)).json<Debt>().note).toBeNull();
    expect((await call(ana, 'GET', `/api/debts/${debt.id}`)).statusCode).toBe(200);
    expect(await availableOf(db(), stranger.userId)).toBe(5_000);
  });

  it('answers 400 with a validation failure for bad input, never 500', async () => {
    const ana = await person();
    const bad: object[] = [
      { direction: 'i_owe', amountMinor: 100, currency: 'USD' },
      { direction: 'i_owe', counterpartyName: 'A', counterpartyUser: 'b', amountMinor: 100, currency: 'USD' },
      { direction: 'sideways', counterpartyName: 'A', amountMinor: 100, currency: 'USD' },
      { direction: 'i_owe', counterpartyName: 'A', amountMinor: 0, currency: 'USD' },
      { direction: 'i_owe', counterpartyName: 'A', amountMinor: 1.5, currency: 'USD' },
      { direction: 'i_owe', counterpartyName: 'A', amountMinor: 100, currency: 'XYZ' },
      { direction: 'i_owe', counterpartyName: 'A\u0000', amountMinor: 100, currency: 'USD' },
      { direction: 'i_owe', counterpartyName: 'x'.repeat(101), amountMinor: 100, currency: 'USD' },
      { direction: 'i_owe', counterpartyName: 'A', amountMinor: 100, currency: 'USD', dueDate: '2026-02-30' },
      { direction: 'i_owe', counterpartyName: 'A', amountMinor: 100, currency: 'USD', contactId: 'nope' },
    ];
    for (const payload of bad) {
      const answer = await call(ana, 'POST', '/api/debts', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().error.code).toBe('validation_failed');
    }
    const debt = await record(ana, { direction: 'i_owe', counterpartyName: 'A', amountMinor: 100 });
    for (const [method, url, payload] of [
      ['PATCH', `/api/debts/${debt.id}`, {}],
      ['PATCH', `/api/debts/${debt.id}`, { confirmation: 'maybe' }],
      ['POST', `/api/debts/${debt.id}/settlements`, { amountMinor: 10, via: 'cheque' }],
      ['POST', `/api/debts/${debt.id}/settlements`, { amountMinor: -1, via: 'manual' }],
      ['GET', '/api/debts/not-a-uuid', undefined],
      ['GET', '/api/debts?direction=up', undefined],
    ] as const) {
      const answer = await call(ana, method, url, payload, { 'idempotency-key': randomUUID() });
      expect(answer.statusCode, `${method} ${url}`).toBe(400);
    }
    expect((await call(ana, 'GET', '/api/debts?cursor=zzz')).statusCode).toBe(400);
    const unknown = await call(ana, 'POST', '/api/debts', {
      direction: 'i_owe',
      counterpartyUser: 'nobody_here_at_all',
      amountMinor: 100,
      currency: 'USD',
    });
    expect(unknown.statusCode).toBe(404);
    const self = await call(ana, 'POST', '/api/debts', {
      direction: 'i_owe',
      counterpartyUser: ana.ztartag,
      amountMinor: 100,
      currency: 'USD',
    });
    expect(self.json().error.code).toBe('recipient_is_self');
  });

  it('reminds the debtor once on the due date', async () => {
    const { ana, bruno, debt } = await confirmedDebt(2_000);
    await call(ana, 'PATCH', `/api/debts/${debt.id}`, { dueDate: '2026-03-12' });
    const early = await testApp.app.debtReminders.remindDue(new Date('2026-03-11T23:00:00Z'));
    expect(early.reminded).not.toContain(debt.id);
    const due = await testApp.app.debtReminders.remindDue(new Date('2026-03-12T00:30:00Z'));
    expect(due.reminded).toContain(debt.id);
    const again = await testApp.app.debtReminders.remindDue(new Date('2026-03-13T00:30:00Z'));
    expect(again.reminded).not.toContain(debt.id);
    const reminders = (await notificationsOf(bruno)).filter((item) => item.event === 'debt_due');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      type: 'reminder',
      data: { debtId: debt.id, amountMinor: 2_000, fromZtartag: ana.ztartag },
    });
    expect((await notificationsOf(ana)).filter((item) => item.event === 'debt_due')).toEqual([]);
  });
});
