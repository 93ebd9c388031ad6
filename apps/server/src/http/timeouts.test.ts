import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../test/event-stream.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { createPerson, ROOMY_RATE_LIMITS } from '../test/transfer-fixtures.ts';
import { CONNECTION_TIMEOUTS } from './timeouts.ts';

/** A raw TCP connection, to send exactly what a slow or silent client sends. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  const opened = Date.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  socket.on('error', () => {});
  return { socket, received: () => received, closed };
}

/** Resolves with how long the connection lived, or with 'open' if it outlives `withinMs`. */
function closedWithin(connection: ReturnType<typeof rawConnection>, withinMs: number) {
  return Promise.race([
    connection.closed,
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), withinMs)),
  ]);
}

describe('connections that hold a socket without using it', () => {
  describe('by default', () => {
    let testApp: TestApp;
    // A whole app on a new database: slow on a busy machine, so the hook may take its time.
    beforeAll(async () => {
      testApp = await buildTestApp();
    }, 180_000);
    afterAll(() => testApp.close());

    it('are bounded: headers, whole request, keep-alive and idle time', () => {
      const server = testApp.app.server;
      expect(server.headersTimeout).toBe(CONNECTION_TIMEOUTS.headersMs);
      expect(server.requestTimeout).toBe(CONNECTION_TIMEOUTS.requestMs);
      expect(server.keepAliveTimeout).toBe(CONNECTION_TIMEOUTS.keepAliveMs);
      expect(server.timeout).toBe(CONNECTION_TIMEOUTS.idleMs);
      // Each bound is finite, and a live stream's heartbeat (25 s) comes well within the idle one.
      for (const ms of Object.values(CONNECTION_TIMEOUTS)) expect(ms).toBeGreaterThan(0);
      expect(CONNECTION_TIMEOUTS.headersMs).toBeLessThanOrEqual(30_000);
      expect(CONNECTION_TIMEOUTS.idleMs).toBeGreaterThan(2 * 25_000);
    });
  });

  describe('with short timeouts', () => {
    let testApp: TestApp;
    let port: number;
    const timeouts = { headersMs: 600, requestMs: 1_200, keepAliveMs: 500, idleMs: 800, checkEveryMs: 100 };
    beforeAll(async () => {
      testApp = await buildTestApp({ rateLimits: ROOMY_RATE_LIMITS, timeouts });
      await testApp.app.listen({ port: 0, host: '127.0.0.1' });
      port = (testApp.app.server.address() as AddressInfo).port;
    }, 180_000);
    afterAll(() => testApp.close());

    it('closes a connection that sends nothing', async () => {
      const silent = rawConnection(port);

      const lived = await closedWithin(silent, 5_000);

      expect(lived).not.toBe('open');
      expect(lived).toBeLessThan(3_000);
    });

    it('answers 408 and closes a connection whose headers trickle in a byte at a time', async () => {
      const slow = rawConnection(port);
      slow.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      const trickle = setInterval(() => slow.socket.write('X'), 100);

      const lived = await closedWithin(slow, 5_000);
      clearInterval(trickle);

      expect(lived).not.toBe('open');
      expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    });

    it('closes an idle keep-alive connection after its request was answered', async () => {
      const client = rawConnection(port);
      client.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');

      const lived = await closedWithin(client, 5_000);

      expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
      expect(lived).not.toBe('open');
    });

    it('keeps a live event stream open past every one of those timeouts', async () => {
      const person = await createPerson(testApp.app, testApp.database.db);
      const stream = await openStream(`http://127.0.0.1:${port}`, person);
      await stream.waitFor((text) => text.includes(': connected'));

      await new Promise((resolve) => setTimeout(resolve, 2_500));

      expect(stream.ended()).toBe(false);
      await stream.close();
    });
  });
});
