import { randomBytes } from 'node:crypto';
import { RATE_LIMITS } from '@ztart/shared/limits';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../modules/auth/sessions.ts';
import { as, uniqueIp } from '../test/accounts.ts';
import { createFundedPeople, type FundedPerson } from '../test/money-people.ts';
import {
  type FuzzRequest,
  type Hints,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  RequestArbitraries,
  type RequestParts,
} from '../test/openapi-fuzz.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { encodeCursor } from './cursor.ts';

/**
 * Every operation of the published OpenAPI document gets at least MIN_CASES_PER_OPERATION
 * requests, signed out and signed in (with the CSRF header): plausible ones, ones with a single
 * odd value (NUL, lone surrogates, RTL, emoji, 1 MB, wrong types, prototype keys), and malformed
 * ones (raw bodies, deep nesting, wrong content types, odd path parameters and query strings).
 * Any answer of 500 or more, or an answer that breaks off, fails the test. Fixed seeds: the same
 * requests on every run.
 */
const SEED = 20_261_125;
const GENERATED_CASES_PER_OPERATION = 40;
const MIN_CASES_PER_OPERATION = 50;
const FUZZ_TIMEOUT_MS = 240_000;
/** An answer that takes longer than this (on a loaded machine) counts as a failure: the server hung. */
const ANSWER_DEADLINE_MS = 20_000;
const answerDeadline = () => AbortSignal.timeout(ANSWER_DEADLINE_MS);
/** The streams of live events and of the observatory never end by themselves: judged by their status alone. */
const STREAMING_PATHS = new Set(['/api/events', '/api/observatory/events']);

/** The limits stay on, but so high that the fuzzing reaches the routes behind them. */
const OPEN_RATE_LIMITS = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([name, rule]) => [name, { ...rule, max: 1_000_000 }]),
);

interface Identity {
  name: 'signed out' | 'signed in';
  options(request: FuzzRequest): InjectOptions;
}

interface Failure {
  operation: string;
  identity: string;
  label: string;
  status: number | 'broke off';
  answer: string;
}

describe('every API operation under malformed and odd input', () => {
  let testApp: TestApp;
  let document: OpenApiDocument;
  let person: FundedPerson & { ip: string };
  let hints: Hints;

  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: OPEN_RATE_LIMITS });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const [fuzzer, recipient] = await createFundedPeople(testApp.database.db, {
      count: 2,
      fundMinor: 5_000_000,
      currency: 'USD',
    });
    person = { ...fuzzer!, ip: uniqueIp() };
    hints = await hintsFor(testApp, person, recipient!);
  }, 60_000);
  afterAll(() => testApp.close());

  const signedOut: Identity = {
    name: 'signed out',
    options: (request) => ({ ...request, remoteAddress: uniqueIp() }),
  };
  const signedIn: Identity = {
    name: 'signed in',
    options: (request) => as(person, { ...request }),
  };

  it('answers NUL or a lone surrogate in a text field with 400 validation_failed naming the field', async () => {
    for (const name of ['Coffee\u0000', 'Coffee\ud800']) {
      const answer = await testApp.app.inject(
        as(person, { method: 'POST', url: '/api/categories', payload: { name } }),
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toMatchObject({
        code: 'validation_failed',
        details: { source: 'body', issues: [{ path: 'name', message: 'validation.text.unsafe' }] },
      });
    }
  });

  for (const identity of [signedOut, signedIn]) {
    it(
      `answers no 5xx to ${MIN_CASES_PER_OPERATION}+ cases per operation, ${identity.name}`,
      async () => {
        const operations = operationsOf(document);
        const started = performance.now();
        const failures: Failure[] = [];
        const statuses = new Map<number, number>();
        let sent = 0;
        for (const [index, operation] of operations.entries()) {
          const requests = casesFor(operation, index);
          expect(requests.length, `${operation.method} ${operation.path}`).toBeGreaterThanOrEqual(
            MIN_CASES_PER_OPERATION,
          );
          for (const request of requests) {
            const result = await send(testApp, operation, identity.options(withIdempotencyKey(request)));
            sent++;
            if (typeof result.status === 'number')
              statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
            if (result.status === 'broke off' || result.status >= 500) {
              failures.push({
                operation: `${operation.method} ${operation.path}`,
                identity: identity.name,
                label: request.label,
                status: result.status,
                answer: result.answer.slice(0, 300),
              });
            }
          }
          if (identity === signedIn) await keepSignedIn(testApp, person);
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.info(
          `OpenAPI fuzz, ${identity.name}: ${operations.length} operations, ${sent} requests in ${seconds} s; ` +
            `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
        );
        expect(failures).toEqual([]);
      },
      FUZZ_TIMEOUT_MS,
    );
  }

  function casesFor(operation: Operation, index: number): FuzzRequest[] {
    const arbitraries = new RequestArbitraries(document, hints);
    const everyField = new RequestArbitraries(document, hints, { everyProperty: true });
    const [sampled] = fc.sample(everyField.plausibleParts(operation), { seed: SEED + index, numRuns: 1 });
    const written = writingRequests(hints)[`${operation.method} ${operation.path}`];
    const bases: [RequestParts, ...RequestParts[]] = written ? [written, sampled!] : [sampled!];
    const generated = fc.sample(arbitraries.requests(operation), {
      seed: SEED + index,
      numRuns: GENERATED_CASES_PER_OPERATION,
    });
    return [...arbitraries.fixedRequests(operation, bases), ...generated];
  }
});

/**
 * Requests that succeed as they are, for the routes that write a person's text: each of their
 * fields then gets NUL, a lone surrogate and 1 MB in turn, so that a field left unchecked would
 * reach the database.
 */
function writingRequests(hints: Hints): Record<string, RequestParts> {
  const [id] = hints.id as string[];
  const [qrId] = hints.qrId as string[];
  const [transactionId] = hints.transactionId as string[];
  const [ownTag] = hints.ownTag as string[];
  const [qrCode] = hints.qrCode as string[];
  const [recipient] = hints.recipient as string[];
  const address = {
    line1: '1 Main St',
    line2: 'Flat 2',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    country: 'US',
  };
  const text = 'Plain text';
  return {
    'PATCH /api/profiles/me': {
      path: {},
      query: {},
      body: {
        fullName: text,
        username: text,
        location: text,
        bio: text,
        website: 'https://example.com/me',
        socialLinks: { site: 'https://example.com/x' },
        birthday: '1990-01-01',
        language: 'en',
      },
    },
    'POST /api/payment-methods': {
      path: {},
      query: {},
      body: {
        type: 'card',
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        cardholderName: text,
        billingAddress: address,
      },
    },
    'POST /api/categories': { path: {}, query: {}, body: { name: text, color: '#aabbcc' } },
    'PATCH /api/categories/{id}': {
      path: { id: id! },
      query: {},
      body: { name: 'Another name', color: '#aabbcc' },
    },
    'PATCH /api/transactions/{id}': { path: { id: transactionId! }, query: {}, body: { note: text } },
    'POST /api/transfers': {
      path: {},
      query: {},
      body: { recipient: recipient!, amountMinor: 100, currency: 'USD', note: text },
    },
    'POST /api/qr-codes': {
      path: {},
      query: {},
      body: {
        title: text,
        description: text,
        currency: 'USD',
        emv: { profile: 'emv', merchantName: text, merchantCity: text, countryCode: 'US' },
        dynamic: {
          enabled: true,
          timeZone: 'UTC',
          redirectUrl: 'https://example.com/menu',
          message: text,
          rules: [
            {
              conditions: { time: { startHour: 8, endHour: 12 } },
              target: { redirectUrl: null, message: text },
            },
          ],
        },
      },
    },
    'PATCH /api/qr-codes/{id}': { path: { id: qrId! }, query: {}, body: { title: text, description: text } },
    'POST /api/tips': {
      path: {},
      query: {},
      body: {
        receiver: ownTag!,
        amountMinor: 500,
        currency: 'USD',
        message: text,
        senderEmail: 'fan@example.com',
        card: {
          number: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: 2030,
          cvc: '123',
          cardholderName: text,
        },
        qrCode: qrCode!,
      },
    },
    'POST /api/rpc/log_user_action': {
      path: {},
      query: {},
      body: {
        p_action_type: 'viewed',
        p_resource: text,
        p_metadata: { page: text, nested: { list: [text] } },
      },
    },
  };
}

/** Money-moving POSTs need an Idempotency-Key: most requests carry a fresh one, some an odd one. */
let keyCounter = 0;
function withIdempotencyKey(request: FuzzRequest): FuzzRequest {
  if (request.method === 'GET') return request;
  keyCounter++;
  const odd = ['', ' ', 'k'.repeat(300), 'clé-ü'];
  const key = keyCounter % 7 === 0 ? odd[keyCounter % odd.length]! : `fuzz-${keyCounter}`;
  return { ...request, headers: { ...request.headers, 'idempotency-key': key } };
}

async function send(
  testApp: TestApp,
  operation: Operation,
  options: InjectOptions,
): Promise<{ status: number | 'broke off'; answer: string }> {
  try {
    if (STREAMING_PATHS.has(operation.path)) return await sendOverHttp(testApp, options);
    const answer = await testApp.app.inject({ ...options, signal: answerDeadline() });
    return { status: answer.statusCode, answer: answer.body };
  } catch (error) {
    return { status: 'broke off', answer: String(error) };
  }
}

/**
 * A stream that opens never ends, so it goes over a real connection: its status is read, then
 * the connection is dropped.
 */
async function sendOverHttp(testApp: TestApp, options: InjectOptions) {
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test app is not listening');
  const cookies = Object.entries(options.cookies ?? {})
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('; ');
  const headers = { ...(options.headers as Record<string, string>), ...(cookies ? { cookie: cookies } : {}) };
  const method = options.method ?? 'GET';
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), ANSWER_DEADLINE_MS);
  try {
    const answer = await fetch(`http://127.0.0.1:${address.port}${options.url}`, {
      method,
      headers,
      body:
        method === 'GET' || method === 'HEAD' ? undefined : (options.payload as string | Buffer | undefined),
      signal: controller.signal,
    });
    const status = answer.status;
    controller.abort();
    return { status, answer: '' };
  } finally {
    clearTimeout(deadline);
  }
}

/** A route that signs out (or a password change) ends the session: the next operation gets a new one. */
async function keepSignedIn(testApp: TestApp, person: FundedPerson & { ip: string }) {
  const session = await testApp.app.inject(as(person, { method: 'GET', url: '/api/auth/session' }));
  if (session.json().user) return;
  const { token } = await createSession(testApp.database.db, {
    userId: person.userId,
    userAgent: 'fuzz',
    now: new Date(),
  });
  person.sessionToken = token;
}

/**
 * Real ids and values of the signed-in person, so that plausible requests get past "not found"
 * to the code that writes: a card, a bank account, a category, a transfer each way (and so a
 * notification), a QR code.
 */
async function hintsFor(testApp: TestApp, person: FundedPerson & { ip: string }, recipient: FundedPerson) {
  const { app } = testApp;
  const post = async (url: string, payload: object) => {
    const answer = await app.inject(
      as(person, {
        method: 'POST',
        url,
        payload,
        headers: { 'idempotency-key': randomBytes(8).toString('hex') },
      }),
    );
    expect(answer.statusCode, `${url}: ${answer.body}`).toBeLessThan(300);
    return answer.json();
  };
  const card = await post('/api/payment-methods', {
    type: 'card',
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
    cardholderName: 'Fuzz Person',
    billingAddress: { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
  });
  const bank = await post('/api/payment-methods', {
    type: 'bank_account',
    holderName: 'Fuzz Person',
    iban: 'DE89 3704 0044 0532 0130 00',
  });
  const category = await post('/api/categories', { name: 'Fuzzing' });
  const qr = await post('/api/qr-codes', { title: 'Fuzz QR', currency: 'USD' });
  const sent = await post('/api/transfers', {
    recipient: recipient.ztartag,
    amountMinor: 150,
    currency: 'USD',
  });
  const back = await app.inject(
    as(
      { ...recipient, ip: uniqueIp() },
      {
        method: 'POST',
        url: '/api/transfers',
        payload: { recipient: person.ztartag, amountMinor: 100, currency: 'USD' },
        headers: { 'idempotency-key': randomBytes(8).toString('hex') },
      },
    ),
  );
  expect(back.statusCode, back.body).toBe(201);
  const notifications = (await app.inject(as(person, { method: 'GET', url: '/api/notifications' }))).json();
  const sessions = (await app.inject(as(person, { method: 'GET', url: '/api/auth/sessions' }))).json();
  const transaction = sent.transaction;
  return {
    id: [
      category.id,
      transaction.id,
      qr.id,
      card.id,
      bank.id,
      notifications.items[0]?.id,
      sessions.items[0]?.id,
    ].filter(Boolean),
    qrId: [qr.id],
    transactionId: [transaction.id],
    ownTag: [person.ztartag],
    userId: [person.userId],
    p_user_id: [person.userId],
    tag: [recipient.ztartag, person.ztartag],
    ztartag: [recipient.ztartag],
    receiver: [recipient.ztartag, person.ztartag],
    recipient: [recipient.ztartag, `@${recipient.ztartag}`],
    q: [recipient.ztartag, 'Transfer'],
    code: [qr.code],
    qrCode: [qr.code],
    paymentMethodId: [card.id, bank.id],
    categoryId: [category.id],
    category: [category.id],
    cursor: [encodeCursor({ createdAt: new Date(transaction.createdAt), id: transaction.id })],
    number: ['4242 4242 4242 4242', '4000 0000 0000 0002'],
    cvc: ['123'],
    expMonth: [12],
    expYear: [2030],
    currency: ['USD'],
    amountMinor: [100, 250],
    timeZone: ['UTC', 'Europe/Paris'],
    country: ['US'],
    countryCode: ['BR'],
    iban: ['DE89 3704 0044 0532 0130 00'],
    accountNumber: ['000123456789'],
    routingNumber: ['110000000'],
    source: ['wallet', 'card'],
  } satisfies Hints;
}
