import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { useAuth } from '@/lib/auth/auth-context';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { authStateFromSession, SESSION_PATH } from '@/lib/auth/session';

function AuthProbe() {
  const auth = useAuth();
  return (
    <p>
      {auth.status} {auth.user?.email ?? '-'} {auth.roles.join(',') || '-'} {auth.profile?.user_level ?? '-'}
    </p>
  );
}

function renderProvider() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <AuthProbe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('AuthProvider', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is loading until the session answers, then signed in with user, roles and level', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            user: { id: 'u1', email: 'ana@example.com' },
            profile: { id: 'u1', user_level: 'business', ztartag: 'ana' },
            roles: ['admin'],
          }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderProvider();

    expect(screen.getByText(/^loading/)).toBeInTheDocument();
    expect(await screen.findByText('signedIn ana@example.com admin business')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      SESSION_PATH,
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('treats a failed session request (no endpoint yet: 404) as signed out, without retrying', async () => {
    const fetchMock = vi.fn(async () => new Response('Not Found', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    renderProvider();
    expect(await screen.findByText('signedOut - - -')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('treats a network failure as signed out', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderProvider();
    expect(await screen.findByText('signedOut - - -')).toBeInTheDocument();
  });
});

describe('authStateFromSession', () => {
  it('reads { user: null } as signed out', () => {
    expect(authStateFromSession({ user: null }).status).toBe('signedOut');
  });

  it('keeps only known roles and levels', () => {
    const state = authStateFromSession({
      user: { id: 'u1', email: 'a@b.c' },
      profile: { id: 'u1', user_level: 'galactic', ztartag: null },
      roles: ['admin', 'superhero'],
    });
    expect(state.roles).toEqual(['admin']);
    expect(state.profile?.user_level).toBe('freemium');
  });
});
