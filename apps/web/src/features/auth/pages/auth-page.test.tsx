import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDemoMode } from '@/lib/demo/demo-mode';
import { setTestCookie } from '@/test/cookies';
import { sessionResponse } from '@/test/fixtures';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute } from '@/test/render';

const TOKEN = 'a1b2c3d4e5f6a7b8c9d0e1f2';

function renderAuth(url: string) {
  return renderRoute(url, { auth: 'provider', toaster: true });
}

async function fillSignIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('/auth: sign in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("a wrong password toasts 'Login Error' with the reason, translated from its code", async () => {
    const api = mockApi({ 'POST /api/auth/sign-in': [401, error('login_failed')] });
    renderAuth('/auth');
    await fillSignIn('ana@example.com', 'wrong-password');

    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('Login Error')).toBeInTheDocument();
    expect(within(toasts).getByText('The email or password is incorrect.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/sign-in')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/auth/sign-in')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'wrong-password',
    });
  });

  it("an unknown failure reads 'An unexpected error occurred'", async () => {
    mockApi({ 'POST /api/auth/sign-in': [418, error('teapot')] });
    renderAuth('/auth');
    await fillSignIn('ana@example.com', 'whatever1');
    expect(await screen.findByText('An unexpected error occurred')).toBeInTheDocument();
  });

  it('an unverified email says so and offers a new verification link', async () => {
    const api = mockApi({
      'POST /api/auth/sign-in': [403, error('email_not_verified', { resend: true })],
      'POST /api/auth/resend-verification': [202, { status: 'accepted' }],
    });
    renderAuth('/auth');
    const user = await fillSignIn('Ana@Example.com', 'right-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please verify your email address first. Check your inbox.');
    await user.click(within(alert).getByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByText(/If ana@example.com still needs verifying/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/resend-verification')[0]?.body).toEqual({
      email: 'ana@example.com',
    });
  });

  it("signing in says 'Login successful' and returns to the page that asked for it", async () => {
    setTestCookie('csrf_token', 'csrf-abc');
    const api = mockApi({ 'POST /api/auth/sign-in': [200, sessionResponse()] });
    const { router } = renderAuth('/wallet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));

    await fillSignIn('ana@example.com', 'right-password');

    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
    expect(api.callsTo('POST', '/api/auth/sign-in')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-abc');
  });

  it('checks the fields before asking the server, and focuses the first wrong one', async () => {
    const api = mockApi({});
    renderAuth('/auth');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email');
    // The form's schema loads on its first focus; the check waits for it.
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This field is required');
    expect(api.callsTo('POST', '/api/auth/sign-in')).toHaveLength(0);
  });
});

describe('/auth: sign up', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("says 'Passwords do not match', requires the terms, and shows a taken ztartag (prefilled from the email)", async () => {
    const api = mockApi({
      'GET /api/ztartags/suggestion': [200, { suggestion: 'ana' }],
      'GET /api/ztartags/ana': [200, { available: false }],
    });
    renderAuth('/auth?mode=sign-up');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('New password'), 'correct-horse-1');
    await user.type(screen.getByLabelText('Confirm password'), 'correct-horse-2');

    expect(await screen.findByText('@ana is already taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Ztartag (optional)')).toHaveValue('ana');

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const confirmation = screen.getByLabelText('Confirm password');
    await waitFor(() => expect(confirmation).toHaveAttribute('aria-invalid', 'true'));
    expect(confirmation).toHaveAccessibleDescription('Passwords do not match');
    expect(confirmation).toHaveFocus();
    expect(screen.getByLabelText('Ztartag (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('That ztartag is already taken'),
    );
    expect(screen.getByLabelText('I accept the terms of service')).toHaveAccessibleDescription(
      'Accept the terms of service to continue',
    );
    expect(screen.getByLabelText('I accept the privacy policy')).toHaveAccessibleDescription(
      'Accept the privacy policy to continue',
    );
    expect(api.callsTo('POST', '/api/auth/sign-up')).toHaveLength(0);
  });

  it("creates the account: 'Account Created', 'Please check your email to verify your account'", async () => {
    const api = mockApi({
      'GET /api/ztartags/suggestion': [200, { suggestion: 'ana_1' }],
      'GET /api/ztartags/ana_1': [200, { available: true }],
      'POST /api/auth/sign-up': [201, { status: 'accepted' }],
    });
    renderAuth('/auth?mode=sign-up');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('New password'), 'correct-horse-1');
    await user.type(screen.getByLabelText('Confirm password'), 'correct-horse-1');
    expect(await screen.findByText('@ana_1 is available')).toBeInTheDocument();
    await user.click(screen.getByLabelText('I accept the terms of service'));
    await user.click(screen.getByLabelText('I accept the privacy policy'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText('Account Created')).toBeInTheDocument();
    expect(within(toasts).getByText('Please check your email to verify your account')).toBeInTheDocument();
    expect(screen.getByText('Check your inbox')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/sign-up')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'correct-horse-1',
      passwordConfirmation: 'correct-horse-1',
      ztartag: 'ana_1',
      acceptTerms: true,
      acceptPrivacy: true,
      language: 'en',
      // The device's zone: where the new person's months begin.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it("a failure toasts 'Registration Error'; a tag taken meanwhile shows on its field", async () => {
    mockApi({
      'GET /api/ztartags/zed': [200, { available: true }],
      'POST /api/auth/sign-up': [409, error('ztartag_taken')],
    });
    renderAuth('/auth?mode=sign-up');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Ztartag (optional)'), 'zed');
    await user.type(screen.getByLabelText('Email'), 'zed@example.com');
    await user.type(screen.getByLabelText('New password'), 'correct-horse-1');
    await user.type(screen.getByLabelText('Confirm password'), 'correct-horse-1');
    await user.click(screen.getByLabelText('I accept the terms of service'));
    await user.click(screen.getByLabelText('I accept the privacy policy'));
    expect(await screen.findByText('@zed is available')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Registration Error')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Ztartag (optional)')).toHaveAccessibleDescription(
        expect.stringContaining('That ztartag is already taken'),
      ),
    );
  });
});

describe('/auth: the sign-up limit', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("says how long to wait, from the limiter's Retry-After, not 'a moment'", async () => {
    const api = mockApi({ 'GET /api/ztartags/zed': [200, { available: true }] });
    // The limiter's answer as the server sends it: Retry-After in seconds.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/auth/sign-up'
        ? new Response(JSON.stringify(error('rate_limited')), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '1740' },
          })
        : api.fetchMock(input, init),
    );
    renderAuth('/auth?mode=sign-up');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'zed@example.com');
    await user.type(screen.getByLabelText('New password'), 'correct-horse-1');
    await user.type(screen.getByLabelText('Confirm password'), 'correct-horse-1');
    await user.click(screen.getByLabelText('I accept the terms of service'));
    await user.click(screen.getByLabelText('I accept the privacy policy'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Registration Error')).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Please try again in 29 minutes.')).toBeInTheDocument();
  });
});

describe('/auth: links from mails, forgotten passwords and the demo', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a verification link verifies the email as soon as it opens, once', async () => {
    const api = mockApi({
      'POST /api/auth/verify-email': [200, { status: 'verified', purpose: 'verify_email' }],
    });
    renderAuth(`/auth?mode=verify-email&token=${TOKEN}`);
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // One way on: "Sign in", not "Back to sign in" beside it.
    expect(screen.queryByRole('button', { name: 'Back to sign in' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/verify-email')).toEqual([
      expect.objectContaining({ body: { token: TOKEN } }),
    ]);
  });

  it('an expired verification link says so and offers a new one', async () => {
    mockApi({ 'POST /api/auth/verify-email': [400, error('invalid_token')] });
    renderAuth(`/auth?mode=verify-email&token=${TOKEN}`);
    expect(
      await screen.findByText('This link is invalid or has expired. Ask for a new one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to sign in' })).toBeInTheDocument();
  });

  it('a reset link opens the new-password form, which sets the password', async () => {
    const api = mockApi({ 'POST /api/auth/reset-password': [200, { status: 'ok' }] });
    renderAuth(`/auth?mode=reset-password&token=${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(
      await screen.findByText('Your password has been changed. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to sign in' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      token: TOKEN,
      password: 'brand-new-pass',
      passwordConfirmation: 'brand-new-pass',
    });
  });

  it('forgot password always answers the same, whatever the address', async () => {
    mockApi({ 'POST /api/auth/forgot-password': [202, { status: 'accepted' }] });
    renderAuth('/auth');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(
        "If an account exists for that email, we've sent it a link to reset the password. The link works for one hour.",
      ),
    ).toBeInTheDocument();
  });

  it("'Try the demo' enters the demo: toast, banner, and no request to the server", async () => {
    const api = mockApi({});
    const { router } = renderAuth('/auth');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Try the demo' }));

    expect(await screen.findByText('Demo Mode')).toBeInTheDocument();
    expect(screen.getByText('Demo mode is now active')).toBeInTheDocument();
    expect(await screen.findByTestId('demo-banner')).toBeInTheDocument();
    // The home screen loads its code before the navigation completes.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(isDemoMode()).toBe(true);
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});
