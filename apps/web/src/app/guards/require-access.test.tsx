import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@ztart/shared/languages';
import type { Guard } from '@ztart/shared/roles';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAccess } from '@/app/guards/require-access';
import { type AuthState, LOADING_AUTH, SIGNED_OUT_AUTH } from '@/lib/auth/auth-context';
import { error, mockApi } from '@/test/mock-api';
import { renderWithProviders, signedIn } from '@/test/render';

function signedInUserId(): string {
  const auth = signedIn();
  return auth.status === 'signedIn' ? auth.user.id : '';
}

function AuthPageProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>auth page, back to {from}</p>;
}

function renderGuarded(guard: Guard, path: string, auth: AuthState, language: Language = 'en') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/auth', element: <AuthPageProbe /> },
      {
        path,
        element: (
          <RequireAccess guard={guard}>
            <p>guarded content</p>
          </RequireAccess>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, { auth, language });
  return router;
}

describe('RequireAccess', () => {
  it("shows the spinner with 'Cargando contenido...' while authentication loads", () => {
    renderGuarded('admin', '/admin', LOADING_AUTH, 'es');
    const loading = screen.getByTestId('guard-loading');
    expect(loading).toHaveTextContent('Cargando contenido...');
    expect(loading).toHaveAttribute('role', 'status');
    expect(screen.queryByText('guarded content')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /auth, remembering where they were going', () => {
    const router = renderGuarded('admin', '/admin', SIGNED_OUT_AUTH);
    expect(router.state.location.pathname).toBe('/auth');
    expect(screen.getByText('auth page, back to /admin')).toBeInTheDocument();
  });

  it("shows the access-denied card to a signed-in user without the admin role (in Spanish: 'Acceso Denegado')", () => {
    renderGuarded('admin', '/admin', signedIn(['user']), 'es');
    const card = screen.getByTestId('access-denied');
    expect(card).toHaveTextContent('Acceso Denegado');
    expect(card).toHaveTextContent('Necesitas permisos de administrador');
    expect(screen.getByRole('button', { name: 'Volver' })).toBeInTheDocument();
    expect(screen.queryByText('guarded content')).not.toBeInTheDocument();
  });

  it('shows the content to an admin', () => {
    renderGuarded('admin', '/admin', signedIn(['admin']));
    expect(screen.getByText('guarded content')).toBeInTheDocument();
    expect(screen.queryByTestId('access-denied')).not.toBeInTheDocument();
  });

  it('asks the server whether the meta dashboard may open, and opens it when the answer says so', async () => {
    const api = mockApi({
      'POST /api/rpc/can_access_meta_dashboard': [
        200,
        { has_access: true, access_level: 'business', permissions: ['view_dashboard'] },
      ],
    });
    // A standard level would be refused by any rule in the browser: the server's answer decides.
    renderGuarded('metaDashboard', '/meta-dashboard', signedIn(['user'], 'standard'));
    expect(screen.getByTestId('guard-loading')).toBeInTheDocument();
    expect(await screen.findByText('guarded content')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/rpc/can_access_meta_dashboard')[0]?.body).toEqual({
      p_user_id: signedInUserId(),
    });
  });

  it('denies the meta dashboard when the server says no, with its own message', async () => {
    mockApi({
      'POST /api/rpc/can_access_meta_dashboard': [
        200,
        { has_access: false, access_level: null, permissions: [] },
      ],
    });
    renderGuarded('metaDashboard', '/meta-dashboard', signedIn(['admin'], 'enterprise'));
    expect(await screen.findByTestId('access-denied')).toHaveTextContent('You need special permissions');
    expect(screen.queryByText('guarded content')).not.toBeInTheDocument();
  });

  it('denies the meta dashboard on a 403, and offers a retry when the check itself fails', async () => {
    mockApi({ 'POST /api/rpc/can_access_meta_dashboard': [403, error('forbidden')] });
    renderGuarded('metaDashboard', '/meta-dashboard', signedIn(['user']));
    expect(await screen.findByTestId('access-denied')).toBeInTheDocument();
  });

  it('says the check failed, with a retry, when the server cannot answer', async () => {
    let calls = 0;
    mockApi({
      'POST /api/rpc/can_access_meta_dashboard': () => {
        calls += 1;
        return calls === 1
          ? [500, error('internal_error')]
          : [200, { has_access: true, access_level: 'admin', permissions: [] }];
      },
    });
    renderGuarded('metaDashboard', '/meta-dashboard', signedIn(['admin']));
    expect(await screen.findByTestId('guard-failed')).toBeInTheDocument();
    expect(screen.queryByTestId('access-denied')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('guarded content')).toBeInTheDocument();
  });

  it("'Back' goes home when there is no page to go back to", async () => {
    const router = renderGuarded('admin', '/admin', signedIn(['user']));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
