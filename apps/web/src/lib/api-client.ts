// The zod-free catalogue only: this client sits in the entry chunk that the public quick-tip
// page loads, and @ztart/shared/errors pulls in zod.
import { codeForStatus, type ErrorCode } from '@ztart/shared/error-catalogue';
import { isDemoMode } from '@/lib/demo/demo-mode';

/** A code of our error catalogue, or one a newer server sent that this build does not know yet. */
export type ApiErrorCode = ErrorCode | (string & {});

/** An API failure as a value: the web app translates `code` under `errors:<code>`. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  /** The HTTP status; 0 when no answer arrived (network failure, offline). */
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(init: {
    code: ApiErrorCode;
    status: number;
    message?: string;
    details?: Record<string, unknown>;
  }) {
    super(init.message ?? init.code);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.details = init.details;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `{ error: { code, message, details? } }`; anything else maps from the HTTP status. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = isRecord(body) ? body.error : undefined;
  const retryAfter = retryAfterSecondsOf(response);
  if (isRecord(error) && typeof error.code === 'string') {
    const details = isRecord(error.details) ? error.details : undefined;
    return new ApiError({
      code: error.code,
      status: response.status,
      message: typeof error.message === 'string' ? error.message : error.code,
      details:
        retryAfter !== null && details?.retryAfterSeconds === undefined
          ? { ...details, retryAfterSeconds: retryAfter }
          : details,
    });
  }
  return new ApiError({
    code: codeForStatus(response.status),
    status: response.status,
    ...(retryAfter !== null ? { details: { retryAfterSeconds: retryAfter } } : {}),
  });
}

/** The seconds of a `Retry-After` header (the form our server sends), or null. */
function retryAfterSecondsOf(response: Response): number | null {
  const header = response.headers.get('retry-after');
  return header && /^\d+$/.test(header) ? Number(header) : null;
}

/**
 * How many minutes the server asked to wait before trying again (rounded up, at least one), from
 * `details.retryAfterSeconds` or the Retry-After header; null when it named no wait.
 */
export function waitMinutesOf(error: unknown): number | null {
  const seconds = error instanceof ApiError ? error.details?.retryAfterSeconds : undefined;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  return Math.max(1, Math.ceil(seconds / 60));
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const STATE_CHANGING_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Decision 0008: the server's script-readable cookie, repeated in a header on state changes. */
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'X-CSRF-Token';

export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * Reads the demo may make: none of them returns a person's own data. Everything else is
 * refused locally while demo mode is on (decision 0008), so no real account is touched.
 */
const DEMO_ALLOWED_READS: readonly RegExp[] = [
  /^\/api\/health(?:[/?]|$)/,
  /^\/api\/public\//,
  /^\/api\/ztartags\//,
];

function demoMayRequest(method: HttpMethod, path: string): boolean {
  return method === 'GET' && DEMO_ALLOWED_READS.some((pattern) => pattern.test(path));
}

type ApiErrorListener = (error: ApiError) => void;
const sessionExpiredListeners = new Set<ApiErrorListener>();

/** Called whenever any answer is `401 session_expired`; returns the unsubscribe function. */
export function onSessionExpired(listener: ApiErrorListener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

function reportFailure(error: ApiError): ApiError {
  if (error.status === 401 && error.code === 'session_expired') {
    for (const listener of sessionExpiredListeners) listener(error);
  }
  return error;
}

/**
 * The header every money-moving POST carries (ARCHITECTURE.md §4; the same name as
 * `IDEMPOTENCY_HEADER` of the wallet contract, which this zod-free client cannot import).
 */
const MONEY_MOVEMENT_HEADER = 'idempotency-key';

type MoneyMovedListener = (path: string) => void;
const moneyMovedListeners = new Set<MoneyMovedListener>();

/** Called after every accepted money-moving request (a POST with an Idempotency-Key); returns the unsubscribe function. */
export function onMoneyMoved(listener: MoneyMovedListener): () => void {
  moneyMovedListeners.add(listener);
  return () => moneyMovedListeners.delete(listener);
}

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON; a Blob (an image) is sent as it is, with its own content type. */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof Blob) {
    headers.set('Content-Type', body.type || 'application/octet-stream');
    return body;
  }
  // A JSON content type also means a cross-site HTML form cannot forge this request.
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/**
 * Fetches JSON from our API with the session cookie. Resolves with the parsed body (undefined
 * for an empty answer); rejects with an ApiError, or with the AbortError when cancelled.
 * State-changing requests carry the CSRF token; in demo mode they never leave the browser.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  if (isDemoMode() && !demoMayRequest(method, path)) {
    throw new ApiError({
      code: 'demo_mode',
      status: 0,
      message: `${method} ${path} is not sent in demo mode`,
    });
  }

  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  const body = encodeBody(options.body, headers);
  if (STATE_CHANGING_METHODS.has(method)) {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers.set(CSRF_HEADER, token);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    const code: ErrorCode = isOffline() ? 'offline' : 'network_error';
    throw new ApiError({ code, status: 0, message: error instanceof Error ? error.message : code });
  }

  if (!response.ok) throw reportFailure(await errorFromResponse(response));
  if (method === 'POST' && headers.has(MONEY_MOVEMENT_HEADER)) {
    for (const listener of moneyMovedListeners) listener(path);
  }
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError({ code: 'internal_error', status: response.status, message: 'Invalid JSON answer' });
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * Whether trying the same request again could succeed: a lost connection or a server fault.
 * An answer about the request itself (a wrong password, a wrong PIN, demo mode) never is, and
 * repeating it could only cost the person an attempt.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === 'network_error' || error.status >= 500;
}
