import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS } from '../integrations/card-processor/sandbox.ts';
import { paymentMethods } from '../modules/payment-methods/tables.ts';
import { as, latestToken, uniqueEmail } from '../test/accounts.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { postTip, ROOMY_TIP_RATE_LIMITS } from '../test/tip-fixtures.ts';
import { createPerson, fund, postTransfer } from '../test/transfer-fixtures.ts';
import { errorForLog, type LoggedError, safeErrorMessage, urlForLog } from './logger.ts';

/** Found as written or as a URL carries it; a digit string only on its own, not inside a longer number. */
function containsSecret(haystack: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) {
    return haystack.includes(secret) || haystack.includes(encodeURIComponent(secret));
  }
  return new RegExp(`(?<![0-9])${secret}(?![0-9])`).test(haystack);
}

describe('the logs of a day of use', () => {
  const lines: string[] = [];
  const secrets: Record<string, string> = {};
  let testApp: TestApp;

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
    // As a person runs it, with every request logged, at the most talkative level.
    testApp = await buildTestApp({
      config: { nodeEnv: 'development', logLevel: 'trace' },
      logStream,
      rateLimits: ROOMY_TIP_RATE_LIMITS,
    });
    const { app, database } = testApp;
    const db = database.db;
    // What an unexpected database failure looks like to the error handler: a query that fails
    // with payment details, a note and an address among its parameters, and one whose driver
    // error repeats the offending value (`Key (email)=(...) already exists`).
    app.post('/api/test/failing-query', async (request) => {
      const { token, iban, note, email } = request.body as Record<string, string>;
      await db.execute(sql`SELECT ${token}::integer AS token, ${iban} AS iban, ${note} AS note, ${email}`);
      return { ok: true };
    });
    app.post('/api/test/duplicate-email', async (request) => {
      const { email } = request.body as Record<string, string>;
      await db.execute(sql`INSERT INTO users (email) VALUES (${email})`);
      return { ok: true };
    });

    // Sign-up, verification and sign-in: the password and the mailed token.
    const sender = await createPerson(app, db);
    const receiver = await createPerson(app, db);
    secrets.password = sender.password;
    secrets.sessionToken = sender.sessionToken;
    secrets.senderEmail = sender.email;

    // A card: the number goes to the processor, its token stays with us.
    secrets.cardNumber = SANDBOX_TEST_CARDS.succeeds;
    const card = await app.inject(
      as(sender, {
        method: 'POST',
        url: '/api/payment-methods',
        payload: {
          type: 'card',
          number: secrets.cardNumber,
          expMonth: 12,
          expYear: 2031,
          cvc: '123',
          cardholderName: 'Ada Lovelace',
          billingAddress: {
            line1: '12 Hidden Lane',
            city: 'Springfield',
            postalCode: '62701',
            country: 'US',
          },
        },
      }),
    );
    expect(card.statusCode, card.body).toBe(201);
    const [cardRow] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, card.json().id));
    secrets.processorToken = cardRow!.processorToken!;

    // Bank accounts: an IBAN and a US account with its routing number.
    secrets.iban = 'GB82WEST12345698765432';
    secrets.accountNumber = '000123456789';
    for (const account of [
      { iban: 'GB82 WEST 1234 5698 7654 32' },
      { accountNumber: secrets.accountNumber, routingNumber: '110000000' },
    ]) {
      const added = await app.inject(
        as(sender, {
          method: 'POST',
          url: '/api/payment-methods',
          payload: { type: 'bank_account', holderName: 'Ada Lovelace', ...account },
        }),
      );
      expect(added.statusCode, added.body).toBe(201);
    }

    // A deposit by card, then a transfer with a note.
    const deposit = await app.inject(
      as(sender, {
        method: 'POST',
        url: '/api/wallet/deposits',
        payload: { paymentMethodId: card.json().id, amountMinor: 2_000, currency: 'USD' },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
    expect(deposit.statusCode, deposit.body).toBe(201);
    await fund(db, sender.userId, 5_000);
    secrets.note = 'Rent share for flat 4B, thanks Ana';
    const transfer = await postTransfer(app, sender, {
      recipient: receiver.ztartag,
      amountMinor: 1_500,
      note: secrets.note,
    });
    expect(transfer.statusCode, transfer.body).toBe(201);

    // A tip without an account, with the payer's address and a message.
    secrets.payerEmail = uniqueEmail('payer');
    secrets.tipMessage = 'Loved the set at Hidden Lane tonight';
    const tip = await postTip(app, {
      receiver: receiver.ztartag,
      senderEmail: secrets.payerEmail,
      message: secrets.tipMessage,
    });
    expect(tip.statusCode, tip.body).toBeLessThan(300);

    // URLs that carry an email and a one-time token in their query string.
    secrets.receiverEmail = receiver.email;
    const lookUp = await app.inject(
      as(sender, { method: 'GET', url: `/api/transfers/recipient?q=${encodeURIComponent(receiver.email)}` }),
    );
    expect(lookUp.statusCode, lookUp.body).toBeLessThan(500);
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: sender.email } });
    secrets.resetToken = await latestToken(app, sender.email, 'reset-password');
    await app.inject({ method: 'GET', url: `/auth?mode=reset-password&token=${secrets.resetToken}` });

    // Failed queries, answered 500 and logged by the error handler.
    const failed = await app.inject({
      method: 'POST',
      url: '/api/test/failing-query',
      payload: {
        token: secrets.processorToken,
        iban: secrets.iban,
        note: secrets.note,
        email: secrets.payerEmail,
      },
    });
    expect(failed.statusCode).toBe(500);
    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/test/duplicate-email',
      payload: { email: sender.email },
    });
    expect(duplicate.statusCode).toBe(500);
  }, 60_000);

  afterAll(() => testApp.close());

  const entries = () =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('hold no password, token, card or bank number, address, note or message', () => {
    const log = lines.join('');

    const found = Object.entries(secrets).filter(([, value]) => containsSecret(log, value));
    expect(found.map(([name]) => name)).toEqual([]);
    expect(log).not.toContain('GB82 WEST');
    expect(log).not.toContain('Hidden Lane');
  });

  it('still tell which requests came, with the names of their query parameters', () => {
    const urls = entries()
      .map((entry) => (entry.req as { url?: string } | undefined)?.url)
      .filter(Boolean);

    expect(urls).toContain('/api/transfers/recipient?q=[redacted]');
    expect(urls).toContain('/auth?mode=[redacted]&token=[redacted]');
    expect(urls).toContain('/api/payment-methods');
  });

  it('still tell what failed in a query: its statement, SQLSTATE and constraint, not its values', () => {
    const failures = entries()
      .filter((entry) => entry.msg === 'unexpected error')
      .map((entry) => entry.err as LoggedError);

    expect(failures).toHaveLength(2);
    const [cast, duplicate] = failures;
    expect(cast?.message).toMatch(/^Failed query: SELECT \$1::integer/);
    expect(cast?.cause).toMatchObject({ code: '22P02', message: expect.stringContaining('[redacted]') });
    expect(duplicate?.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
    expect(duplicate?.cause?.stack).toContain('    at ');
  });
});

describe('a URL as logged', () => {
  it('keeps its path and the names of its query parameters, never their values', () => {
    expect(urlForLog('/api/wallet')).toBe('/api/wallet');
    expect(urlForLog('/api/dev/outbox?to=ana%40example.com')).toBe('/api/dev/outbox?to=[redacted]');
    expect(urlForLog('/x?a=1&b&ana@example.com=2')).toBe('/x?a=[redacted]&b=[redacted]&_=[redacted]');
  });
});

describe('an error as logged', () => {
  it('keeps a plain error whole, and what is not an error as it is', () => {
    const logged = errorForLog(new RangeError('ledger row 42 is locked')) as LoggedError;

    expect(logged).toMatchObject({ type: 'RangeError', message: 'ledger row 42 is locked' });
    expect(logged.stack).toMatch(/^RangeError: ledger row 42 is locked\n {4}at /);
    expect(errorForLog({ message: 'already described' })).toEqual({ message: 'already described' });
  });

  it('loses the values a message quotes, and the query string of a URL it names', () => {
    const logged = errorForLog(
      new Error('Reply was already sent, url: /api/transfers/recipient?q=ana%40example.com'),
    ) as LoggedError;

    expect(logged.message).toBe('Reply was already sent, url: /api/transfers/recipient?[redacted]');
    expect(safeErrorMessage('invalid input syntax for type uuid: "ana@example.com"')).toBe(
      'invalid input syntax for type uuid: "[redacted]"',
    );
    expect(safeErrorMessage('Key (email)=(ana@example.com) already exists.')).toBe(
      'Key (email)=([redacted]) already exists.',
    );
    expect(safeErrorMessage('Message failed: 550 5.1.1 <ana.b+tips@mail.example.com>: no such user')).toBe(
      'Message failed: 550 5.1.1 <[email]>: no such user',
    );
  });
});
