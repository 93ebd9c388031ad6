/** What the cluster's checks send: a person's requests, live event streams, retries through the balancer. */
import { randomUUID } from 'node:crypto';
import type { FundedPerson } from '../apps/server/src/test/money-people.ts';
import { sessionHeaders } from '../apps/server/src/test/money-people.ts';

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Cookies the server set for each person (by session token), sent back with their next requests
 * as their browser would: the server's read-your-writes mark is one.
 */
const cookieJars = new Map<string, Map<string, string>>();

function headersOf(person: FundedPerson | undefined): Record<string, string> {
  if (!person) return {};
  const headers = sessionHeaders(person);
  const jar = cookieJars.get(person.sessionToken);
  if (jar && jar.size > 0) {
    headers.cookie = [headers.cookie, ...[...jar].map(([name, value]) => `${name}=${value}`)].join('; ');
  }
  return headers;
}

function keepCookies(person: FundedPerson | undefined, answer: Response): void {
  if (!person) return;
  for (const line of answer.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    // The session and CSRF cookies stay those of the person's session.
    if (at <= 0 || name === 'session' || name === 'csrf_token') continue;
    let jar = cookieJars.get(person.sessionToken);
    if (!jar) {
      jar = new Map();
      cookieJars.set(person.sessionToken, jar);
    }
    jar.set(name, pair.slice(at + 1).trim());
  }
}

export async function send(
  baseUrl: string,
  person: FundedPerson | undefined,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; idempotencyKey?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers = headersOf(person);
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  keepCookies(person, answer);
  const text = await answer.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: answer.status, body };
}

export function errorCodeOf(answer: Answer): string | undefined {
  return (answer.body as { error?: { code?: string } } | undefined)?.error?.code;
}

/** Answers that say nothing was decided (the instance died, or none was ready): the same request again is safe. */
const RETRYABLE_STATUS = new Set([502, 503, 504]);

/**
 * Sends a money request with one Idempotency-Key until it gets a final answer, as a client of a
 * cluster should: a connection cut or a 502/503/504 may or may not have moved the money, and the
 * same key again either moves it once or answers what was moved.
 */
export async function sendUntilAnswered(
  baseUrl: string,
  person: FundedPerson,
  path: string,
  body: unknown,
  options: { idempotencyKey?: string; giveUpAfterMs?: number } = {},
): Promise<Answer & { attempts: number; idempotencyKey: string }> {
  const idempotencyKey = options.idempotencyKey ?? randomUUID();
  const deadline = Date.now() + (options.giveUpAfterMs ?? 30_000);
  let attempts = 0;
  let last = 'no attempt';
  while (Date.now() < deadline) {
    attempts += 1;
    try {
      const answer = await send(baseUrl, person, 'POST', path, { body, idempotencyKey, timeoutMs: 10_000 });
      if (!RETRYABLE_STATUS.has(answer.status)) return { ...answer, attempts, idempotencyKey };
      last = `HTTP ${answer.status} ${errorCodeOf(answer) ?? ''}`;
    } catch (error) {
      last = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${path} with key ${idempotencyKey} got no final answer after ${attempts} attempts (${last})`,
  );
}

export interface LiveStream {
  /** Every event received so far (the parsed `data:` of each), across reconnections. */
  events: Array<{ type: string; [key: string]: unknown }>;
  /** How many times the stream ended and was opened again. */
  reconnections(): number;
  /** The instance the open stream sits on, as the balancer names it (`X-Served-By`); undefined when none is open. */
  servedBy(): string | undefined;
  /** Resolves with the first event (received so far or later) that `match` accepts, or undefined after `timeoutMs`. */
  waitFor(
    match: (event: { type: string; [key: string]: unknown }) => boolean,
    timeoutMs: number,
  ): Promise<{ type: string; [key: string]: unknown } | undefined>;
  close(): void;
}

/**
 * Opens `GET /api/events` as a browser's EventSource would, and like it opens it again (after the
 * `retry:` the server gave) when the server ends it. Resolves once the first stream is open.
 */
export async function openLiveStream(baseUrl: string, person: FundedPerson): Promise<LiveStream> {
  const controller = new AbortController();
  const events: LiveStream['events'] = [];
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };
  let retryMs = 1_000;
  let reconnections = 0;
  let servedBy: string | undefined;

  const connect = async () => {
    const answer = await fetch(`${baseUrl}/api/events`, {
      headers: { ...headersOf(person), accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (answer.status !== 200 || !answer.body) {
      throw new Error(`GET /api/events answered ${answer.status}: ${await answer.text()}`);
    }
    servedBy = answer.headers.get('x-served-by') ?? undefined;
    return answer.body.getReader();
  };

  const read = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const retry = lines.find((line) => line.startsWith('retry: '));
          if (retry) retryMs = Number(retry.slice(7)) || retryMs;
          const data = lines
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data));
          end = buffer.indexOf('\n\n');
        }
        wakeAll();
      }
    } catch {
      // cut: reconnected below, as after an end
    }
  };

  const keepOpen = async (first: ReadableStreamDefaultReader<Uint8Array>) => {
    let reader = first;
    while (!controller.signal.aborted) {
      await read(reader);
      servedBy = undefined;
      // Reconnects until a stream opens (a balancer may answer 503 while it takes an instance out).
      for (;;) {
        if (controller.signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, retryMs));
        try {
          reader = await connect();
          reconnections += 1;
          break;
        } catch {
          // tried again after retryMs
        }
      }
    }
  };

  void keepOpen(await connect());
  return {
    events,
    reconnections: () => reconnections,
    servedBy: () => servedBy,
    async waitFor(match, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found || Date.now() >= deadline) return found;
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, deadline - Date.now());
          waiters.add(wake);
        });
      }
    },
    close() {
      controller.abort();
    },
  };
}
