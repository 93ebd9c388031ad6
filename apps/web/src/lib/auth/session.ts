import type { QueryClient } from '@tanstack/react-query';
import type { SessionResponse } from '@ztart/shared/contracts/auth';
import { api } from '@/lib/api-client';
import { type AuthState, SIGNED_OUT_AUTH } from '@/lib/auth/auth-context';
import { contractCheck } from '@/lib/contract-check';
import { demoSession, isDemoMode } from '@/lib/demo/demo-mode';

export const SESSION_PATH = '/api/auth/session';
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** Turns a session answer into the app's authentication state. */
export function authStateFromSession(session: SessionResponse, demo = false): AuthState {
  if (!session.user) return SIGNED_OUT_AUTH;
  return {
    status: 'signedIn',
    user: session.user,
    profile: session.profile,
    roles: session.roles,
    demo,
    impersonation: session.impersonation ?? null,
  };
}

const sessionContract = contractCheck<SessionResponse>(() =>
  import('@ztart/shared/contracts/auth').then((contract) => contract.sessionResponseSchema),
);

const lateMismatchListeners = new Set<() => void>();

/**
 * Called when a session answer that was used before its contract had loaded turns out not to
 * match it: the app then counts the person as signed out (the auth provider listens).
 */
export function onSessionMismatch(listener: () => void): () => void {
  lateMismatchListeners.add(listener);
  return () => lateMismatchListeners.delete(listener);
}

/**
 * Checks an answer against the shared session contract (lib/contract-check.ts). The schema (and
 * zod with it) loads after the first screen, so neither the quick-tip page nor a signed-in first
 * screen downloads it first. An answer that does not match counts as signed out (spec §4): it
 * rejects when the contract has loaded, else it signs the person out as soon as it is checked.
 */
export async function parseSession(body: unknown): Promise<AuthState> {
  // A signed-out answer carries nothing to check.
  if (typeof body === 'object' && body !== null && 'user' in body && body.user === null)
    return SIGNED_OUT_AUTH;
  const session = await sessionContract.check(body, () => {
    for (const listener of lateMismatchListeners) listener();
  });
  return authStateFromSession(session);
}

/**
 * A session answer the page came with (decision 0055), in the cache as if the app had asked for it.
 * Checked against the contract as the first answer of a page load is (`parseSession`).
 */
export function seedSession(queryClient: QueryClient, session: SessionResponse): AuthState {
  const state = authStateFromSession(session);
  queryClient.setQueryData(SESSION_QUERY_KEY, state);
  return state;
}

/** Checks a seeded session answer: one that does not match the contract counts as signed out. */
export function checkSeededSession(queryClient: QueryClient, session: SessionResponse): void {
  void parseSession(session).catch(() => replaceSession(queryClient, SIGNED_OUT_AUTH));
}

/** The demo user's state: signed in, without asking the server. */
export function demoAuthState(): AuthState {
  return authStateFromSession(demoSession(), true);
}

/** `GET /api/auth/session`, or the demo user while demo mode is on (no request is made). */
export async function fetchSession(signal?: AbortSignal): Promise<AuthState> {
  if (isDemoMode()) return demoAuthState();
  return parseSession(await api.get<unknown>(SESSION_PATH, { signal }));
}

function isSessionQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === SESSION_QUERY_KEY[0] && queryKey[1] === SESSION_QUERY_KEY[1];
}

/**
 * Puts a new person (or nobody) in the session and drops every other cached answer, so nothing
 * of the previous person (or of the demo) can show to the next one.
 */
export function replaceSession(queryClient: QueryClient, state: AuthState): void {
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
  queryClient.setQueryData(SESSION_QUERY_KEY, state);
}

/** Drops every cached answer and asks the server (or the demo) who is signed in now. */
export async function reloadSession(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query.queryKey) });
  await queryClient.resetQueries({ queryKey: SESSION_QUERY_KEY });
}

/** The session's query, for the provider and the start alike. */
export const sessionQuery = {
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSession(signal),
  // A failed session answer is final: the visitor is signed out, no need to ask again.
  retry: false,
} as const;

/** Whether the page brought a signed-in person's session along (a home with its figures, decision 0055). */
export function hasSignedInSession(queryClient: QueryClient): boolean {
  return queryClient.getQueryData<AuthState>(SESSION_QUERY_KEY)?.status === 'signedIn';
}

/** At most this long the app's start waits for a session answer the page asked for with its HTML. */
export const PRELOADED_SESSION_WAIT_MS = 2_000;

/**
 * When the page asked for the session with its HTML (the server does on every page that has not
 * brought the answer along), waits for that answer before the first render, at most
 * PRELOADED_SESSION_WAIT_MS. The first render is then the person's screen, or the signed-out one. Without
 * it, the answer would arrive after a first render for nobody yet and render the whole layout again
 * in a task React never splits (decision 0060).
 */
export async function awaitPreloadedSession(
  queryClient: QueryClient,
  doc: Document = document,
): Promise<void> {
  if (queryClient.getQueryData(SESSION_QUERY_KEY) !== undefined) return;
  if (!doc.querySelector(`link[rel="preload"][href="${SESSION_PATH}"]`)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    queryClient.prefetchQuery(sessionQuery),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PRELOADED_SESSION_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}
