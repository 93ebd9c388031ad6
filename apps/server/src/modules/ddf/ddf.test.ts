import { BUSINESS_LIMITS } from '@ztart/shared/business';
import { CONTACTS_MAX_PER_USER } from '@ztart/shared/contracts/contacts';
import {
  DDF_FIGURES_OF,
  DDF_MONEY_FIGURES,
  DDF_PRODUCTS,
  type DdfProduct,
  type DdfSheet,
} from '@ztart/shared/contracts/ddf';
import type { Invoice } from '@ztart/shared/contracts/invoices';
import { QR_CODES_MAX_PER_USER } from '@ztart/shared/contracts/qr-codes';
import { AMOUNT_LIMITS, BUDGET_LIMITS, GOAL_LIMITS, INVOICE_LIMITS } from '@ztart/shared/limits';
import { ROLE_PLANS } from '@ztart/shared/roles';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, uniqueEmail } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { postTip, ROOMY_TIP_RATE_LIMITS } from '../../test/tip-fixtures.ts';
import { createPerson, fund, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';

describe('GET /api/ddf/{product}', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-20T12:00:00.000Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({
      now: clock.now,
      rateLimits: { ...ROOMY_RATE_LIMITS, ...ROOMY_TIP_RATE_LIMITS },
    });
  });
  afterAll(() => testApp.close());
  const send = (person: SignedInPerson, options: InjectOptions) => testApp.app.inject(as(person, options));
  const sheet = async (person: SignedInPerson, product: DdfProduct) => {
    const answer = await send(person, { method: 'GET', url: `/api/ddf/${product}` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<DdfSheet>();
  };
  const created = async (person: SignedInPerson, url: string, payload: object) => {
    const answer = await send(person, { method: 'POST', url, payload });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer;
  };

  it('gives a newcomer every sheet with zero figures and the limits of their plan', async () => {
    const person = await createPerson(testApp.app, testApp.database.db);
    for (const product of DDF_PRODUCTS) {
      const answer = await sheet(person, product);
      expect(answer.product).toBe(product);
      expect(answer.plan).toEqual({ role: 'user', userLevel: 'freemium' });
      expect(answer.limits.length).toBeGreaterThan(0);
      // Nothing held: no money figure, every count at zero, in the order the contract lists.
      expect(answer.figures).toEqual(
        DDF_FIGURES_OF[product]
          .filter((key) => !DDF_MONEY_FIGURES.has(key))
          .map((key) => ({ key, kind: 'count', value: 0 })),
      );
    }
    expect((await sheet(person, 'assistant')).limits).toEqual([
      { key: 'dailyTokens', kind: 'count', value: ROLE_PLANS.user.dailyTokens },
      { key: 'monthlyTokens', kind: 'count', value: ROLE_PLANS.user.monthlyTokens },
      { key: 'costPerDayCents', kind: 'count', value: ROLE_PLANS.user.costPerDay },
    ]);
    expect((await sheet(person, 'business')).limits).toEqual([
      { key: 'teamMembers', kind: 'count', value: BUSINESS_LIMITS.others.teamMembers },
      { key: 'businessQrCodes', kind: 'count', value: BUSINESS_LIMITS.others.qrCodes },
      { key: 'monthlyTransfers', kind: 'count', value: BUSINESS_LIMITS.others.monthlyTransfers },
    ]);
  });

  it("answers the person's own wallet, tips, QR codes and contacts", async () => {
    const db = testApp.database.db;
    const person = await createPerson(testApp.app, db);
    const tipper = await createPerson(testApp.app, db);
    const stranger = await createPerson(testApp.app, db);
    await fund(db, person.userId, 120_00, 'EUR');
    await fund(db, tipper.userId, 50_00, 'USD');
    await fund(db, stranger.userId, 70_00, 'USD');
    const tipped = await postTip(
      testApp.app,
      { receiver: person.ztartag, source: 'wallet', amountMinor: 3_00 },
      { as: tipper },
    );
    expect(tipped.statusCode, tipped.body).toBeLessThan(300);
    await created(person, '/api/qr-codes', { title: 'Coffee', currency: 'USD' });
    await created(person, '/api/contacts', { nickname: 'Tipper', ztartag: tipper.ztartag, favourite: true });
    await created(person, '/api/contacts', { nickname: 'Stranger', ztartag: stranger.ztartag });

    const wallet = await sheet(person, 'wallet');
    expect(wallet.figures).toEqual([
      { key: 'balance', kind: 'money', amountMinor: 3_00, currency: 'USD' },
      { key: 'balance', kind: 'money', amountMinor: 120_00, currency: 'EUR' },
      { key: 'transactionsThisMonth', kind: 'count', value: 1 },
    ]);
    expect(wallet.limits).toContainEqual({
      key: 'transferMax',
      kind: 'money',
      amountMinor: AMOUNT_LIMITS.transferMaxMinor,
      currency: 'USD',
    });
    expect((await sheet(person, 'tips')).figures).toEqual([
      { key: 'tipsThisMonth', kind: 'count', value: 1 },
      { key: 'tipsTotal', kind: 'count', value: 1 },
      { key: 'receivedThisMonth', kind: 'money', amountMinor: 3_00, currency: 'USD' },
    ]);
    const qr = await sheet(person, 'qr');
    expect(qr.figures).toEqual([
      { key: 'qrCodes', kind: 'count', value: 1 },
      { key: 'scans', kind: 'count', value: 0 },
    ]);
    expect(qr.limits).toEqual([{ key: 'qrCodes', kind: 'count', value: QR_CODES_MAX_PER_USER }]);
    const contacts = await sheet(person, 'contacts');
    expect(contacts.figures).toEqual([
      { key: 'contacts', kind: 'count', value: 2 },
      { key: 'favourites', kind: 'count', value: 1 },
    ]);
    expect(contacts.limits).toContainEqual({ key: 'contacts', kind: 'count', value: CONTACTS_MAX_PER_USER });
    // Someone else's sheet counts only their own.
    expect((await sheet(stranger, 'contacts')).figures[0]).toEqual({
      key: 'contacts',
      kind: 'count',
      value: 0,
    });
    expect((await sheet(tipper, 'wallet')).figures[0]).toEqual({
      key: 'balance',
      kind: 'money',
      amountMinor: 47_00,
      currency: 'USD',
    });
  });

  it("answers the person's own budgets, goals and invoices", async () => {
    const person = await createPerson(testApp.app, testApp.database.db, { phoneVerified: true });
    const categories = (await send(person, { method: 'GET', url: '/api/categories' })).json<{
      items: { id: string; key: string | null }[];
    }>();
    const food = categories.items.find((item) => item.key === 'food')!.id;
    await created(person, '/api/budgets', {
      month: '2026-05',
      categoryId: food,
      currency: 'USD',
      amountMinor: 200_00,
    });
    await created(person, '/api/goals', { name: 'Bike', targetMinor: 300_00, currency: 'USD' });
    await created(person, '/api/goals', { name: 'Trip', targetMinor: 900_00, currency: 'EUR' });
    const invoice = await created(person, '/api/invoices', {
      customerName: 'Grace Hopper',
      customerEmail: uniqueEmail('customer'),
      currency: 'USD',
      dueDate: '2026-05-31',
      lines: [{ description: 'Design work', quantity: 2, unitPriceMinor: 1_000 }],
    });
    const sent = await send(person, {
      method: 'POST',
      url: `/api/invoices/${invoice.json<Invoice>().id}/send`,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const budget = await sheet(person, 'budget');
    expect(budget.figures).toEqual([
      { key: 'budgetsThisMonth', kind: 'count', value: 1 },
      { key: 'budgetedThisMonth', kind: 'money', amountMinor: 200_00, currency: 'USD' },
      { key: 'spentThisMonth', kind: 'money', amountMinor: 0, currency: 'USD' },
    ]);
    expect(budget.limits).toContainEqual({
      key: 'budgetsPerMonth',
      kind: 'count',
      value: BUDGET_LIMITS.perMonth,
    });
    const goals = await sheet(person, 'goals');
    expect(goals.figures).toEqual([
      { key: 'goals', kind: 'count', value: 2 },
      { key: 'goalsReached', kind: 'count', value: 0 },
      { key: 'saved', kind: 'money', amountMinor: 0, currency: 'USD' },
      { key: 'saved', kind: 'money', amountMinor: 0, currency: 'EUR' },
    ]);
    expect(goals.limits).toContainEqual({ key: 'goals', kind: 'count', value: GOAL_LIMITS.perUser });
    const invoices = await sheet(person, 'invoices');
    expect(invoices.figures).toEqual([
      { key: 'invoicesOutstanding', kind: 'count', value: 1 },
      { key: 'outstanding', kind: 'money', amountMinor: sent.json<Invoice>().totalMinor, currency: 'USD' },
      { key: 'invoicesPaidThisMonth', kind: 'count', value: 0 },
    ]);
    expect(invoices.limits).toContainEqual({
      key: 'invoiceLines',
      kind: 'count',
      value: INVOICE_LIMITS.linesMax,
    });
  });

  it('answers an unknown product with not_found', async () => {
    const person = await createPerson(testApp.app, testApp.database.db);
    for (const product of ['bitcoin', 'Wallet', 'wallet-ddf']) {
      const answer = await send(person, { method: 'GET', url: `/api/ddf/${product}` });
      expect(answer.statusCode, product).toBe(404);
      expect(answer.json<{ error: { code: string } }>().error.code).toBe('not_found');
    }
  });

  it('needs a signed-in person', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/api/ddf/wallet' })).statusCode).toBe(401);
  });
});
