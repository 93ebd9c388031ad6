import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionResponse } from '@/test/fixtures';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute } from '@/test/render';

describe('header account menu', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signed out: a sign-in link', async () => {
    mockApi({});
    renderRoute('/', { auth: 'provider' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it("signed in: the person's menu with Profile, Account and Sign out; Escape closes it", async () => {
    mockApi({ 'GET /api/auth/session': [200, sessionResponse()] });
    renderRoute('/', { auth: 'provider' });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: /Ana Lima.*Account menu/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = within(document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement);
    expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(menu.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(menu.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it("signing out from a screen that needs sign-in: 'Signed Out', then home", async () => {
    const api = mockApi({
      'GET /api/auth/session': [200, sessionResponse()],
      'POST /api/auth/sign-out': [204],
    });
    const { router } = renderRoute('/wallet', { auth: 'provider', toaster: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Signed Out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully signed out')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // A text query: role queries are slow on a page this size.
    expect((await screen.findByText('Sign in')).closest('a')).toHaveAttribute('href', '/auth');
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
  });

  it("a failed sign-out says 'Sign Out Failed' and keeps the person signed in", async () => {
    mockApi({
      'GET /api/auth/session': [200, sessionResponse()],
      'POST /api/auth/sign-out': [500, error('x_unknown')],
    });
    renderRoute('/wallet', { auth: 'provider', toaster: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Sign Out Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to sign out properly')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Account menu/ })).toBeInTheDocument();
  });
});
