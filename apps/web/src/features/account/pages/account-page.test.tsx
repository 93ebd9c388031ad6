import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownProfile, sessionResponse } from '@/test/fixtures';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute } from '@/test/render';

const SIGNED_IN: Record<string, readonly [number, unknown]> = {
  'GET /api/auth/session': [200, sessionResponse()],
};

function inFiveMinutes(): string {
  return new Date(Date.now() + 5 * 60 * 1000).toISOString();
}

describe('/account, advanced: delete account', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("a word other than DELETE reads 'Confirmación fallida' in Spanish, and nothing is sent", async () => {
    const api = mockApi(SIGNED_IN);
    renderRoute('/account?tab=advanced', { auth: 'provider', language: 'es' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Contraseña actual'), 'my-password');
    await user.type(screen.getByLabelText('Escribe DELETE para confirmar'), 'delete');
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));

    const confirmation = screen.getByLabelText('Escribe DELETE para confirmar');
    expect(confirmation).toHaveAccessibleDescription('Confirmación fallida');
    expect(confirmation).toHaveFocus();
    expect(api.callsTo('DELETE', '/api/profiles/me')).toHaveLength(0);
  });

  it("the server's delete_confirmation_failed and a wrong password show on their fields", async () => {
    mockApi({ ...SIGNED_IN, 'DELETE /api/profiles/me': [403, error('current_password_incorrect')] });
    renderRoute('/account?tab=advanced', { auth: 'provider' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'wrong');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        "Your current password isn't correct.",
      ),
    );
  });

  it("'Could not delete account' when the server fails", async () => {
    mockApi({ ...SIGNED_IN, 'DELETE /api/profiles/me': [500, error('internal_error')] });
    renderRoute('/account?tab=advanced', { auth: 'provider' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'right');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Could not delete account')).toBeInTheDocument();
  });

  it("an account that still holds money is kept: the amounts in the reader's locale and a way to withdraw", async () => {
    mockApi({
      ...SIGNED_IN,
      'DELETE /api/profiles/me': [
        409,
        error('balance_not_empty', {
          balances: [
            { kind: 'available', currency: 'EUR', amountMinor: 250 },
            { kind: 'held', currency: 'USD', amountMinor: 1_000 },
          ],
        }),
      ],
    });
    const { router } = renderRoute('/account?tab=advanced', { auth: 'provider', language: 'fr' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mot de passe actuel'), 'right');
    await user.type(screen.getByLabelText('Saisissez DELETE pour confirmer'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));

    const notice = await screen.findByTestId('money-still-held');
    expect(notice).toHaveTextContent('Votre compte contient encore de l’argent');
    expect(notice).toHaveTextContent(/Retirez-le ou envoyez-le/);
    // French formatting: a comma for decimals, the symbol after the amount.
    expect(within(notice).getByText(/^2,50\s€$/)).toBeInTheDocument();
    expect(within(notice).getByText('Retrait en cours')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
    await user.click(within(notice).getByRole('link', { name: 'Retirer de l’argent' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=withdraw'));
    expect(router.state.location.pathname).toBe('/wallet');
  });

  it('deleting signs out here, says so and goes home', async () => {
    const api = mockApi({ ...SIGNED_IN, 'DELETE /api/profiles/me': [204] });
    const { router } = renderRoute('/account?tab=advanced', { auth: 'provider', toaster: true });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), 'right');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Signed out: the header offers to sign in (a text query: role queries are slow on this page).
    expect((await screen.findByText('Sign in')).closest('a')).toHaveAttribute('href', '/auth');
    expect(api.callsTo('DELETE', '/api/profiles/me')[0]?.body).toEqual({
      confirmation: 'DELETE',
      password: 'right',
    });
  });
});

describe('/account, security: the PIN-protected section', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('stays locked until the PIN is verified, then lists the sessions with the time left', async () => {
    const api = mockApi({
      ...SIGNED_IN,
      'GET /api/pin': [200, { pinSet: true, unlockedUntil: null, lockedUntil: null }],
      'POST /api/pin/verify': ({ body }) =>
        (body as { pin: string }).pin === '2468'
          ? [200, { pinSet: true, unlockedUntil: inFiveMinutes(), lockedUntil: null }]
          : [403, error('pin_invalid', { attemptsLeft: 4 })],
      'GET /api/auth/sessions': [
        200,
        {
          items: [
            {
              id: '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
              createdAt: '2026-03-01T10:00:00.000Z',
              lastSeenAt: '2026-03-02T10:00:00.000Z',
              userAgent:
                'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
              current: true,
            },
            {
              id: '6c2d3e4f-5061-4b7c-9d8e-0f1a2b3c4d5e',
              createdAt: '2026-02-01T10:00:00.000Z',
              lastSeenAt: '2026-02-02T10:00:00.000Z',
              userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/127.0',
              current: false,
            },
          ],
        },
      ],
      'POST /api/auth/sessions/revoke-others': [200, { revoked: 1 }],
    });
    renderRoute('/account?tab=security', { auth: 'provider', toaster: true });
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Sessions and devices' });
    expect(within(section).getByText("Enter your PIN to see where you're signed in.")).toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Sign out other sessions' }),
    ).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/auth/sessions')).toHaveLength(0);

    const pin = within(section).getByLabelText('Your PIN');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    await user.type(pin, '1111');
    await user.click(within(section).getByRole('button', { name: 'Unlock' }));
    expect(await within(section).findByText('Attempts left before it locks: 4.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/auth/sessions')).toHaveLength(0);

    await user.clear(within(section).getByLabelText('Your PIN'));
    await user.type(within(section).getByLabelText('Your PIN'), '2468');
    await user.click(within(section).getByRole('button', { name: 'Unlock' }));

    expect(await within(section).findByText('Chrome · Android')).toBeInTheDocument();
    expect(within(section).getByText('Firefox · macOS')).toBeInTheDocument();
    expect(within(section).getByText('This device')).toBeInTheDocument();
    expect(within(section).getByRole('timer')).toHaveTextContent(/Locks again in [45]:\d\d/);

    await user.click(within(section).getByRole('button', { name: 'Sign out other sessions' }));
    expect(await screen.findByText('Sessions signed out: 1')).toBeInTheDocument();
  });

  it('without a PIN, explains the section and offers to create one', async () => {
    mockApi({
      ...SIGNED_IN,
      'GET /api/pin': [200, { pinSet: false, unlockedUntil: null, lockedUntil: null }],
    });
    renderRoute('/account?tab=security', { auth: 'provider' });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Sessions and devices' });
    expect(section).toHaveTextContent('This section is protected by your PIN.');
    await user.click(within(section).getByRole('button', { name: 'Create a PIN' }));
    expect(screen.getByLabelText('New PIN')).toHaveFocus();
  });

  it('creating a PIN checks 4 to 6 digits and the confirmation', async () => {
    const api = mockApi({
      ...SIGNED_IN,
      'GET /api/pin': [200, { pinSet: false, unlockedUntil: null, lockedUntil: null }],
      'POST /api/pin': [200, { pinSet: true, unlockedUntil: inFiveMinutes(), lockedUntil: null }],
    });
    renderRoute('/account?tab=security', { auth: 'provider', toaster: true });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New PIN'), '12');
    await user.type(screen.getByLabelText('Confirm new PIN'), '13');
    await user.click(screen.getByRole('button', { name: 'Create PIN' }));
    expect(screen.getByLabelText('New PIN')).toHaveAccessibleDescription(
      expect.stringContaining('4 to 6 digits'),
    );
    expect(screen.getByLabelText('Confirm new PIN')).toHaveAccessibleDescription('PINs do not match');
    expect(api.callsTo('POST', '/api/pin')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New PIN'));
    await user.type(screen.getByLabelText('New PIN'), '2468');
    await user.clear(screen.getByLabelText('Confirm new PIN'));
    await user.type(screen.getByLabelText('Confirm new PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Create PIN' }));
    expect(await screen.findByText('PIN created')).toBeInTheDocument();
    expect(await screen.findByText('PIN on')).toBeInTheDocument();
  });
});

describe('/account, personal details', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('saves only what changed; a new language switches the app to it', async () => {
    const api = mockApi({
      ...SIGNED_IN,
      'PATCH /api/profiles/me': [200, ownProfile({ bio: 'Guitarist', language: 'fr' })],
    });
    renderRoute('/account', { auth: 'provider', toaster: true });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Bio'), 'Guitarist');
    await user.selectOptions(
      screen.getByLabelText('Language', { selector: 'select[name="language"]' }),
      'fr',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profil mis à jour')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/profiles/me')[0]?.body).toEqual({ bio: 'Guitarist', language: 'fr' });
  });

  it("'Could not update profile' when saving fails; a taken ztartag shows on its field", async () => {
    mockApi({ ...SIGNED_IN, 'PATCH /api/profiles/me': [500, error('internal_error')] });
    renderRoute('/account', { auth: 'provider' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Location'), 'Porto');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Could not update profile')).toBeInTheDocument();
  });

  it('uploading without choosing an image says one must be chosen (spec §5)', async () => {
    const api = mockApi(SIGNED_IN);
    renderRoute('/account', { auth: 'provider' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Upload photo' }));
    const input = screen.getByLabelText('Choose a photo');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Choose an image to upload first.'));
    expect(api.callsTo('PUT', '/api/profiles/me/avatar')).toHaveLength(0);
  });

  it('verifies a phone number: the number, then the 6-digit code, then the verified badge', async () => {
    let verified = false;
    const api = mockApi({
      'GET /api/auth/session': () => [200, sessionResponse()],
      'POST /api/auth/phone/start': [202, { status: 'accepted' }],
      'POST /api/auth/phone/verify': ({ body }) => {
        if ((body as { code: string }).code !== '123456') {
          return [400, error('invalid_token', { reason: 'wrong_code', attemptsLeft: 4 })];
        }
        verified = true;
        const session = sessionResponse();
        return [200, { ...session, user: { ...session.user, phone: '+351912345678', phoneVerified: true } }];
      },
    });
    renderRoute('/account', { auth: 'provider', toaster: true });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Phone' });
    await user.click(within(section).getByRole('button', { name: 'Add a phone number' }));
    const number = within(section).getByLabelText('Phone number');
    expect(number).toHaveAttribute('type', 'tel');
    await user.type(number, '912345678');
    await user.click(within(section).getByRole('button', { name: 'Send code' }));
    expect(number).toHaveAccessibleDescription(expect.stringContaining('international format'));

    await user.clear(number);
    await user.type(number, '+351 912 345 678');
    await user.click(within(section).getByRole('button', { name: 'Send code' }));
    const code = await within(section).findByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(api.callsTo('POST', '/api/auth/phone/start')[0]?.body).toEqual({ phone: '+351912345678' });

    await user.type(code, '654321');
    await user.click(within(section).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription("That code isn't right."));
    expect(within(section).getByText('Attempts left: 4.')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(section).getByRole('button', { name: 'Verify' }));
    expect(await within(section).findByText('+351912345678')).toBeInTheDocument();
    expect(within(section).getByText('Verified')).toBeInTheDocument();
    expect(verified).toBe(true);
  });
});
