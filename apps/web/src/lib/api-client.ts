// Deliberately no runtime import from @ztart/shared/errors: that module pulls in zod, and this
// client sits in the entry chunk that the public quick-tip page loads.
import type { ErrorCode } from '@ztart/shared/errors';

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

/** The code to use when an error answer does not carry our error shape. */
const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  503: 'service_unavailable',
};

export function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
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
  if (isRecord(error) && typeof error.code === 'string') {
    return new ApiError({
      code: error.code,
      status: response.status,
      message: typeof error.message === 'string' ? error.message : error.code,
      details: isRecord(error.details) ? error.details : undefined,
    });
  }
  return new ApiError({ code: codeForStatus(response.status), status: response.status });
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
}

/**
 * Fetches JSON from our API with the session cookie. Resolves with the parsed body (undefined
 * for an empty answer); rejects with an ApiError, or with the AbortError when cancelled.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  let body: string | undefined;
  if (options.body !== undefined) {
    // A JSON content type also means a cross-site HTML form cannot forge this request.
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
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

  if (!response.ok) throw await errorFromResponse(response);
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
