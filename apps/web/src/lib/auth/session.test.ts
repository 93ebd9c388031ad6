import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import type { AuthState } from '@/lib/auth/auth-context';
import {
  authStateFromSession,
  awaitPreloadedSession,
  PRELOADED_SESSION_WAIT_MS,
  SESSION_PATH,
  SESSION_QUERY_KEY,
  seedSession,
} from '@/lib/auth/session';
import { jsonResponse, sessionResponse } from '@/test/fixtures';

function preloadSession(): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.href = SESSION_PATH;
  document.head.append(link);
}

afterEach(() => {
  document.head.querySelector(`link[rel="preload"][href="${SESSION_PATH}"]`)?.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('awaitPreloadedSession', () => {
  it('waits for the session the page asked for, and leaves it in the cache', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, sessionResponse()));
    vi.stubGlobal('fetch', fetchMock);
    preloadSession();
    const queryClient = createQueryClient();
    await awaitPreloadedSession(queryClient);
    expect(queryClient.getQueryData<AuthState>(SESSION_QUERY_KEY)?.status).toBe('signedIn');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks nothing when the page did not ask for the session, or brought it along', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, sessionResponse()));
    vi.stubGlobal('fetch', fetchMock);
    await awaitPreloadedSession(createQueryClient());

    preloadSession();
    const seeded = createQueryClient();
    seedSession(seeded, sessionResponse());
    await awaitPreloadedSession(seeded);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(seeded.getQueryData(SESSION_QUERY_KEY)).toEqual(authStateFromSession(sessionResponse()));
  });

  it('stops waiting after its limit when the answer is slow', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    preloadSession();
    let done = false;
    void awaitPreloadedSession(createQueryClient()).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(PRELOADED_SESSION_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
