import { randomUUID } from 'node:crypto';
import { balanceNotEmptyDetailsSchema } from '@ztart/shared/contracts/profiles';
import type { Currency } from '@ztart/shared/money';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../../integrations/card-processor/sandbox.ts';
import { as, type SignedInPerson, signUpAndSignIn } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestClock } from '../../test/test-clock.ts';
import { expectMoneyKept, postTip, ROOMY_TIP_RATE_LIMITS } from '../../test/tip-fixtures.ts';
import { users } from '../auth/tables.ts';

const SETTLEMENT_DELAY_MS = 4_000;

/**
 * An account is the only way to its money: deleting one that still holds some (available,
 * on its way in, or held by a withdrawal) would leave that money where nobody can reach it.
 */
describe('deleting an account that still holds money', () => {
  let testApp: TestApp;
  const clock = createTestClock(new Date('2026-05-10T09:00:00Z'));
  beforeAll(async () => {
    testApp = await buildTestApp({
      now: clock.now,
      config: { cardSettlementDelayMs: SETTLEMENT_DELAY_MS },
      rateLimits: ROOMY_TIP_RATE_LIMITS,
    });
  });
  afterAll(() => testApp.close());
  afterEach(() => expectMoneyKept(testApp.database.db));

  const call = (person: SignedInPerson, method: 'POST' | 'DELETE', url: string, payload: object) =>
    testApp.app.inject(as(person, { method, url, payload, headers: { 'idempotency-key': randomUUID() } }));
  const addMethod = async (person: SignedInPerson, body: object): Promise<string> => {
    const answer = await call(person, 'POST', '/api/payment-methods', body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().id;
  };
  const addCard = (person: SignedInPerson) =>
    addMethod(person, {
      type: 'card',
      number: SANDBOX_TEST_CARDS.succeeds,
      expMonth: 12,
      expYear: 2031,
      cvc: '123',
      cardholderName: 'Ana Ferreira',
      billingAddress: { line1: '1 Rua Augusta', city: 'Lisboa', postalCode: '1100-053', country: 'PT' },
    });
  const addBank = (person: SignedInPerson) =>
    addMethod(person, {
      type: 'bank_account',
      holderName: 'Ana Ferreira',
      iban: 'GB82 WEST 1234 5698 7654 32',
    });
  const deposit = async (person: SignedInPerson, card: string, amountMinor: number, currency: Currency) => {
    const answer = await call(person, 'POST', '/api/wallet/deposits', {
      paymentMethodId: card,
      amountMinor,
      currency,
    });
    expect(answer.statusCode, answer.body).toBe(201);
  };
  const settle = () => {
    clock.advance({ seconds: SETTLEMENT_DELAY_MS / 1000 });
    return testApp.app.settlement.settleDue(clock.now());
  };
  const deleteAccountOf = (person: SignedInPerson) =>
    call(person, 'DELETE', '/api/profiles/me', { confirmation: 'DELETE', password: person.password });
  /** The refusal, checked against the shared contract; the account is left exactly as it was. */
  const expectRefused = async (person: SignedInPerson) => {
    const answer = await deleteAccountOf(person);
    expect(answer.statusCode, answer.body).toBe(409);
    const { error } = answer.json();
    expect(error.code).toBe('balance_not_empty');
    expect(error.message).toMatch(/withdraw/i);
    const [user] = await testApp.database.db.select().from(users).where(eq(users.id, person.userId));
    expect(user).toMatchObject({ email: person.email, deletedAt: null });
    return balanceNotEmptyDetailsSchema.parse(error.details).balances;
  };

  it('refuses while 2.50 EUR is available, listing it; deletes once it has been withdrawn and paid out', async () => {
    const person = await signUpAndSignIn(testApp.app);
    await deposit(person, await addCard(person), 250, 'EUR');

    expect(await expectRefused(person)).toEqual([{ kind: 'pending', currency: 'EUR', amountMinor: 250 }]);

    await settle();
    expect(await expectRefused(person)).toEqual([{ kind: 'available', currency: 'EUR', amountMinor: 250 }]);

    const bank = await addBank(person);
    const withdrawal = await call(person, 'POST', '/api/wallet/withdrawals', {
      paymentMethodId: bank,
      amountMinor: 250,
      currency: 'EUR',
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    // Held until the bank pays it out: a returned payout would come back to this wallet.
    expect(await expectRefused(person)).toEqual([{ kind: 'held', currency: 'EUR', amountMinor: 250 }]);

    await settle();
    expect((await deleteAccountOf(person)).statusCode).toBe(204);
  });

  it('lists every kind and currency at once: available USD, a pending deposit in BRL, a pending tip in MXN', async () => {
    const ztartag = `keeps_${randomUUID().slice(0, 6)}`;
    const person = await signUpAndSignIn(testApp.app, { ztartag });
    const card = await addCard(person);
    await deposit(person, card, 1_000, 'USD');
    await settle();
    await deposit(person, card, 4_000, 'BRL');
    const tip = await postTip(testApp.app, {
      receiver: ztartag,
      amountMinor: 300,
      currency: 'MXN',
    });
    expect(tip.statusCode, tip.body).toBe(201);

    expect(await expectRefused(person)).toEqual([
      { kind: 'available', currency: 'USD', amountMinor: 1_000 },
      { kind: 'pending', currency: 'BRL', amountMinor: 4_000 },
      { kind: 'pending', currency: 'MXN', amountMinor: 300 },
    ]);
  });

  it('deletes an account that never held money', async () => {
    const person = await signUpAndSignIn(testApp.app);
    expect((await deleteAccountOf(person)).statusCode).toBe(204);
  });
});
