import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { authStateFromSession, SESSION_PATH } from '@/lib/auth/session';
import { DEMO_USER, setDemoMode } from '@/lib/demo/demo-mode';
import { errorResponse, jsonResponse, SIGNED_OUT_SESSION, sessionResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

function AuthProbe() {
  const auth = useAuth();
  return (
    <p data-testid="auth">
      {auth.status} {auth.user?.email ?? '-'} {auth.roles.join(',') || '-'} {auth.profile?.userLevel ?? '-'}
      {auth.demo ? ' demo' : ''}
    </p>
  );
}

function renderProvider(options: { toaster?: boolean } = {}) {
  return renderWithProviders(<AuthProbe />, { auth: 'provider', ...options });
}

describe('AuthProvider', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is loading until the session answers, then signed in with user, roles and level', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, sessionResponse(['admin'], 'business')));
    vi.stubGlobal('fetch', fetchMock);
    renderProvider();

    expect(screen.getByTestId('auth')).toHaveTextContent(/^loading/);
    expect(await screen.findByText('signedIn ana@example.com admin business')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      SESSION_PATH,
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('reads { user: null } as signed out', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(200, SIGNED_OUT_SESSION));
    renderProvider();
    expect(await screen.findByText('signedOut - - -')).toBeInTheDocument();
  });

  it('treats a failed session request (404) as signed out, without retrying', async () => {
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

  it('treats an answer that breaks the session contract as signed out', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(200, {
        user: { id: 'u1', email: 'a@b.c' },
        profile: { user_level: 'galactic' },
        roles: ['superhero'],
      }),
    );
    renderProvider();
    expect(await screen.findByText('signedOut - - -')).toBeInTheDocument();
  });

  it('in demo mode the session is the demo user, and the server is not asked', async () => {
    setDemoMode(true);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderProvider();
    expect(await screen.findByText('signedIn alex.demo@example.com user freemium demo')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a 401 session_expired from any call signs out and says the session expired', async () => {
    vi.stubGlobal('fetch', async (path: string) =>
      path === SESSION_PATH ? jsonResponse(200, sessionResponse()) : errorResponse(401, 'session_expired'),
    );
    renderProvider({ toaster: true });
    expect(await screen.findByText(/^signedIn/)).toBeInTheDocument();

    await act(async () => {
      await api.get('/api/pin').catch(() => undefined);
    });

    expect(await screen.findByText('signedOut - - -')).toBeInTheDocument();
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });
});

describe('authStateFromSession', () => {
  it('reads { user: null } as signed out', () => {
    expect(authStateFromSession(SIGNED_OUT_SESSION).status).toBe('signedOut');
  });

  it('keeps user, profile and roles of a signed-in session', () => {
    const state = authStateFromSession(sessionResponse(['pro'], 'premium'));
    expect(state).toMatchObject({
      status: 'signedIn',
      roles: ['pro'],
      profile: { userLevel: 'premium' },
      demo: false,
    });
  });

  it("the demo user has the spec's fields, roles ['user'] and level freemium", () => {
    const state = authStateFromSession(
      {
        user: sessionResponse().user,
        profile: { ...sessionResponse().profile!, ...DEMO_USER },
        roles: ['user'],
      },
      true,
    );
    expect(state.demo).toBe(true);
    expect(state.profile).toMatchObject({
      fullName: 'Alex Demo',
      avatarUrl: '/demo/avatar.svg',
      ztartag: 'alex_demo',
    });
  });
});

describe('demo flag', () => {
  it('switching demo mode on replaces the session with the demo user', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(200, SIGNED_OUT_SESSION));
    renderProvider();
    expect(await screen.findByText('signedOut - - -')).toBeInTheDocument();
    act(() => setDemoMode(true));
    await waitFor(() => expect(screen.getByTestId('auth')).toHaveTextContent('demo'));
    act(() => setDemoMode(false));
    expect(await screen.findByText('signedOut - - -')).toBeInTheDocument();
  });
});
