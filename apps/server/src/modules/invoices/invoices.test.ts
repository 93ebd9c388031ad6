import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  CreateInvoiceRequestInput,
  Invoice,
  InvoiceListResponse,
  InvoicePaymentResponse,
  OpenPublicInvoice,
  PublicInvoice,
} from '@ztart/shared/contracts/invoices';
import type { Notification } from '@ztart/shared/contracts/notifications';
import { DELETE_CONFIRMATION_WORD } from '@ztart/shared/validation';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../integrations/card-processor/sandbox.ts';
import { as, readOutbox, type SignedInPerson, uniqueEmail, uniqueIp } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import {
  expectMoneyKept,
  ledgerTransferCount,
  ROOMY_TIP_RATE_LIMITS,
  testCard,
  walletBalanceOf,
} from '../../test/tip-fixtures.ts';
import { createPerson, fund, type Person, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { profiles } from '../profiles/tables.ts';
import { invoices } from './tables.ts';

const SETTLEMENT_DELAY_MS = 4_000;

describe('invoices', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({
      now: clock.now,
      config: { cardSettlementDelayMs: SETTLEMENT_DELAY_MS },
      rateLimits: {
        ...ROOMY_RATE_LIMITS,
        ...ROOMY_TIP_RATE_LIMITS,
        invoiceWritePerUser: { max: 1_000, windowSeconds: 3_600 },
        invoiceCardPayPerIp: { max: 1_000, windowSeconds: 600 },
        invoiceCardPayPerCard: { max: 1_000, windowSeconds: 3_600 },
      },
    });
  });
  afterAll(() => testApp.close());
  afterEach(() => expectMoneyKept(db()));

  const db = () => testApp.database.db;
  const person = () => createPerson(testApp.app, db(), { phoneVerified: true });
  const call = (
    who: SignedInPerson | null,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const options = { method, url, ...(payload === undefined ? {} : { payload }), headers };
    return who
      ? testApp.app.inject(as(who, options))
      : testApp.app.inject({ ...options, remoteAddress: uniqueIp() });
  };
  const body = (overrides: Partial<CreateInvoiceRequestInput> = {}): CreateInvoiceRequestInput => ({
    customerName: 'Grace Hopper',
    customerEmail: uniqueEmail('customer'),
    currency: 'USD',
    dueDate: '2026-05-31',
    taxRateBasisPoints: 1_000,
    notes: 'Thank you for your business',
    lines: [
      { description: 'Design work', quantity: 3, unitPriceMinor: 333 },
      { description: 'Hosting', quantity: 1, unitPriceMinor: 5 },
    ],
    ...overrides,
  });
  const create = async (who: Person, overrides: Partial<CreateInvoiceRequestInput> = {}) => {
    const answer = await call(who, 'POST', '/api/invoices', body(overrides));
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Invoice>();
  };
  const send = async (who: Person, id: string) => {
    const answer = await call(who, 'POST', `/api/invoices/${id}/send`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Invoice>();
  };
  const sentInvoice = async (who: Person, overrides: Partial<CreateInvoiceRequestInput> = {}) =>
    send(who, (await create(who, overrides)).id);
  const codeOf = (invoice: Invoice) => {
    const code = invoice.payUrl?.split('/i/')[1];
    if (!code) throw new Error('no pay link');
    return code;
  };
  const pay = (
    code: string,
    payload: object,
    who: SignedInPerson | null = null,
    key: string = randomUUID(),
  ) => call(who, 'POST', `/api/public/invoices/${code}/payments`, payload, { 'idempotency-key': key });
  const settle = () => {
    clock.advance({ seconds: SETTLEMENT_DELAY_MS / 1000 });
    return testApp.app.settlement.settleDue(clock.now());
  };
  const notificationsOf = async (who: Person) => {
    const answer = await call(who, 'GET', '/api/notifications');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ items: Notification[] }>().items;
  };

  describe('numbers, totals and drafts', () => {
    it('numbers each issuer’s invoices INV-<year>-0001 onwards and computes totals with the tax rounded half up', async () => {
      const ada = await person();
      const first = await create(ada);
      const second = await create(ada, { taxRateBasisPoints: 0 });
      expect(first).toMatchObject({
        number: 'INV-2026-0001',
        status: 'draft',
        issueDate: '2026-05-10',
        // 3 × 3.33 + 0.05 = 10.04; 10 % = 1.004 → 1.00
        subtotalMinor: 1_004,
        taxMinor: 100,
        totalMinor: 1_104,
        payUrl: null,
        payment: null,
      });
      expect(first.lines.map((line) => [line.description, line.amountMinor])).toEqual([
        ['Design work', 999],
        ['Hosting', 5],
      ]);
      expect(second).toMatchObject({ number: 'INV-2026-0002', taxMinor: 0, totalMinor: 1_004 });
      // Another issuer starts at 1.
      expect((await create(await person())).number).toBe('INV-2026-0001');
    });

    it('keeps numbers gapless and unique under 20 concurrent creations', async () => {
      const ada = await person();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call(ada, 'POST', '/api/invoices', body())),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
      const numbers = answers.map((answer) => answer.json<Invoice>().number).sort();
      expect(numbers).toEqual(
        Array.from({ length: 20 }, (_, i) => `INV-2026-${String(i + 1).padStart(4, '0')}`),
      );
    });

    it('refuses a due date before today and a total above the maximum, creating nothing', async () => {
      const ada = await person();
      const past = await call(ada, 'POST', '/api/invoices', body({ dueDate: '2026-05-09' }));
      expect(past.statusCode).toBe(400);
      expect(past.json().error.details.issues[0]).toMatchObject({
        path: 'dueDate',
        message: 'validation.dueDatePast',
      });
      const tooMuch = await call(
        ada,
        'POST',
        '/api/invoices',
        body({ lines: [{ description: 'Big', quantity: 2, unitPriceMinor: 600_000 }] }),
      );
      expect(tooMuch.statusCode).toBe(400);
      expect((await create(ada)).number).toBe('INV-2026-0001');
    });

    it('refuses a total too small to be paid, on creation and on sending a draft', async () => {
      const ada = await person();
      const nothing = await call(
        ada,
        'POST',
        '/api/invoices',
        body({ lines: [{ description: 'Free', quantity: 1, unitPriceMinor: 0 }] }),
      );
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().error.details.issues[0]).toMatchObject({
        path: 'lines',
        message: 'validation.invoiceTotalMin',
      });
      // A draft with a zero total kept from before the rule is not sent.
      const draft = await create(ada);
      await db()
        .update(invoices)
        .set({ subtotalMinor: 0, taxMinor: 0, totalMinor: 0 })
        .where(eq(invoices.id, draft.id));
      const sending = await call(ada, 'POST', `/api/invoices/${draft.id}/send`);
      expect(sending.statusCode).toBe(400);
      expect(sending.json().error.details.issues[0]).toMatchObject({ message: 'validation.invoiceTotalMin' });
      const [row] = await db().select().from(invoices).where(eq(invoices.id, draft.id));
      expect(row?.status).toBe('draft');
    });

    it('changes only drafts: lines are replaced and totals recomputed, a sent invoice answers 409', async () => {
      const ada = await person();
      const draft = await create(ada);
      const patched = await call(ada, 'PATCH', `/api/invoices/${draft.id}`, {
        lines: [{ description: 'Consulting', quantity: 2, unitPriceMinor: 12_500 }],
        taxRateBasisPoints: 2_100,
        notes: null,
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json<Invoice>()).toMatchObject({
        number: draft.number,
        subtotalMinor: 25_000,
        taxMinor: 5_250,
        totalMinor: 30_250,
        notes: null,
        lines: [{ description: 'Consulting', quantity: 2, unitPriceMinor: 12_500, amountMinor: 25_000 }],
      });
      await send(ada, draft.id);
      const late = await call(ada, 'PATCH', `/api/invoices/${draft.id}`, { customerName: 'Someone else' });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('invoice_not_editable');
      const again = await call(ada, 'POST', `/api/invoices/${draft.id}/send`);
      expect(again.json().error.code).toBe('invoice_not_editable');
      expect((await call(ada, 'GET', `/api/invoices/${draft.id}`)).json<Invoice>().customerName).toBe(
        'Grace Hopper',
      );
    });

    it("answers 404 for another person's invoice, whatever is asked", async () => {
      const ada = await person();
      const eve = await person();
      const invoice = await create(ada);
      for (const [method, url, payload] of [
        ['GET', `/api/invoices/${invoice.id}`, undefined],
        ['GET', `/api/invoices/${invoice.id}.pdf`, undefined],
        ['PATCH', `/api/invoices/${invoice.id}`, { customerName: 'Eve' }],
        ['POST', `/api/invoices/${invoice.id}/send`, undefined],
        ['POST', `/api/invoices/${invoice.id}/void`, undefined],
      ] as const) {
        const answer = await call(eve, method, url, payload);
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await call(eve, 'GET', '/api/invoices')).json<InvoiceListResponse>().items).toEqual([]);
      // Nor is a draft seen by its code.
      const [row] = await db()
        .select({ code: invoices.code })
        .from(invoices)
        .where(eq(invoices.id, invoice.id));
      expect((await call(null, 'GET', `/api/public/invoices/${row?.code}`)).statusCode).toBe(404);
    });
  });

  describe('sending, overdue and voiding', () => {
    it('sends the customer the pay link by mail and shows the public invoice without private details', async () => {
      const ada = await person();
      const customerEmail = uniqueEmail('customer');
      const invoice = await sentInvoice(ada, { customerEmail });
      expect(invoice.status).toBe('sent');
      expect(invoice.payUrl).toMatch(/\/i\/[A-Za-z0-9_-]{22}$/);
      const [mail] = await readOutbox(testApp.app, customerEmail);
      expect(mail?.subject).toContain(invoice.number);
      expect(mail?.text).toContain(invoice.payUrl);
      expect(mail?.text).toContain('$11.04');

      const page = await call(null, 'GET', `/api/public/invoices/${codeOf(invoice)}`);
      expect(page.statusCode).toBe(200);
      const shown = page.json<PublicInvoice>();
      expect(shown).toMatchObject({
        number: invoice.number,
        status: 'sent',
        payable: true,
        issuer: { ztartag: ada.ztartag },
        totalMinor: 1_104,
        paymentStatus: null,
      });
      expect(JSON.stringify(shown)).not.toContain(customerEmail);
      expect(shown).not.toHaveProperty('customerName');
      expect(JSON.stringify(shown)).not.toContain('Grace Hopper');
    });

    it('reads an unpaid invoice past its due date as overdue, filters by it and sums what is outstanding', async () => {
      const ada = await person();
      const soon = await sentInvoice(ada, { dueDate: '2026-05-11' });
      await sentInvoice(ada, { dueDate: '2026-06-30', currency: 'EUR' });
      await create(ada);
      // Time passing would end the session: the due date moves back instead.
      await db().update(invoices).set({ dueDate: '2026-05-08' }).where(eq(invoices.id, soon.id));
      {
        expect((await call(ada, 'GET', `/api/invoices/${soon.id}`)).json<Invoice>().status).toBe('overdue');
        const overdue = (await call(ada, 'GET', '/api/invoices?status=overdue')).json<InvoiceListResponse>();
        expect(overdue.items.map((item) => item.number)).toEqual([soon.number]);
        expect(overdue.outstanding).toEqual([
          { currency: 'EUR', outstandingMinor: 1_104, overdueMinor: 0, count: 1 },
          { currency: 'USD', outstandingMinor: 1_104, overdueMinor: 1_104, count: 1 },
        ]);
        const sent = (await call(ada, 'GET', '/api/invoices?status=sent')).json<InvoiceListResponse>();
        expect(sent.items.map((item) => item.currency)).toEqual(['EUR']);
        const page = (await call(ada, 'GET', '/api/invoices?limit=2')).json<InvoiceListResponse>();
        expect(page.items.map((item) => item.number)).toEqual(['INV-2026-0003', 'INV-2026-0002']);
        const rest = (
          await call(ada, 'GET', `/api/invoices?limit=2&cursor=${page.nextCursor}`)
        ).json<InvoiceListResponse>();
        expect(rest.items.map((item) => item.number)).toEqual(['INV-2026-0001']);
        expect(rest.nextCursor).toBeNull();
        const shown = (await call(null, 'GET', `/api/public/invoices/${codeOf(soon)}`)).json<PublicInvoice>();
        expect(shown).toMatchObject({ status: 'overdue', payable: true });
      }
    });

    it('voids a draft or a sent invoice, never a paid one, and a void invoice cannot be paid', async () => {
      const ada = await person();
      const draft = await create(ada);
      const voided = await call(ada, 'POST', `/api/invoices/${draft.id}/void`);
      expect(voided.json<Invoice>()).toMatchObject({ status: 'void', voidedAt: clock.now().toISOString() });
      expect((await call(ada, 'POST', `/api/invoices/${draft.id}/void`)).json().error.code).toBe(
        'invoice_not_voidable',
      );
      const sent = await sentInvoice(ada);
      expect((await call(ada, 'POST', `/api/invoices/${sent.id}/void`)).json<Invoice>().status).toBe('void');
      // A void invoice's page tells only whose it was and that it is void: no lines, notes or amounts.
      const shown = await call(null, 'GET', `/api/public/invoices/${codeOf(sent)}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toEqual({
        number: sent.number,
        status: 'void',
        issuer: { ztartag: ada.ztartag, displayName: expect.any(String) },
      });
      const transfers = await ledgerTransferCount(db());
      const refused = await pay(codeOf(sent), { card: testCard() });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('invoice_not_payable');
      expect(await ledgerTransferCount(db())).toBe(transfers);
    });
  });

  describe('paying by card', () => {
    it('pays without an account: pending in the issuer’s wallet, completed on settlement, the issuer told', async () => {
      const ada = await person();
      const invoice = await sentInvoice(ada);
      const before = await walletBalanceOf(testApp.app, ada);
      const answer = await pay(codeOf(invoice), { card: testCard() });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json<InvoicePaymentResponse>()).toMatchObject({
        invoice: { status: 'paid', payable: false, paymentStatus: 'pending' },
        payment: { source: 'card', status: 'pending', amountMinor: 1_104, payer: null, settledAt: null },
      });
      const pending = await walletBalanceOf(testApp.app, ada);
      expect(pending.pendingMinor - before.pendingMinor).toBe(1_104);
      expect(pending.availableMinor).toBe(before.availableMinor);
      expect((await call(ada, 'GET', `/api/invoices/${invoice.id}`)).json<Invoice>()).toMatchObject({
        status: 'paid',
        payment: { source: 'card', status: 'pending' },
      });

      const again = await pay(codeOf(invoice), { card: testCard() });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('invoice_not_payable');

      await settle();
      const settled = await walletBalanceOf(testApp.app, ada);
      expect(settled.availableMinor - before.availableMinor).toBe(1_104);
      expect(settled.pendingMinor).toBe(before.pendingMinor);
      expect((await call(ada, 'GET', `/api/invoices/${invoice.id}`)).json<Invoice>().payment).toMatchObject({
        status: 'completed',
        settledAt: clock.now().toISOString(),
      });
      const [told] = await notificationsOf(ada);
      expect(told).toMatchObject({
        event: 'invoice_paid',
        data: { invoiceNumber: invoice.number, amountMinor: 1_104, currency: 'USD' },
      });
      // Settling again changes nothing and tells nobody twice.
      await settle();
      expect((await notificationsOf(ada)).filter((n) => n.event === 'invoice_paid')).toHaveLength(1);
    });

    it('leaves the invoice payable after a declined card, and after a charge that fails at settlement', async () => {
      const ada = await person();
      const invoice = await sentInvoice(ada);
      const transfers = await ledgerTransferCount(db());
      const declined = await pay(codeOf(invoice), { card: testCard(SANDBOX_TEST_CARDS.declined) });
      expect(declined.statusCode).toBe(402);
      expect(declined.json().error.code).toBe('card_declined');
      expect(await ledgerTransferCount(db())).toBe(transfers);
      expect(
        (await call(null, 'GET', `/api/public/invoices/${codeOf(invoice)}`)).json<OpenPublicInvoice>()
          .payable,
      ).toBe(true);

      const failing = await pay(codeOf(invoice), { card: testCard(SANDBOX_TEST_CARDS.failsAtSettlement) });
      expect(failing.statusCode, failing.body).toBe(201);
      await settle();
      const after = (await call(ada, 'GET', `/api/invoices/${invoice.id}`)).json<Invoice>();
      expect(after).toMatchObject({ status: 'sent', payment: null });
      expect((await walletBalanceOf(testApp.app, ada)).totalMinor).toBe(0);
      const told = (await notificationsOf(ada)).filter((n) => n.event === 'invoice_payment_failed');
      expect(told).toEqual([
        expect.objectContaining({
          data: expect.objectContaining({ invoiceNumber: invoice.number, amountMinor: 1_104 }),
        }),
      ]);
      const paid = await pay(codeOf(invoice), { card: testCard() });
      expect(paid.statusCode, paid.body).toBe(201);
      await settle();
      expect((await walletBalanceOf(testApp.app, ada)).availableMinor).toBe(1_104);
    });
  });

  describe('paying from a wallet', () => {
    it('moves the total from the payer’s wallet to the issuer’s once, whatever the retries', async () => {
      const ada = await person();
      const bob = await person();
      await fund(db(), bob.userId, 5_000);
      const invoice = await sentInvoice(ada);
      const key = randomUUID();
      const first = await pay(codeOf(invoice), { source: 'wallet' }, bob, key);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<InvoicePaymentResponse>()).toMatchObject({
        invoice: { status: 'paid', paymentStatus: 'completed' },
        payment: { source: 'wallet', status: 'completed', payer: { ztartag: bob.ztartag } },
      });
      const repeat = await pay(codeOf(invoice), { source: 'wallet' }, bob, key);
      expect(repeat.statusCode).toBe(201);
      expect(repeat.headers['idempotent-replayed']).toBe('true');
      expect(repeat.json()).toEqual(first.json());
      const other = await pay(codeOf(invoice), { source: 'wallet' }, bob);
      expect(other.statusCode).toBe(409);
      expect(other.json().error.code).toBe('invoice_not_payable');

      expect((await walletBalanceOf(testApp.app, bob)).availableMinor).toBe(5_000 - 1_104);
      expect((await walletBalanceOf(testApp.app, ada)).availableMinor).toBe(1_104);
      expect((await call(ada, 'GET', `/api/invoices/${invoice.id}`)).json<Invoice>()).toMatchObject({
        status: 'paid',
        payment: { source: 'wallet', status: 'completed', payer: { ztartag: bob.ztartag } },
      });
      const [told] = await notificationsOf(ada);
      expect(told).toMatchObject({ event: 'invoice_paid', data: { invoiceNumber: invoice.number } });
      const history = (await call(bob, 'GET', '/api/transactions')).json<{ items: { kind: string }[] }>()
        .items;
      expect(history[0]).toMatchObject({ kind: 'invoice_out', amountMinor: 1_104 });
    });

    it('answers invoice_not_payable for an invoice paid meanwhile, before asking the payer for their PIN', async () => {
      const ada = await person();
      const bob = await person();
      const cleo = await person();
      await fund(db(), bob.userId, 10_000);
      await fund(db(), cleo.userId, 10_000);
      // 60.00: above the amount from which a set PIN is asked for.
      const invoice = await sentInvoice(ada, {
        taxRateBasisPoints: 0,
        lines: [{ description: 'Workshop', quantity: 1, unitPriceMinor: 6_000 }],
      });
      const pin = await call(cleo, 'POST', '/api/pin', { pin: '4821', pinConfirmation: '4821' });
      expect(pin.statusCode, pin.body).toBe(201);
      clock.advance({ minutes: 6 });
      expect((await pay(codeOf(invoice), { source: 'wallet' }, cleo)).json().error.code).toBe('pin_required');

      expect((await pay(codeOf(invoice), { source: 'wallet' }, bob)).statusCode).toBe(201);
      const late = await pay(codeOf(invoice), { source: 'wallet' }, cleo);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('invoice_not_payable');
      expect((await walletBalanceOf(testApp.app, cleo)).availableMinor).toBe(10_000);
    });

    it('refuses someone the issuer blocked, by wallet and by card alike, charging nothing', async () => {
      const ada = await person();
      const bob = await person();
      await fund(db(), bob.userId, 5_000);
      const blocking = await call(ada, 'POST', '/api/contacts', {
        nickname: 'Pest',
        ztartag: bob.ztartag,
        blocked: true,
      });
      expect(blocking.statusCode, blocking.body).toBe(201);
      const invoice = await sentInvoice(ada);
      const transfers = await ledgerTransferCount(db());
      const byWallet = await pay(codeOf(invoice), { source: 'wallet' }, bob);
      const byCard = await pay(codeOf(invoice), { card: testCard() }, bob);
      expect(byCard.statusCode).toBe(byWallet.statusCode);
      expect(byCard.json().error.code).toBe(byWallet.json().error.code);
      expect(byCard.json().error.code).toBe('recipient_user_not_found');
      expect(await ledgerTransferCount(db())).toBe(transfers);
      const shown = (
        await call(null, 'GET', `/api/public/invoices/${codeOf(invoice)}`)
      ).json<OpenPublicInvoice>();
      expect(shown).toMatchObject({ status: 'sent', payable: true });
    });

    it('refuses the issuer paying their own invoice, a payer without the money, and a payer not signed in', async () => {
      const ada = await person();
      const bob = await person();
      await fund(db(), ada.userId, 5_000);
      const invoice = await sentInvoice(ada);
      expect((await pay(codeOf(invoice), { source: 'wallet' }, ada)).json().error.code).toBe(
        'recipient_is_self',
      );
      expect((await pay(codeOf(invoice), { source: 'wallet' }, bob)).json().error.code).toBe(
        'insufficient_balance',
      );
      expect((await pay(codeOf(invoice), { source: 'wallet' })).statusCode).toBe(401);
      expect(
        (await call(null, 'GET', `/api/public/invoices/${codeOf(invoice)}`)).json<OpenPublicInvoice>()
          .payable,
      ).toBe(true);
    });

    it('is paid exactly once when payers race, by wallet and by card', async () => {
      const ada = await person();
      const payers = await Promise.all(Array.from({ length: 4 }, () => person()));
      for (const payer of payers) await fund(db(), payer.userId, 5_000);
      const invoice = await sentInvoice(ada);
      const answers = await Promise.all([
        ...payers.map((payer) => pay(codeOf(invoice), { source: 'wallet' }, payer)),
        pay(codeOf(invoice), { card: testCard() }),
        pay(codeOf(invoice), { card: testCard() }),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([201, 409, 409, 409, 409, 409]);
      await settle();
      expect((await walletBalanceOf(testApp.app, ada)).availableMinor).toBe(1_104);
      const spent = await Promise.all(payers.map((payer) => walletBalanceOf(testApp.app, payer)));
      expect(spent.reduce((sum, balance) => sum + (5_000 - balance.availableMinor), 0)).toBeLessThanOrEqual(
        1_104,
      );
    });
  });

  it('voids the open invoices of a deleted account and forgets their customers, refusing any payment', async () => {
    const leaving = await person();
    const invoice = await sentInvoice(leaving);
    const deleted = await testApp.app.inject(
      as(leaving, {
        method: 'DELETE',
        url: '/api/profiles/me',
        payload: { confirmation: DELETE_CONFIRMATION_WORD, password: leaving.password },
      }),
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: 'void', customerName: '', customerEmail: '', notes: null });
    const transfers = await ledgerTransferCount(db());
    expect((await pay(codeOf(invoice), { card: testCard() })).statusCode).toBe(404);
    expect(await ledgerTransferCount(db())).toBe(transfers);
  });

  describe('the PDF', () => {
    it('is a PDF named after the invoice', async () => {
      const ada = await person();
      const invoice = await sentInvoice(ada);
      const answer = await call(ada, 'GET', `/api/invoices/${invoice.id}.pdf`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toContain(`${invoice.number}.pdf`);
      expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('shows the number, the lines and the total, in the issuer’s language', async () => {
      const ada = await person();
      await db().update(profiles).set({ language: 'fr' }).where(eq(profiles.id, ada.userId));
      const invoice = await sentInvoice(ada, {
        currency: 'EUR',
        lines: [
          { description: 'Conception graphique', quantity: 2, unitPriceMinor: 123_450 },
          { description: 'Café ☕ offert', quantity: 1, unitPriceMinor: 0 },
        ],
      });
      const answer = await call(ada, 'GET', `/api/invoices/${invoice.id}.pdf`);
      const folder = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
      try {
        const file = join(folder, 'invoice.pdf');
        writeFileSync(file, answer.rawPayload);
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(
          /\s+/g,
          ' ',
        );
        expect(text).toContain(`Facture ${invoice.number}`);
        expect(text).toContain('Conception graphique');
        expect(text).toContain('Café ? offert');
        expect(text).toContain('Échéance');
        // 2 × 1 234,50 € = 2 469,00 €; 10 % tax = 246,90 €; total 2 715,90 €
        expect(text).toMatch(/Total 2\s715,90\s€/);
        expect(text).toContain('Taxe (10 %)');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });

  describe('reminders', () => {
    it('reminds the issuer and the customer before the due date and once overdue, each once', async () => {
      const ada = await person();
      const customerEmail = uniqueEmail('customer');
      const invoice = await sentInvoice(ada, { customerEmail, dueDate: '2026-05-20' });
      const mailsOf = async () => (await readOutbox(testApp.app, customerEmail)).length;
      expect(await mailsOf()).toBe(1);
      const reminders = testApp.app.invoiceReminders;
      const day = (iso: string) => new Date(`${iso}T10:00:00Z`);

      expect((await reminders.remindDue(day('2026-05-16'))).before).not.toContain(invoice.id);
      expect((await reminders.remindDue(day('2026-05-17'))).before).toContain(invoice.id);
      expect((await reminders.remindDue(day('2026-05-18'))).before).not.toContain(invoice.id);
      expect((await reminders.remindDue(day('2026-05-20'))).overdue).not.toContain(invoice.id);
      expect((await reminders.remindDue(day('2026-05-21'))).overdue).toContain(invoice.id);
      expect((await reminders.remindDue(day('2026-05-22'))).overdue).not.toContain(invoice.id);

      const events = (await notificationsOf(ada)).map((n) => n.event);
      expect(events.filter((event) => event === 'invoice_due_soon')).toHaveLength(1);
      expect(events.filter((event) => event === 'invoice_overdue')).toHaveLength(1);
      const mails = await readOutbox(testApp.app, customerEmail);
      expect(mails).toHaveLength(3);
      expect(mails.some((mail) => mail.subject.startsWith('Overdue'))).toBe(true);
    });

    it('counts the due date in the issuer’s own days, as their list does', async () => {
      const ada = await person();
      await db().update(profiles).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(profiles.id, ada.userId));
      const invoice = await sentInvoice(ada, { dueDate: '2026-05-20' });
      const reminders = testApp.app.invoiceReminders;
      // 2026-05-20T11:00Z is still the 20th in UTC but already the 21st at UTC+14.
      const localNextDay = new Date('2026-05-20T11:00:00Z');
      expect((await call(ada, 'GET', `/api/invoices/${invoice.id}`)).json<Invoice>().status).toBe('sent');
      expect((await reminders.remindDue(new Date('2026-05-20T09:00:00Z'))).overdue).not.toContain(invoice.id);
      expect((await reminders.remindDue(localNextDay)).overdue).toContain(invoice.id);
    });

    it('never reminds of a paid or void invoice', async () => {
      const ada = await person();
      const paid = await sentInvoice(ada, { dueDate: '2026-05-12' });
      const voided = await sentInvoice(ada, { dueDate: '2026-05-12' });
      expect((await pay(codeOf(paid), { card: testCard() })).statusCode).toBe(201);
      await call(ada, 'POST', `/api/invoices/${voided.id}/void`);
      const round = await testApp.app.invoiceReminders.remindDue(new Date('2026-05-14T10:00:00Z'));
      expect([...round.before, ...round.overdue]).not.toContain(paid.id);
      expect([...round.before, ...round.overdue]).not.toContain(voided.id);
      await settle();
    });
  });
});

describe('invoice limits against abuse', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      now: () => new Date('2026-05-10T09:00:00Z'),
      rateLimits: {
        ...ROOMY_RATE_LIMITS,
        ...ROOMY_TIP_RATE_LIMITS,
        invoicePublicPerIp: { max: 2, windowSeconds: 60 },
        invoicePdfPerUser: { max: 2, windowSeconds: 300 },
      },
    });
  });
  afterAll(() => testApp.close());

  const sentInvoiceOf = async (ada: Person) => {
    const created = await testApp.app.inject(
      as(ada, {
        method: 'POST',
        url: '/api/invoices',
        payload: {
          customerName: 'Grace Hopper',
          customerEmail: uniqueEmail('customer'),
          currency: 'USD',
          dueDate: '2026-05-31',
          lines: [{ description: 'Design work', quantity: 1, unitPriceMinor: 1_000 }],
        },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const sent = await testApp.app.inject(
      as(ada, { method: 'POST', url: `/api/invoices/${created.json<Invoice>().id}/send` }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json<Invoice>();
  };

  it('slows down one address reading public invoices, and one person rendering PDFs', async () => {
    const ada = await createPerson(testApp.app, testApp.database.db, { phoneVerified: true });
    const invoice = await sentInvoiceOf(ada);
    const code = invoice.payUrl?.split('/i/')[1];
    const read = (ip: string) =>
      testApp.app.inject({ method: 'GET', url: `/api/public/invoices/${code}`, remoteAddress: ip });
    expect((await read('198.51.100.7')).statusCode).toBe(200);
    expect((await read('198.51.100.7')).statusCode).toBe(200);
    const over = await read('198.51.100.7');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    expect((await read('198.51.100.8')).statusCode).toBe(200);

    const pdf = () => testApp.app.inject(as(ada, { method: 'GET', url: `/api/invoices/${invoice.id}.pdf` }));
    expect((await pdf()).statusCode).toBe(200);
    expect((await pdf()).statusCode).toBe(200);
    expect((await pdf()).statusCode).toBe(429);
    const grace = await createPerson(testApp.app, testApp.database.db, { phoneVerified: true });
    const other = await testApp.app.inject(
      as(grace, { method: 'GET', url: `/api/invoices/${invoice.id}.pdf` }),
    );
    expect(other.statusCode).toBe(404);
  });
});
