import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DDF_PRODUCTS, PROFILE_TABS, ROUTE_REDIRECTS, SCREEN_PATHS } from '@ztart/shared/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAV_GROUPS } from '@/app/layout/navigation';
import { SIGN_IN_FREE_PATHS } from '@/app/router';
import { ddfProductOf } from '@/app/routes/catch-all-route';
import { loadDocument } from '@/features/tips/quick-tip-link';
import { mockApi } from '@/test/mock-api';
import { demoUser, renderRoute, signedIn } from '@/test/render';

// The quick tip's light page is another document: the test DOM cannot load one.
vi.mock('@/features/tips/quick-tip-link', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/tips/quick-tip-link')>()),
  loadDocument: vi.fn(),
}));

/** A concrete URL for each pattern of the route table. */
function exampleUrl(path: string): string {
  return path
    .replace(':id', 'qr-123')
    .replace(':product-ddf', 'wallet-ddf')
    .replace(':ztartag', 'maria_waits');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route table', () => {
  it.each(SCREEN_PATHS.map(exampleUrl))('%s shows a screen with its title', async (url) => {
    // The meta dashboard's guard asks the server first (spec §7).
    if (url === '/meta-dashboard')
      mockApi({
        'POST /api/rpc/can_access_meta_dashboard': [
          200,
          { has_access: true, access_level: 'admin', permissions: ['view_dashboard'] },
        ],
      });
    renderRoute(url, { auth: signedIn(['admin'], 'business') });
    const title = await screen.findByTestId('screen-title');
    expect(title.tagName).toBe('H1');
    expect(title.textContent?.trim()).not.toBe('');
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument();
  });

  it.each(DDF_PRODUCTS)('/%s-ddf shows the product sheet of that product', async (product) => {
    renderRoute(`/${product}-ddf`, { auth: signedIn() });
    const title = await screen.findByTestId('screen-title');
    expect(title).toHaveTextContent('product sheet');
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument();
  });

  it('names the product in the product sheet title', async () => {
    renderRoute('/wallet-ddf', { auth: signedIn() });
    expect(await screen.findByTestId('screen-title')).toHaveTextContent('Wallet — product sheet');
  });

  it.each(['/bitcoin-ddf', '/-ddf', '/Wallet-ddf', '/wallet-ddf/extra', '/no/such/page'])(
    '%s gives the not-found page with a way home',
    async (url) => {
      renderRoute(url);
      const notFound = await screen.findByTestId('not-found');
      expect(within(notFound).getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
      expect(within(notFound).getByRole('link', { name: 'Return home' })).toHaveAttribute('href', '/');
    },
  );

  it('recognises product sheet paths only for the listed products', () => {
    expect(ddfProductOf('/wallet-ddf')).toBe('wallet');
    expect(ddfProductOf('/assistant-ddf')).toBe('assistant');
    expect(ddfProductOf('/bitcoin-ddf')).toBeNull();
    expect(ddfProductOf('/wallet-ddf-ddf')).toBeNull();
    expect(ddfProductOf('/wallet')).toBeNull();
  });

  it('/profile/edit opens the account with the profile tab selected', async () => {
    const { router } = renderRoute('/profile/edit', { auth: signedIn() });
    const tab = await screen.findByRole('tab', { selected: true });
    expect(tab).toHaveTextContent('Personal');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      ROUTE_REDIRECTS['/profile/edit'],
    );
  });

  it('/settings opens the account with the security tab selected', async () => {
    const { router } = renderRoute('/settings', { auth: signedIn() });
    const tab = await screen.findByRole('tab', { selected: true });
    expect(tab).toHaveTextContent('Security');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      ROUTE_REDIRECTS['/settings'],
    );
  });

  it('/qr-codes/:id/edit shows the QR code being edited', async () => {
    renderRoute('/qr-codes/qr-42/edit', { auth: signedIn() });
    expect(await screen.findByTestId('screen-title')).toHaveTextContent('Edit QR code');
    // No raw identifier on the page: the code is named by its title and short link once loaded.
    expect(screen.queryByText(/qr-42/)).not.toBeInTheDocument();
  });

  it('the quick tip opens without signing in, in the light layout without the app navigation', async () => {
    renderRoute('/quick-tip');
    expect(await screen.findByTestId('screen-title')).toHaveTextContent('Quick tip');
    expect(screen.getByText('Send a tip in seconds. No account required.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
    expect(screen.getByTestId('language-switcher')).toBeInTheDocument();
    expect(screen.getByTestId('theme-switcher')).toBeInTheDocument();
  });

  it('the quick tip is its own light page: the route loads it as a new document, with the link’s query', async () => {
    renderRoute('/quick-tip?to=maria_waits&qr=Ab3dE6gH');
    await screen.findByTestId('screen-title');
    await waitFor(() => expect(loadDocument).toHaveBeenCalledWith('/quick-tip?to=maria_waits&qr=Ab3dE6gH'));
    expect(screen.getByRole('link', { name: 'Open the quick-tip page' })).toHaveAttribute(
      'href',
      '/quick-tip?to=maria_waits&qr=Ab3dE6gH',
    );
  });

  it('/admin sends a signed-out visitor to /auth', async () => {
    const { router } = renderRoute('/admin');
    expect(await screen.findByTestId('screen-title')).toHaveTextContent('Sign in or create an account');
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('/business-admin is not guarded at route level: any signed-in user opens it', async () => {
    renderRoute('/business-admin', { auth: signedIn(['user'], 'freemium') });
    expect(await screen.findByTestId('screen-title')).toHaveTextContent('Business admin');
  });
});

describe('which screens need sign-in', () => {
  it('only the home page, sign-in and the quick tip are open to everyone (and the not-found page)', () => {
    expect([...SIGN_IN_FREE_PATHS].sort()).toEqual(['/', '/auth', '/quick-tip']);
  });

  it.each(['/wallet', '/account?tab=security', '/profile', '/wallet-ddf', '/business-admin/team'])(
    '%s sends a signed-out visitor to /auth, and sign-in returns there',
    async (url) => {
      const { router } = renderRoute(url);
      expect(await screen.findByTestId('screen-title')).toHaveTextContent('Sign in or create an account');
      expect(router.state.location.pathname).toBe('/auth');
      const from = (router.state.location.state as { from?: { pathname: string; search: string } }).from;
      expect(`${from?.pathname}${from?.search}`).toBe(url);
    },
  );

  it.each(['/', '/quick-tip', '/no/such/page'])('%s opens without signing in', async (url) => {
    const { router } = renderRoute(url);
    await screen.findByTestId('screen-title');
    expect(router.state.location.pathname).toBe(url);
  });

  it('a demo user counts as signed in', async () => {
    const { router } = renderRoute('/wallet', { auth: demoUser() });
    expect(await screen.findByTestId('screen-title')).toHaveTextContent('Wallet');
    expect(router.state.location.pathname).toBe('/wallet');
  });

  it('shows the guard spinner while the session loads', async () => {
    renderRoute('/wallet', {
      auth: { status: 'loading', user: null, profile: null, roles: [], demo: false },
    });
    expect(await screen.findByTestId('guard-loading')).toBeInTheDocument();
  });
});

describe('account tabs', () => {
  it('lists every section as a tab; the later phases say "coming soon"', async () => {
    renderRoute('/account?tab=privacy', { auth: signedIn() });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs).toHaveLength(PROFILE_TABS.length);
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Privacy');
    expect(screen.getByTestId('coming-soon')).toHaveTextContent('Coming soon — phase 4');
  });

  it('an unknown tab falls back to the profile tab', async () => {
    renderRoute('/account?tab=nonsense', { auth: signedIn() });
    expect(await screen.findByRole('tab', { selected: true })).toHaveTextContent('Personal');
  });

  it('arrow keys move between tabs and update ?tab=', async () => {
    const { router } = renderRoute('/account?tab=security', { auth: signedIn() });
    const security = await screen.findByRole('tab', { name: 'Security' });
    security.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Notifications');
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=notifications');
    // Notifications is built: its preferences, not a "coming soon" card.
    expect(screen.queryByTestId('coming-soon')).not.toBeInTheDocument();
  });
});

describe('navigation', () => {
  it('every navigation item leads to a screen of the route table', async () => {
    for (const item of NAV_GROUPS.flatMap((group) => group.items)) {
      const path = item.path.split('?')[0] ?? '';
      const known =
        (SCREEN_PATHS as readonly string[]).includes(path) ||
        path in ROUTE_REDIRECTS ||
        ddfProductOf(path) !== null;
      expect(known, `${item.key} → ${item.path}`).toBe(true);
    }
  });

  it('marks the current screen in the sidebar with aria-current', async () => {
    renderRoute('/wallet', { auth: signedIn() });
    await screen.findByTestId('screen-title');
    const sidebar = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(sidebar).getByRole('link', { name: 'Wallet' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('shows the guarded areas only to those who may enter them', async () => {
    renderRoute('/wallet', { auth: signedIn(['user']) });
    await screen.findByTestId('screen-title');
    const sidebar = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(sidebar).queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Try the demo' })).toHaveAttribute(
      'href',
      '/auth?mode=demo',
    );
  });
});
