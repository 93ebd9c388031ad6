import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUpdateProfile } from '@/features/account/api/update-profile';
import { SESSION_QUERY_KEY } from '@/lib/auth/session';
import { ownProfile } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { signedIn } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers counted in the profile's zone, and one that is not. */
const ZONED = [
  ['budgets', 'month', null],
  ['wallet', 'dashboard', 'Europe/Madrid'],
  ['transactions', 'analytics', 'Europe/Madrid', { from: '2026-05-01' }],
  ['goals', 'list'],
] as const;
const UNZONED = ['tips', 'received'] as const;

function setUp() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(SESSION_QUERY_KEY, signedIn(['user'], 'freemium', { timeZone: 'Europe/Madrid' }));
  for (const key of [...ZONED, UNZONED]) queryClient.setQueryData(key, { cached: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useUpdateProfile(), { wrapper });
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, result, invalidated };
}

describe('useUpdateProfile', () => {
  it('refreshes budgets, the home screen, analytics and goals when the time zone changes', async () => {
    mockApi({ 'PATCH /api/profiles/me': [200, ownProfile({ timeZone: 'America/New_York' })] });
    const { queryClient, result, invalidated } = setUp();

    await act(() => result.current.mutateAsync({ timeZone: 'America/New_York' }));

    const session = queryClient.getQueryData<ReturnType<typeof signedIn>>(SESSION_QUERY_KEY);
    expect(session?.profile?.timeZone).toBe('America/New_York');
    for (const key of ZONED) expect(invalidated(key), JSON.stringify(key)).toBe(true);
    expect(invalidated(UNZONED)).toBe(false);
  });

  it('leaves those answers alone when the zone stays the same', async () => {
    mockApi({
      'PATCH /api/profiles/me': [200, ownProfile({ timeZone: 'Europe/Madrid', language: 'fr' })],
    });
    const { result, invalidated } = setUp();

    await act(() => result.current.mutateAsync({ language: 'fr' }));

    for (const key of [...ZONED, UNZONED]) expect(invalidated(key), JSON.stringify(key)).toBe(false);
  });
});
