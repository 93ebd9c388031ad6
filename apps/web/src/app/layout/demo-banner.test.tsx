import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDemoMode, setDemoMode } from '@/lib/demo/demo-mode';
import { sessionResponse } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderRoute } from '@/test/render';

describe('demo mode', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("/auth?mode=demo enters the demo at once: 'Demo Mode' toast, the demo user, a banner on every screen", async () => {
    const api = mockApi({});
    const { router } = renderRoute('/auth?mode=demo', { auth: 'provider', toaster: true });

    // The first screen's code is transformed on demand in tests: give it time.
    expect(await screen.findByText('Demo Mode', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Demo mode is now active')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByTestId('demo-banner')).toHaveTextContent('Demo mode.');
    expect(await screen.findByText('Welcome back, Alex Demo')).toBeInTheDocument();
    const callsInDemo = api.calls.length;

    // Signed in as the demo user: personal screens open, with the banner.
    await router.navigate('/wallet');
    await waitFor(() => expect(screen.getByTestId('screen-title')).toHaveTextContent('Wallet'));
    expect(screen.getByTestId('demo-banner')).toBeInTheDocument();
    await router.navigate('/quick-tip');
    await waitFor(() => expect(screen.getByTestId('screen-title')).toHaveTextContent('Quick tip'));
    expect(screen.getByTestId('demo-banner')).toBeInTheDocument();

    // Once in the demo, the session comes from the browser: the server is not asked again.
    expect(api.callsTo('GET', '/api/auth/session')).toHaveLength(1);
    expect(api.calls).toHaveLength(callsInDemo);
  });

  it("'Exit demo' offers to continue the demo or create a real account", async () => {
    setDemoMode(true);
    mockApi({});
    const { router } = renderRoute('/wallet', { auth: 'provider', toaster: true });
    const user = userEvent.setup();

    const banner = await screen.findByTestId('demo-banner');
    await user.click(within(banner).getByRole('button', { name: 'Exit demo' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave the demo?' });
    expect(within(dialog).getByRole('button', { name: 'Create a real account' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Continue demo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(isDemoMode()).toBe(true);

    await user.click(within(banner).getByRole('button', { name: 'Exit demo' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Leave the demo?' })).getByRole('button', {
        name: 'Create a real account',
      }),
    );

    // The sign-up screen loads first (its code arrives on demand), then the demo ends.
    expect(await screen.findByText('Exit Demo', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Demo mode deactivated')).toBeInTheDocument();
    expect(isDemoMode()).toBe(false);
    await waitFor(() => expect(router.state.location.search).toBe('?mode=sign-up'));
    expect(await screen.findByRole('tab', { name: 'Create account', selected: true })).toBeInTheDocument();
    expect(screen.queryByTestId('demo-banner')).not.toBeInTheDocument();
  });

  it('a signed-in person is asked before the demo, keeps their account, and "exit" brings it back', async () => {
    const api = mockApi({ 'GET /api/auth/session': [200, sessionResponse()] });
    const { router } = renderRoute('/auth?mode=demo', { auth: 'provider', toaster: true });
    const user = userEvent.setup();

    // Nothing changes before the person says yes; "Not now" leaves everything as it was.
    expect(
      await screen.findByText(/Your account stays signed in/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(isDemoMode()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(await screen.findByText('Welcome back, Ana Lima', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(isDemoMode()).toBe(false);

    await router.navigate('/auth?mode=demo');
    await user.click(await screen.findByRole('button', { name: 'Start the demo' }));
    expect(await screen.findByText('Welcome back, Alex Demo', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(isDemoMode()).toBe(true);

    // The way out offers the account back, not a new one.
    await user.click(
      within(await screen.findByTestId('demo-banner')).getByRole('button', { name: 'Exit demo' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Leave the demo?' });
    expect(within(dialog).queryByRole('button', { name: 'Create a real account' })).not.toBeInTheDocument();
    const sessionReads = api.callsTo('GET', '/api/auth/session').length;
    await user.click(within(dialog).getByRole('button', { name: 'Back to my account' }));

    expect(await screen.findByText('Welcome back, Ana Lima', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(isDemoMode()).toBe(false);
    expect(api.callsTo('GET', '/api/auth/session').length).toBeGreaterThan(sessionReads);
    expect(screen.queryByTestId('demo-banner')).not.toBeInTheDocument();
  });

  it('nothing a demo user does reaches the server: saving the profile is refused locally', async () => {
    setDemoMode(true);
    const api = mockApi({});
    renderRoute('/account?tab=profile', { auth: 'provider', toaster: true });
    const user = userEvent.setup();

    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Someone Else');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText('Not available in demo mode — nothing real happens here.'),
    ).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
