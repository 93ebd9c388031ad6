import { RATE_LIMITS } from '@ztart/shared/limits';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type SignedInPerson, signUp, uniqueEmail } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  createPerson,
  fund,
  type Person,
  postTransfer,
  ROOMY_RATE_LIMITS,
  uniquePhone,
} from '../../test/transfer-fixtures.ts';
import { profiles } from '../profiles/tables.ts';

const ROOMY_LOOKUPS = { recipientLookupPerUser: { max: 1_000, windowSeconds: 900 } };

function lookUp(testApp: TestApp, who: SignedInPerson, typed: string) {
  return testApp.app.inject(
    as(who, { method: 'GET', url: `/api/transfers/recipient?q=${encodeURIComponent(typed)}` }),
  );
}

/**
 * Sign-up and password reset answer alike whether an address is registered or not. The recipient
 * look-up must not undo that: it finds only confirmed addresses and numbers, exactly as typed,
 * and each person may ask only so often.
 */
describe('finding a recipient by email or phone', () => {
  let testApp: TestApp;
  let sender: Person;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: { ...ROOMY_RATE_LIMITS, ...ROOMY_LOOKUPS } });
    sender = await createPerson(testApp.app, testApp.database.db);
  });
  afterAll(() => testApp.close());

  it('answers for an account whose email is not confirmed exactly as for an address nobody has', async () => {
    const { email: unconfirmed } = await signUp(testApp.app);
    const nobody = uniqueEmail('nobody');

    const forUnconfirmed = await lookUp(testApp, sender, unconfirmed);
    const forNobody = await lookUp(testApp, sender, nobody);

    expect(forNobody.statusCode).toBe(404);
    expect(forUnconfirmed.statusCode).toBe(404);
    expect(forUnconfirmed.json()).toEqual(forNobody.json());
    expect(forUnconfirmed.json().error.code).toBe('recipient_not_found');
  });

  it('tells nothing either when money is sent to an unconfirmed address', async () => {
    const { email: unconfirmed } = await signUp(testApp.app);
    await fund(testApp.database.db, sender.userId, 100);

    // More than the balance: an account found would answer insufficient_balance instead.
    const toUnconfirmed = await postTransfer(testApp.app, sender, {
      recipient: unconfirmed,
      amountMinor: 5_000,
    });
    const toNobody = await postTransfer(testApp.app, sender, {
      recipient: uniqueEmail('nobody'),
      amountMinor: 5_000,
    });

    expect(toUnconfirmed.statusCode).toBe(404);
    expect(toUnconfirmed.json()).toEqual(toNobody.json());
  });

  it('finds a confirmed address typed whole (in any letter case), never a part of it or a pattern', async () => {
    const recipient = await createPerson(testApp.app, testApp.database.db, { fullName: 'Rita Recipient' });
    const [local, domain] = recipient.email.split('@') as [string, string];

    expect((await lookUp(testApp, sender, recipient.email)).json()).toMatchObject({
      displayName: 'Rita Recipient',
    });
    expect((await lookUp(testApp, sender, recipient.email.toUpperCase())).statusCode).toBe(200);
    for (const partial of [
      `${local.slice(0, -1)}@${domain}`,
      `${local}@${domain.slice(0, -1)}`,
      `%@${domain}`,
      `${local.slice(0, 3)}%@${domain}`,
      `_${local.slice(1)}@${domain}`,
    ]) {
      expect((await lookUp(testApp, sender, partial)).statusCode, partial).toBe(404);
    }
  });

  it('finds a phone number only once its owner confirmed it', async () => {
    const recipient = await createPerson(testApp.app, testApp.database.db, { phoneVerified: true });
    const unconfirmed = await createPerson(testApp.app, testApp.database.db);
    const typedLater = uniquePhone();
    await testApp.database.db
      .update(profiles)
      .set({ phone: typedLater })
      .where(eq(profiles.id, unconfirmed.userId));

    expect((await lookUp(testApp, sender, recipient.phone!)).statusCode).toBe(200);
    const forUnconfirmed = await lookUp(testApp, sender, typedLater);
    const forNobody = await lookUp(testApp, sender, uniquePhone());
    expect(forUnconfirmed.statusCode).toBe(404);
    expect(forUnconfirmed.json()).toEqual(forNobody.json());
  });
});

describe('how often a person may name recipients by email or phone', () => {
  let testApp: TestApp;
  const max = 3;
  beforeAll(async () => {
    testApp = await buildTestApp({
      rateLimits: { ...ROOMY_RATE_LIMITS, recipientLookupPerUser: { max, windowSeconds: 900 } },
    });
  });
  afterAll(() => testApp.close());

  it('is limited per person (429 with Retry-After), counting transfers too; tags are not counted', async () => {
    const prober = await createPerson(testApp.app, testApp.database.db);
    const someoneElse = await createPerson(testApp.app, testApp.database.db);
    const known = await createPerson(testApp.app, testApp.database.db);

    for (let i = 0; i < max; i++) {
      // Each from a new address: the limit follows the person, not where they ask from.
      const answer = await lookUp(testApp, { ...prober, ip: `2001:db8::77:${i}` }, uniqueEmail('probe'));
      expect(answer.statusCode).toBe(404);
    }
    const limited = await lookUp(testApp, prober, known.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const byPhone = await lookUp(testApp, prober, uniquePhone());
    expect(byPhone.statusCode).toBe(429);
    const transfer = await postTransfer(testApp.app, prober, { recipient: known.email, amountMinor: 100 });
    expect(transfer.statusCode).toBe(429);

    // Public tags stay open to them, and other people are not held back.
    expect((await lookUp(testApp, prober, known.ztartag)).statusCode).toBe(200);
    expect((await lookUp(testApp, someoneElse, known.email)).statusCode).toBe(200);
  });

  it('has a limit that a real person sending money never reaches', () => {
    expect(RATE_LIMITS.recipientLookupPerUser.max).toBeGreaterThanOrEqual(20);
    expect(RATE_LIMITS.recipientLookupPerUser.windowSeconds).toBeLessThanOrEqual(60 * 60);
  });
});
