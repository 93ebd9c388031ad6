import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
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
}

interface Answer {
  status: number;
  body: string;
}

/** One keep-alive POST of JSON. */
function postJson(agent: Agent, url: URL, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Drives `POST /api/transfers` from `clients` concurrent loops, each with its own keep-alive
 * connection and its own share of the senders (a sender is only ever used by one loop, so the
 * uncontended case really has no two requests on one account, except for receivers).
 */
export async function runTransfers(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients });
  const url = new URL('/api/transfers', options.baseUrl);
  const latenciesMs: number[] = [];
  const errors = new Map<string, number>();
  const movedMinor = new Map<string, number>();
  const move = (userId: string, delta: number) =>
    movedMinor.set(userId, (movedMinor.get(userId) ?? 0) + delta);
  let transfers = 0;
  let succeeded = 0;
  const startedAt = performance.now();
  const measureFrom = startedAt + options.warmupSeconds * 1000;
  const stopAt = measureFrom + options.seconds * 1000;

  const loop = async (client: number) => {
    const mine = options.senders.filter((_, i) => i % options.clients === client);
    let turn = 0;
    while (performance.now() < stopAt) {
      const sender = mine[turn++ % mine.length]!;
      const receiver = options.hotReceiver ?? pickOther(options.people, sender);
      const amountMinor = 1 + Math.floor(Math.random() * options.maxAmountMinor);
      const body = JSON.stringify({ recipient: receiver.ztartag, amountMinor, currency: 'USD' });
      const headers = { ...sessionHeaders(sender), 'idempotency-key': randomUUID() };
      const sentAt = performance.now();
      let answer: Answer;
      try {
        answer = await postJson(agent, url, headers, body);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'network';
        errors.set(code, (errors.get(code) ?? 0) + 1);
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
  };
  await Promise.all(Array.from({ length: options.clients }, (_, client) => loop(client)));
  agent.destroy();
  return { transfers, seconds: options.seconds, latenciesMs, errors, movedMinor, succeeded };
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
