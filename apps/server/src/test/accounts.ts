import { randomBytes } from 'node:crypto';
import type { OutboxMessage, SessionResponse } from '@ztart/shared/contracts/auth';
import type { Language } from '@ztart/shared/languages';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../app.ts';

export const TEST_PASSWORD = 'correct horse battery';

/** A fresh address on example.com (reserved for examples: no mail can reach anyone). */
export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/**
 * An address of the IPv6 documentation range, different per call (2^32 of them), so that per-IP
 * limits and records of one test never reach another.
 */
export function uniqueIp(): string {
  const [a, b] = [randomBytes(2).toString('hex'), randomBytes(2).toString('hex')];
  // Unique in its /64 too: counts kept per IPv6 prefix see each test address as its own visitor.
  return `2001:db8:${a}:${b}::1`;
}

/** The cookies an answer set, by name (a cleared cookie has the value ''). */
export function cookiesOf(answer: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(answer.cookies.map((cookie) => [cookie.name, cookie.value]));
}

export interface SignedInPerson {
  userId: string;
  email: string;
  password: string;
  ip: string;
  /** The session cookie's token and the CSRF token, as a browser holds them. */
  sessionToken: string;
  csrfToken: string;
}

/** Request options that carry a person's cookies and CSRF header, as the web app sends them. */
export function as(
  person: Pick<SignedInPerson, 'sessionToken' | 'csrfToken' | 'ip'>,
  options: InjectOptions,
) {
  return {
    ...options,
    remoteAddress: person.ip,
    cookies: { session: person.sessionToken, csrf_token: person.csrfToken, ...options.cookies },
    headers: { 'x-csrf-token': person.csrfToken, ...options.headers },
  } satisfies InjectOptions;
}

export async function readOutbox(app: App, to: string): Promise<OutboxMessage[]> {
  const answer = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

/** The token of a mailed link (`/auth?mode=<mode>&token=...`). */
export function tokenInLink(text: string, mode: 'verify-email' | 'reset-password'): string {
  const match = text.match(new RegExp(`/auth\\?mode=${mode}&token=([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${mode} link in:\n${text}`);
  return match[1];
}

/** The token of the newest mail to `to` with a link of that mode. */
export async function latestToken(app: App, to: string, mode: 'verify-email' | 'reset-password') {
  const mail = (await readOutbox(app, to)).find((message) => message.text.includes(`mode=${mode}`));
  if (!mail) throw new Error(`no ${mode} mail to ${to}`);
  return tokenInLink(mail.text, mode);
}

export interface SignUpOptions {
  email?: string;
  password?: string;
  ztartag?: string;
  language?: Language;
  /** The zone the sign-up form would send (the device's). */
  timeZone?: string;
  ip?: string;
  /** Where the mailed token is read: the outbox by default; captured mail when mail goes by SMTP. */
  tokenFrom?: (to: string, mode: 'verify-email' | 'reset-password') => Promise<string>;
}

export async function signUp(app: App, options: SignUpOptions = {}) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const ip = options.ip ?? uniqueIp();
  const answer = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress: ip,
    payload: {
      email,
      password,
      passwordConfirmation: password,
      acceptTerms: true,
      acceptPrivacy: true,
      ...(options.ztartag ? { ztartag: options.ztartag } : {}),
      ...(options.language ? { language: options.language } : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return { email, password, ip };
}

export async function signIn(
  app: App,
  credentials: { email: string; password: string; ip?: string },
): Promise<SignedInPerson> {
  const ip = credentials.ip ?? uniqueIp();
  const answer = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: ip,
    payload: { email: credentials.email, password: credentials.password },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const cookies = cookiesOf(answer);
  const session = answer.json<SessionResponse>();
  return {
    userId: session.user!.id,
    email: credentials.email,
    password: credentials.password,
    ip,
    sessionToken: cookies.session!,
    csrfToken: cookies.csrf_token!,
  };
}

/**
 * A new account, verified through the link in the outbox, and signed in: what most tests of
 * signed-in features start from. Every call uses its own email and IP address.
 */
export async function signUpAndSignIn(app: App, options: SignUpOptions = {}): Promise<SignedInPerson> {
  const { email, password, ip } = await signUp(app, options);
  const token = options.tokenFrom
    ? await options.tokenFrom(email, 'verify-email')
    : await latestToken(app, email, 'verify-email');
  const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  expect(verified.statusCode, verified.body).toBe(200);
  return signIn(app, { email, password, ip });
}
