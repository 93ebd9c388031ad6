import type { PaymentMethod } from '@ztart/shared/contracts/payment-methods';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw-query.ts';
import { SANDBOX_TEST_CARDS } from '../../integrations/card-processor/sandbox.ts';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { auditLog } from '../activity/tables.ts';
import { openBankDetails } from './bank-details.ts';

const billingAddress = { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'us' };

const cardBody = (number = '4242 4242 4242 4242', overrides: Record<string, unknown> = {}) => ({
  type: 'card',
  number,
  expMonth: 12,
  expYear: 2031,
  cvc: '731',
  cardholderName: 'Ada Lovelace',
  billingAddress,
  ...overrides,
});

describe('payment methods', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({ now: clock.now });
  });
  afterAll(() => testApp.close());

  const call = (person: SignedInPerson, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    testApp.app.inject(as(person, { method, url, ...(payload ? { payload } : {}) }));
  const add = async (person: SignedInPerson, body: object): Promise<PaymentMethod> => {
    clock.advance({ seconds: 1 });
    const answer = await call(person, 'POST', '/api/payment-methods', body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json();
  };
  const list = async (person: SignedInPerson): Promise<PaymentMethod[]> =>
    (await call(person, 'GET', '/api/payment-methods')).json().items;
  const refusal = async (person: SignedInPerson, body: object) => {
    const answer = await call(person, 'POST', '/api/payment-methods', body);
    return { status: answer.statusCode, ...answer.json().error };
  };

  it('adds a card with only its brand, last four digits and expiry, the first one as default', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const card = await add(person, cardBody());

    expect(card).toEqual({
      id: expect.any(String),
      type: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
      holderName: 'Ada Lovelace',
      billingAddress: { ...billingAddress, country: 'US' },
      bankAccountKind: null,
      country: null,
      isDefault: true,
      createdAt: clock.now().toISOString(),
    });
    expect(await list(person)).toEqual([card]);
  });

  it('keeps one default per type: a new default clears the old, removing it promotes the newest', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const first = await add(person, cardBody());
    const second = await add(person, cardBody('5555 5555 5555 4444'));
    const third = await add(person, cardBody('3782 822463 10005', { cvc: '8642' }));
    const bank = await add(person, {
      type: 'bank_account',
      holderName: 'Ada',
      iban: 'GB82 WEST 1234 5698 7654 32',
    });
    expect([first.isDefault, second.isDefault, third.isDefault, bank.isDefault]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect((await list(person)).map((method) => method.id)).toEqual([bank.id, first.id, third.id, second.id]);

    const made = await call(person, 'POST', `/api/payment-methods/${second.id}/default`);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id: second.id, isDefault: true });
    const defaults = (await list(person)).filter((method) => method.isDefault).map((method) => method.id);
    expect(defaults.sort()).toEqual([second.id, bank.id].sort());

    const removed = await call(person, 'DELETE', `/api/payment-methods/${second.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await list(person)).map((method) => [method.id, method.isDefault])).toEqual([
      [bank.id, true],
      [third.id, true],
      [first.id, false],
    ]);
    expect((await call(person, 'DELETE', `/api/payment-methods/${second.id}`)).statusCode).toBe(404);

    const audit = await testApp.database.db
      .select({ action: auditLog.actionType, resource: auditLog.resource })
      .from(auditLog)
      .where(eq(auditLog.userId, person.userId));
    expect(audit.filter((row) => row.action === 'payment_method_added')).toHaveLength(4);
    expect(audit).toContainEqual({ action: 'payment_method_removed', resource: second.id });
  });

  it("answers 404 payment_method_not_found for someone else's method and leaves it alone", async () => {
    const owner = await signUpAndSignIn(testApp.app);
    const stranger = await signUpAndSignIn(testApp.app);
    const card = await add(owner, cardBody());
    await add(owner, cardBody('5555 5555 5555 4444'));

    for (const [method, url] of [
      ['POST', `/api/payment-methods/${card.id}/default`],
      ['DELETE', `/api/payment-methods/${card.id}`],
    ] as const) {
      const answer = await call(stranger, method, url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('payment_method_not_found');
    }
    expect(await list(stranger)).toEqual([]);
    expect((await list(owner)).find((method) => method.id === card.id)?.isDefault).toBe(true);
    const unsigned = await testApp.app.inject({ method: 'GET', url: '/api/payment-methods' });
    expect(unsigned.statusCode).toBe(401);
  });

  it('refuses a bad card with the code and the field at fault', async () => {
    const person = await signUpAndSignIn(testApp.app);

    expect(await refusal(person, cardBody('4242 4242 4242 4241'))).toMatchObject({
      status: 422,
      code: 'card_number_invalid',
      details: { field: 'number' },
    });
    expect(await refusal(person, cardBody(undefined, { expMonth: 4, expYear: 2026 }))).toMatchObject({
      status: 422,
      code: 'card_expired',
      details: { field: 'expMonth' },
    });
    expect(await refusal(person, cardBody('3782 822463 10005', { cvc: '123' }))).toMatchObject({
      status: 422,
      code: 'card_cvc_invalid',
      details: { field: 'cvc' },
    });
    expect((await refusal(person, cardBody(undefined, { expMonth: 13 }))).code).toBe('validation_failed');
    expect(await list(person)).toEqual([]);
  });

  it('does not save a card its bank refuses at the zero-amount check, and says why', async () => {
    const person = await signUpAndSignIn(testApp.app);

    for (const [number, code] of [
      [SANDBOX_TEST_CARDS.declined, 'card_declined'],
      [SANDBOX_TEST_CARDS.insufficientFunds, 'card_insufficient_funds'],
    ] as const) {
      expect(await refusal(person, cardBody(number)), number).toMatchObject({ status: 402, code });
    }
    expect(await list(person)).toEqual([]);
    const added = await queryRows<{ count: string | number }>(
      testApp.database.db,
      sql`SELECT COUNT(*) AS count FROM audit_log WHERE user_id = ${person.userId} AND action_type = 'payment_method_added'`,
    );
    expect(Number(added[0]?.count)).toBe(0);

    // The next card that passes the check becomes the default: no refused card was ever one.
    const card = await add(person, cardBody());
    expect(card).toMatchObject({ last4: '4242', isDefault: true });
    // Nothing was charged: the check leaves no operation to settle.
    const operations = await queryRows<{ count: string | number }>(
      testApp.database.db,
      sql`SELECT COUNT(*) AS count FROM sandbox_operations`,
    );
    expect(Number(operations[0]?.count)).toBe(0);
  });

  it('limits the cards one person may have checked by their bank, so stolen numbers cannot be tried one after another', async () => {
    const limited = await buildTestApp({
      now: clock.now,
      rateLimits: { cardCheckPerUser: { max: 2, windowSeconds: 3600 } },
    });
    try {
      const person = await signUpAndSignIn(limited.app);
      const addCard = (number: string) =>
        limited.app.inject(
          as(person, { method: 'POST', url: '/api/payment-methods', payload: cardBody(number) }),
        );
      expect((await addCard(SANDBOX_TEST_CARDS.declined)).statusCode).toBe(402);
      expect((await addCard('4242 4242 4242 4242')).statusCode).toBe(201);

      const third = await addCard('5555 5555 5555 4444');
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('rate_limited');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      const saved = await limited.app.inject(as(person, { method: 'GET', url: '/api/payment-methods' }));
      expect(saved.json().items.map((method: PaymentMethod) => method.last4)).toEqual(['4242']);

      // A bank account is not checked with a card's bank and is not counted.
      const bank = await limited.app.inject(
        as(person, {
          method: 'POST',
          url: '/api/payment-methods',
          payload: { type: 'bank_account', holderName: 'Ada', iban: 'DE89 3704 0044 0532 0130 00' },
        }),
      );
      expect(bank.statusCode, bank.body).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('keeps bank accounts normalized and shows their last four digits only', async () => {
    const person = await signUpAndSignIn(testApp.app);

    const iban = await add(person, {
      type: 'bank_account',
      holderName: 'Ada',
      iban: 'de89 3704 0044 0532 0130 00',
    });
    const us = await add(person, {
      type: 'bank_account',
      holderName: 'Ada',
      accountNumber: '000123456789',
      routingNumber: '110000000',
    });

    expect(iban).toMatchObject({ bankAccountKind: 'iban', country: 'DE', last4: '3000', brand: null });
    expect(us).toMatchObject({ bankAccountKind: 'us_account', country: null, last4: '6789' });
    expect(JSON.stringify(await list(person))).not.toMatch(/DE89|000123456789|110000000/);
    const [stored] = await queryRows<{ id: string; sealed: string }>(
      testApp.database.db,
      sql`SELECT id, bank_details_encrypted AS sealed FROM payment_methods WHERE id = ${iban.id}`,
    );
    expect(openBankDetails(testApp.config.dataEncryptionKeys, stored!.id, stored!.sealed)).toEqual({
      kind: 'iban',
      iban: 'DE89370400440532013000',
    });
  });

  it('refuses a bad IBAN, routing number or account number with its own code', async () => {
    const person = await signUpAndSignIn(testApp.app);
    const bank = (fields: object) => refusal(person, { type: 'bank_account', holderName: 'Ada', ...fields });

    expect(await bank({ iban: 'DE89 3704 0044 0532 0130 01' })).toMatchObject({
      status: 422,
      code: 'iban_invalid',
      details: { field: 'iban' },
    });
    expect(await bank({ accountNumber: '000123456789', routingNumber: '110000001' })).toMatchObject({
      status: 422,
      code: 'routing_number_invalid',
      details: { field: 'routingNumber' },
    });
    expect(await bank({ accountNumber: '12', routingNumber: '110000000' })).toMatchObject({
      status: 422,
      code: 'account_number_invalid',
      details: { field: 'accountNumber' },
    });
    expect(await bank({})).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(await list(person)).toEqual([]);
  });

  it('never keeps a card number or CVC anywhere in the database', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await add(person, cardBody('4242 4242 4242 4242', { cvc: '731' }));
    await add(person, cardBody('3782-822463-10005', { cvc: '8642' }));

    const tables = await queryRows<{ name: string }>(
      testApp.database.db,
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = ${testApp.database.schemaName} AND table_type = 'BASE TABLE'`,
    );
    let text = '';
    for (const { name } of tables) {
      const rows = await queryRows<{ row: string }>(
        testApp.database.db,
        sql`SELECT t::text AS row FROM ${sql.identifier(name)} t`,
      );
      text += rows.map((row) => row.row).join('\n');
    }
    expect(text).toContain('4242');
    for (const secret of [
      '4242424242424242',
      '4242 4242 4242 4242',
      '378282246310005',
      '3782-822463-10005',
    ]) {
      expect(text).not.toContain(secret);
    }
    // A CVC counts only on its own (not inside a longer number, an id or a fraction of a second).
    for (const cvc of ['731', '8642']) {
      expect(text).not.toMatch(new RegExp(`(?<![0-9A-Za-z.:-])${cvc}(?![0-9A-Za-z])`));
    }
  });
});
