import type { QueryClient } from '@tanstack/react-query';
import { FIRST_DATA_ELEMENT_ID, type HomeFirstData } from '@ztart/shared/first-paint';
import { checkSeededDashboard, seedDashboard } from '@/features/dashboard/api/get-dashboard';
import type { AuthState } from '@/lib/auth/auth-context';
import { checkSeededSession, seedSession } from '@/lib/auth/session';
import { isDemoMode } from '@/lib/demo/demo-mode';

/**
 * A signed-in person's home comes rendered with their figures (decision 0055), and with the answers
 * it was rendered from: the app starts from them instead of asking again, so that its first render
 * is the screen the person already sees.
 */

/** Puts the page's answers in the query cache; the state of the person they are about. */
export function seedFirstData(queryClient: QueryClient, data: HomeFirstData): AuthState {
  const auth = seedSession(queryClient, data.session);
  if (auth.status === 'signedIn') seedDashboard(queryClient, auth, data.dashboard);
  return auth;
}

function isHomeFirstData(value: unknown): value is HomeFirstData {
  const candidate = value as Partial<HomeFirstData> | null;
  return (
    typeof candidate?.session === 'object' &&
    candidate.session !== null &&
    typeof candidate.dashboard === 'object' &&
    candidate.dashboard !== null
  );
}

/** Each page's answers, read once: the element goes, and a second client (StrictMode) gets the same. */
const taken = new WeakMap<Document, HomeFirstData | null>();

function takeFirstData(doc: Document): HomeFirstData | null {
  if (taken.has(doc)) return taken.get(doc) ?? null;
  const element = doc.getElementById(FIRST_DATA_ELEMENT_ID);
  element?.remove();
  let data: unknown = null;
  try {
    data = element ? JSON.parse(element.textContent ?? '') : null;
  } catch {
    // Not ours: the app asks, as on any page.
  }
  const found = isHomeFirstData(data) ? data : null;
  taken.set(doc, found);
  return found;
}

/**
 * The page's answers into the app's cache, where they are checked against their contracts as first
 * answers are. Nothing in demo mode, whose person is not the session's.
 */
export function startFromFirstData(queryClient: QueryClient, doc: Document = document): void {
  const data = takeFirstData(doc);
  if (!data || isDemoMode()) return;
  const auth = seedFirstData(queryClient, data);
  checkSeededSession(queryClient, data.session);
  if (auth.status === 'signedIn') checkSeededDashboard(queryClient, auth, data.dashboard);
}
