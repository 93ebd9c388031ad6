import { vi } from 'vitest';
import { SIGNED_OUT_SESSION } from '@/test/fixtures';

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

/** An answer: status and JSON body (undefined: empty), or a function of the request. */
export type MockAnswer =
  | readonly [status: number, body?: unknown]
  | ((call: ApiCall) => readonly [number, unknown?]);

/**
 * Stubs fetch with a tiny API: `'POST /api/auth/sign-in': [401, error('login_failed')]`.
 * Paths match without their query string; anything else answers 404. The session answers
 * "signed out" unless a test says otherwise.
 */
export function mockApi(routes: Record<string, MockAnswer>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call: ApiCall = { method, path, body, headers: new Headers(init.headers) };
    calls.push(call);
    const answer =
      routes[`${method} ${path}`] ??
      routes[`${method} ${path.split('?')[0]}`] ??
      (method === 'GET' && path === '/api/auth/session' ? ([200, SIGNED_OUT_SESSION] as const) : undefined);
    const [status, json] =
      typeof answer === 'function' ? answer(call) : (answer ?? [404, error('not_found')]);
    return new Response(json === undefined ? null : JSON.stringify(json), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path.split('?')[0] === path),
  };
}

/** The error body of our API. */
export function error(code: string, details?: Record<string, unknown>) {
  return { error: { code, message: code, ...(details ? { details } : {}) } };
}
