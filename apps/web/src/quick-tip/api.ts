// Types only from the shared contracts: their schemas would bring zod into this page's bundle.
import type { MetaTrackedAction } from '@ztart/shared/contracts/admin';
import type {
  QuickTipProfile,
  Tip,
  TipProgress,
  TipRequestInput,
  TipResponse,
  TipStatus,
} from '@ztart/shared/contracts/qr-codes';
import type { WalletResponse } from '@ztart/shared/contracts/wallet';
import { codeForStatus, type ErrorCode } from '@ztart/shared/error-catalogue';
import { isCurrency } from '@ztart/shared/money';

/** A failed request as a value: `code` from our error catalogue (or what a newer server sent). */
export class RequestError extends Error {
  readonly code: ErrorCode | (string & {});
  /** 0 when no answer arrived. */
  readonly status: number;
  readonly details: Record<string, unknown>;

  constructor(code: string, status: number, details: Record<string, unknown> = {}) {
    super(code);
    this.name = 'RequestError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

const CSRF_COOKIE = 'csrf_token';
const CSRF_HEADER = 'X-CSRF-Token';
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.split('=');
    if (key?.trim() !== name) continue;
    try {
      return decodeURIComponent(rest.join('=').trim());
    } catch {
      return rest.join('=').trim();
    }
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * JSON to and from our API with the session cookie. A POST carries the CSRF token of the
 * `csrf_token` cookie (the server hands it out with the first API answer). Rejects with a
 * RequestError; an abort rejects with the AbortError.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method === 'POST') {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new RequestError(navigator.onLine === false ? 'offline' : 'network_error', 0);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = isRecord(body) && isRecord(body.error) ? body.error : null;
    throw typeof error?.code === 'string'
      ? new RequestError(error.code, response.status, isRecord(error.details) ? error.details : {})
      : new RequestError(codeForStatus(response.status), response.status);
  }
  return body as T;
}

function isInteger(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

/** Just enough checking of the answer that a wrong one fails here, not as a blank page. */
export function asQuickTipProfile(body: unknown): QuickTipProfile {
  if (
    !isRecord(body) ||
    typeof body.ztartag !== 'string' ||
    !isCurrency(body.currency) ||
    !isInteger(body.minMinor) ||
    !isInteger(body.maxMinor) ||
    !Array.isArray(body.presetsMinor) ||
    !body.presetsMinor.every(isInteger)
  ) {
    throw new RequestError('internal_error', 200);
  }
  return {
    ztartag: body.ztartag,
    fullName: typeof body.fullName === 'string' ? body.fullName : null,
    avatarUrl: typeof body.avatarUrl === 'string' ? body.avatarUrl : null,
    verified: body.verified === true,
    currency: body.currency,
    minMinor: body.minMinor,
    maxMinor: body.maxMinor,
    presetsMinor: body.presetsMinor,
    business: asBusinessBranding(body.business),
  };
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A business's branding when the tag is a business's; anything malformed is left out, not fatal. */
function asBusinessBranding(value: unknown): QuickTipProfile['business'] {
  if (!isRecord(value) || typeof value.name !== 'string' || typeof value.tag !== 'string') return null;
  return {
    name: value.name,
    tag: value.tag,
    logoUrl: textOrNull(value.logoUrl),
    brandColor: textOrNull(value.brandColor),
    message: textOrNull(value.message),
    minimumTipMinor: isInteger(value.minimumTipMinor) ? value.minimumTipMinor : null,
  };
}

/** `GET /api/public/profiles/{ztartag}`: who is being tipped, in which currency, within which limits. */
export async function fetchQuickTipProfile(ztartag: string, signal?: AbortSignal): Promise<QuickTipProfile> {
  const body = await request<unknown>(`/api/public/profiles/${encodeURIComponent(ztartag)}`, { signal });
  return asQuickTipProfile(body);
}

/** Who is signed in, as far as this page cares: their ztartag (null when signed out). */
export interface Visitor {
  signedIn: boolean;
  ztartag: string | null;
}

/** `GET /api/auth/session`; any failure counts as signed out (the card needs no account). */
export async function fetchVisitor(signal?: AbortSignal): Promise<Visitor> {
  try {
    const body = await request<unknown>('/api/auth/session', { signal });
    if (!isRecord(body) || !isRecord(body.user)) return { signedIn: false, ztartag: null };
    const profile = isRecord(body.profile) ? body.profile : {};
    return { signedIn: true, ztartag: typeof profile.ztartag === 'string' ? profile.ztartag : null };
  } catch {
    return { signedIn: false, ztartag: null };
  }
}

/**
 * `POST /api/rpc/log_user_action` `quick_tip_viewed` (the name of META_TRACKED_ACTIONS) for the
 * meta dashboard's conversion; fired and forgotten, its errors ignored (spec §7).
 */
export function logQuickTipView(ztartag: string): void {
  request<unknown>('/api/rpc/log_user_action', {
    method: 'POST',
    body: {
      p_action_type: 'quick_tip_viewed' satisfies MetaTrackedAction,
      p_resource: `@${ztartag}`.slice(0, 200),
      p_metadata: null,
    },
  }).catch(() => undefined);
}

/** What the balance allows: the available amount in one currency and when the PIN is asked. */
export interface WalletFigures {
  availableMinor: number;
  minMinor: number;
  transferMaxMinor: number;
  noPinMaxMinor: number;
  /** Email and phone verified: tips from the balance may then go above the quick-tip maximum. */
  verified: boolean;
}

/** `GET /api/wallet`, reduced to the figures of `currency`. */
export async function fetchWalletFigures(currency: string, signal?: AbortSignal): Promise<WalletFigures> {
  const wallet = await request<WalletResponse>('/api/wallet', { signal });
  const balance = wallet.balances.find((candidate) => candidate.currency === currency);
  return {
    availableMinor: balance?.availableMinor ?? 0,
    minMinor: wallet.limits.minMinor,
    transferMaxMinor: wallet.limits.transferMaxMinor,
    noPinMaxMinor: wallet.limits.noPinMaxMinor,
    verified: wallet.limits.verified,
  };
}

/** `POST /api/tips` with the attempt's Idempotency-Key: repeating it can never tip twice. */
export async function sendTip(body: TipRequestInput, idempotencyKey: string): Promise<Tip> {
  const answer = await request<TipResponse>('/api/tips', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
  if (!isRecord(answer) || !isRecord(answer.tip) || typeof answer.tip.id !== 'string') {
    throw new RequestError('tip_failed', 200);
  }
  return answer.tip;
}

/** `POST /api/pin/verify`: unlocks payments above the no-PIN limit for a few minutes. */
export async function verifyPin(pin: string): Promise<void> {
  await request<unknown>('/api/pin/verify', { method: 'POST', body: { pin } });
}

/** Every status of the shared contract (the type checks the list is whole; the schema brings zod). */
const IS_TIP_STATUS: Readonly<Record<TipStatus, true>> = {
  pending: true,
  completed: true,
  failed: true,
  cancelled: true,
};

/** `GET /api/public/tips/{id}`: where a tip stands (its status only), for the receipt. */
export async function fetchTipProgress(id: string, signal?: AbortSignal): Promise<TipProgress> {
  const body = await request<unknown>(`/api/public/tips/${encodeURIComponent(id)}`, { signal });
  if (!isRecord(body) || typeof body.status !== 'string' || !Object.hasOwn(IS_TIP_STATUS, body.status)) {
    throw new RequestError('internal_error', 200);
  }
  return {
    id,
    status: body.status as TipStatus,
    settledAt: typeof body.settledAt === 'string' ? body.settledAt : null,
  };
}
