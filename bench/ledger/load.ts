import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FundedPerson } from '../../apps/server/src/test/money-people.ts';
import { sessionHeaders } from '../../apps/server/src/test/money-people.ts';

export interface LoadOptions {
  baseUrl: string;
  /** Everyone who may receive; senders are taken from it too unless `senders` is given. */
  people: FundedPerson[];
  senders: FundedPerson[];
  /** When set, every transfer goes to this person (the hot-account case). */
  hotReceiver?: FundedPerson;
  clients: number;
  warmupSeconds: number;
  seconds: number;
  maxAmountMinor: number;
}

/** Answers after which the same request (same Idempotency-Key) is sent again. */
const RETRYABLE_STATUS = new Set([502, 503, 504]);
/** How long a request cut at the end of a run is still retried, so that its outcome is known. */
const RETRY_AFTER_END_MS = 30_000;

export interface LoadResult {
  /** Transfers answered 201 during the measured window. */
  transfers: number;
  seconds: number;
  latenciesMs: number[];
  /** Answers other than 201 (and failed connections), by status and error code, warm-up included. */
  errors: Map<string, number>;
  /** What each person's available balance should have moved by, from every 201 (warm-up included). */
  movedMinor: Map<string, number>;
  /** Every 201, warm-up included. */
  succeeded: number;
  /** Requests whose outcome stayed unknown (no final answer within 30 s of retries): the check then cannot balance. */
  unresolved: number;
}

interface Answer {
  status: number;
  body: string;
}

/**
 * One keep-alive HTTP/1.1 connection that sends a request and reads its answer, then the next: a
 * lean client, so that the load driver takes little of the CPU that the server under test needs
 * (node:http's client costs several times more per request). Answers must carry a Content-Length,
 * as the server's JSON answers do.
 */
class Connection {
  readonly #socket: Socket;
  #received: Buffer = Buffer.alloc(0);
  #waiting: { resolve: (answer: Answer) => void; reject: (error: Error) => void } | undefined;

  constructor(url: URL) {
    this.#socket = connect(Number(url.port), url.hostname);
    this.#socket.setNoDelay(true);
    this.#socket.on('data', (chunk: Buffer) => this.#read(chunk));
    const fail = (error: Error) => {
      this.#waiting?.reject(error);
      this.#waiting = undefined;
    };
    this.#socket.on('error', fail);
    this.#socket.on('close', () =>
      fail(Object.assign(new Error('connection closed'), { code: 'ECONNRESET' })),
    );
  }

  get closed(): boolean {
    return this.#socket.destroyed;
  }

  post(path: string, headers: Record<string, string>, body: string): Promise<Answer> {
    const lines = [`POST ${path} HTTP/1.1`, 'host: localhost', 'content-type: application/json'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    lines.push(`content-length: ${Buffer.byteLength(body)}`, '', body);
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#socket.write(lines.join('\r\n'));
    });
  }

  close(): void {
    this.#socket.destroy();
  }

  #read(chunk: Buffer): void {
    this.#received = this.#received.length === 0 ? chunk : Buffer.concat([this.#received, chunk]);
    const headEnd = this.#received.indexOf('\r\n\r\n');
    if (headEnd === -1) return;
    const head = this.#received.subarray(0, headEnd).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) {
      this.#waiting?.reject(new Error(`an answer without Content-Length: ${head}`));
      this.#socket.destroy();
      return;
    }
    const end = headEnd + 4 + Number(length);
    if (this.#received.length < end) return;
    const status = Number(head.slice(9, 12));
    const body = this.#received.subarray(headEnd + 4, end).toString('utf8');
    this.#received = this.#received.subarray(end);
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.resolve({ status, body });
  }
}

/**
 * Drives `POST /api/transfers` from `clients` concurrent loops, each with its own keep-alive
 * connection and its own share of the senders (a sender is only ever used by one loop, so the
 * uncontended case really has no two requests on one account, except for receivers).
 */
export async function runTransfers(options: LoadOptions): Promise<LoadResult> {
  const url = new URL('/api/transfers', options.baseUrl);
  const latenciesMs: number[] = [];
  const errors = new Map<string, number>();
  const movedMinor = new Map<string, number>();
  const move = (userId: string, delta: number) =>
    movedMinor.set(userId, (movedMinor.get(userId) ?? 0) + delta);
  let transfers = 0;
  let succeeded = 0;
  let unresolved = 0;
  const startedAt = performance.now();
  const measureFrom = startedAt + options.warmupSeconds * 1000;
  const stopAt = measureFrom + options.seconds * 1000;

  const loop = async (client: number) => {
    const mine = options.senders.filter((_, i) => i % options.clients === client);
    let connection = new Connection(url);
    let turn = 0;
    while (performance.now() < stopAt) {
      const sender = mine[turn++ % mine.length]!;
      const receiver = options.hotReceiver ?? pickOther(options.people, sender);
      const amountMinor = 1 + Math.floor(Math.random() * options.maxAmountMinor);
      const body = JSON.stringify({ recipient: receiver.ztartag, amountMinor, currency: 'USD' });
      const headers = { ...sessionHeaders(sender), 'idempotency-key': randomUUID() };
      const sentAt = performance.now();
      // A cut connection or a 502/503/504 (a balancer's, or `overloaded`) does not say whether the
      // money moved: the same request goes again with the same key until it is answered, as a
      // client must, so that what moved is always known. Each such answer is still counted.
      let answer: Answer | undefined;
      const giveUpAt = stopAt + RETRY_AFTER_END_MS;
      while (answer === undefined && performance.now() < giveUpAt) {
        try {
          if (connection.closed) connection = new Connection(url);
          const got = await connection.post(url.pathname, headers, body);
          if (RETRYABLE_STATUS.has(got.status)) {
            const key = `${got.status} ${errorCodeOf(got.body)}`;
            errors.set(key, (errors.get(key) ?? 0) + 1);
          } else answer = got;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? 'network';
          errors.set(code, (errors.get(code) ?? 0) + 1);
          connection.close();
        }
        if (answer === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (answer === undefined) {
        unresolved++;
        continue;
      }
      const doneAt = performance.now();
      if (answer.status !== 201) {
        const key = `${answer.status} ${errorCodeOf(answer.body)}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
        continue;
      }
      succeeded++;
      move(sender.userId, -amountMinor);
      move(receiver.userId, amountMinor);
      if (sentAt >= measureFrom && doneAt <= stopAt) {
        transfers++;
        latenciesMs.push(doneAt - sentAt);
      }
    }
    connection.close();
  };
  await Promise.all(Array.from({ length: options.clients }, (_, client) => loop(client)));
  return { transfers, seconds: options.seconds, latenciesMs, errors, movedMinor, succeeded, unresolved };
}

function pickOther(people: FundedPerson[], sender: FundedPerson): FundedPerson {
  for (;;) {
    const candidate = people[Math.floor(Math.random() * people.length)]!;
    if (candidate.userId !== sender.userId) return candidate;
  }
}

function errorCodeOf(body: string): string {
  try {
    return (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? 'no code';
  } catch {
    return 'not JSON';
  }
}

export function percentile(sortedMs: number[], fraction: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const at = Math.min(sortedMs.length - 1, Math.ceil(fraction * sortedMs.length) - 1);
  return sortedMs[Math.max(0, at)]!;
}
