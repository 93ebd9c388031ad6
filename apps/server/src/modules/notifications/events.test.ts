import type { AddressInfo } from 'node:net';
import { LIVE_EVENT_HEARTBEAT_SECONDS, type LiveEvent } from '@ztart/shared/contracts/notifications';
import type { ErrorResponse } from '@ztart/shared/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { openStream } from '../../test/event-stream.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createPerson, fund, postTransfer, ROOMY_RATE_LIMITS } from '../../test/transfer-fixtures.ts';
import { EventStreams, MAX_STREAMS_PER_PERSON } from './events.ts';
import { LiveEvents } from './live.ts';

describe('live events (GET /api/events)', () => {
  let testApp: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: ROOMY_RATE_LIMITS });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  // The last test closes it; closing twice is harmless.
  afterAll(() => testApp.close());

  it('refuses a stream without a signed-in person (401)', async () => {
    const answer = await fetch(`${baseUrl}/api/events`);
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as ErrorResponse).error.code).toBe('unauthorized');
  });

  it('delivers a transfer to the recipient’s open page, and the sender’s own transaction to theirs', async () => {
    const db = testApp.database.db;
    const sender = await createPerson(testApp.app, db, { fullName: 'Sol Sender' });
    const recipient = await createPerson(testApp.app, db);
    await fund(db, sender.userId, 5_000);
    const recipientStream = await openStream(baseUrl, recipient);
    const senderStream = await openStream(baseUrl, sender);
    expect(recipientStream.response.status).toBe(200);
    expect(recipientStream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(recipientStream.response.headers.get('cache-control')).toContain('no-cache');
    expect(recipientStream.response.headers.get('x-accel-buffering')).toBe('no');
    await recipientStream.waitFor((text) => text.includes(': connected'));

    const sent = await postTransfer(testApp.app, sender, {
      recipient: recipient.ztartag,
      amountMinor: 1_250,
    });
    expect(sent.statusCode).toBe(201);

    await recipientStream.waitFor((text) => text.includes('event: notification'));
    const [incoming] = recipientStream.events('transaction');
    expect(incoming).toMatchObject({
      type: 'transaction',
      transaction: { kind: 'transfer_in', amountMinor: 1_250, counterparty: { displayName: 'Sol Sender' } },
    });
    expect(recipientStream.events('notification')).toMatchObject([
      {
        type: 'notification',
        notification: {
          event: 'transfer_received',
          data: { amountMinor: 1_250, currency: 'USD', fromName: 'Sol Sender' },
        },
      },
    ]);
    await senderStream.waitFor((text) => text.includes('event: transaction'));
    expect(senderStream.events('transaction')).toMatchObject([
      { transaction: { id: sent.json().transaction.id, kind: 'transfer_out' } },
    ]);
    expect(senderStream.events('notification')).toEqual([]);

    await recipientStream.close();
    await senderStream.close();
  });

  it('ends open streams when the server closes, instead of waiting for them', async () => {
    const person = await createPerson(testApp.app, testApp.database.db);
    const stream = await openStream(baseUrl, person);
    await stream.waitFor((text) => text.includes(': connected'));

    const closing = testApp.app.close();

    // Without the server ending it, an open stream would hold close() forever.
    await stream.waitFor(() => stream.ended(), 2_000);
    expect(stream.text()).toContain(': connected');
    await closing;
  });
});

describe('an event stream', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  const live = new LiveEvents();
  beforeEach(async () => {
    // Sockets the test's fetch leaves half-open would otherwise hold close() for seconds.
    app = Fastify({ forceCloseConnections: true });
    registerErrorHandler(app);
    const streams = new EventStreams({ sessionIsOpen: async () => true, sessionCheckMs: 60_000 });
    app.addHook('preClose', async () => streams.endAll());
    app.get('/api/events', async (_request, reply) =>
      streams.open(reply, live, { userId: 'person-1', sessionId: 'session-1' }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    vi.useRealTimers();
    await app.close();
  });

  const untilNoListeners = async () => {
    const deadline = Date.now() + 5_000;
    while (live.listenerCount('person-1') > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('sends a heartbeat comment every 25 seconds and lets go of the person when the page closes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stream = await openStream(baseUrl);
    await stream.waitFor((text) => text.includes(': connected'));
    expect(live.listenerCount('person-1')).toBe(1);
    vi.advanceTimersByTime(LIVE_EVENT_HEARTBEAT_SECONDS * 1000 - 1);
    expect(stream.text()).not.toContain(': heartbeat');

    vi.advanceTimersByTime(1);
    await stream.waitFor((text) => text.includes(': heartbeat\n\n'));
    await stream.close();

    await untilNoListeners();
    expect(live.listenerCount('person-1')).toBe(0);
  });

  it('writes each event as `event: <type>` and its JSON', async () => {
    const stream = await openStream(baseUrl);
    await stream.waitFor((text) => text.includes(': connected'));
    const event: LiveEvent = {
      type: 'notification',
      notification: {
        id: '8d1c2a57-0d55-4c55-9a43-3f3a1bb2f0a1',
        type: 'system',
        event: 'deposit_completed',
        data: { amountMinor: 100, currency: 'EUR' },
        readAt: null,
        createdAt: '2026-01-02T03:04:05.000Z',
      },
    };
    live.publish('person-1', event);
    live.publish('someone-else', { ...event, notification: { ...event.notification, type: 'tip' } });

    await stream.waitFor((text) => text.includes('event: notification'));
    expect(stream.text()).toContain(`event: notification\ndata: ${JSON.stringify(event)}\n\n`);
    expect(stream.events('notification')).toEqual([event]);
    await stream.close();
  });

  it('holds at most 10 streams per person (429 for the next one)', async () => {
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_PERSON }, () => openStream(baseUrl)),
    );
    await Promise.all(streams.map((stream) => stream.waitFor((text) => text.includes(': connected'))));

    const refused = await fetch(`${baseUrl}/api/events`);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorResponse).error.code).toBe('rate_limited');
    await Promise.all(streams.map((stream) => stream.close()));
    await untilNoListeners();
  });
});
