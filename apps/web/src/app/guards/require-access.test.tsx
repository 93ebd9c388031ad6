import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language } from '@ztart/shared/languages';
import type { Guard } from '@ztart/shared/roles';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAccess } from '@/app/guards/require-access';
import { type AuthState, LOADING_AUTH, SIGNED_OUT_AUTH } from '@/lib/auth/auth-context';
import { renderWithProviders, signedIn } from '@/test/render';

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

  it('lets admins, pro and expert roles, and business or enterprise users into the meta dashboard', () => {
    renderGuarded('metaDashboard', '/meta-dashboard', signedIn(['user'], 'enterprise'));
    expect(screen.getByText('guarded content')).toBeInTheDocument();
  });

  it('denies the meta dashboard to a plain user on a standard level, with its own message', () => {
    renderGuarded('metaDashboard', '/meta-dashboard', signedIn(['user'], 'standard'));
    expect(screen.getByTestId('access-denied')).toHaveTextContent('You need special permissions');
  });

  it("'Back' goes home when there is no page to go back to", async () => {
    const router = renderGuarded('admin', '/admin', signedIn(['user']));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
