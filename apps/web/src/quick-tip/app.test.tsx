import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY } from '@ztart/shared/languages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDemoMode } from '@/lib/demo/demo-mode';
import { setTestCookie } from '@/test/cookies';
import { sessionResponse } from '@/test/fixtures';
import { type ApiCall, error, type MockAnswer, mockApi } from '@/test/mock-api';
import { QuickTipApp } from './app.tsx';
import { NOW, quickTipProfile, tip } from './test-data.ts';

const PROFILE: Record<string, MockAnswer> = {
  'GET /api/public/profiles/maria_waits': [200, quickTipProfile()],
};

function renderPage(search = '?to=maria_waits') {
  return render(<QuickTipApp search={search} now={() => NOW} />);
}

type User = ReturnType<typeof userEvent.setup>;

async function fillCard(user: User, number = '4242424242424242') {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1230');
  await user.type(screen.getByLabelText('Security code'), '123');
  await user.type(screen.getByLabelText('Name on the card'), 'Ana Lima');
}

/** From the form to the confirmation of a $5.00 tip by card. */
async function confirmFiveDollarTip(user: User) {
  await screen.findByTestId('tip-form');
  await user.click(screen.getByRole('radio', { name: '$5.00' }));
  await fillCard(user);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByTestId('confirm-step');
}

const tipCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/tips');

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.lang = 'en';
});

describe('the quick-tip page without a receiver', () => {
  it('asks who to tip when the link has no `to`, without asking the server', async () => {
    const api = mockApi({});
    renderPage('');

    expect(screen.getByTestId('screen-title')).toHaveTextContent('Who would you like to tip?');
    expect(screen.getByRole('link', { name: 'Go to Ztart Tips' })).toHaveAttribute('href', '/');
    expect(api.calls).toEqual([]);
  });

  it('says the person cannot be found when the ztartag is unknown or deleted', async () => {
    mockApi({ 'GET /api/public/profiles/gone_user': [404, error('recipient_user_not_found')] });
    renderPage('?to=gone_user');

    expect(await screen.findByTestId('quick-tip-not-found')).toBeInTheDocument();
    expect(screen.getByTestId('screen-title')).toHaveTextContent('We couldn’t find this person');
    expect(screen.queryByTestId('tip-form')).not.toBeInTheDocument();
  });

  it('offers to try again when the page could not load', async () => {
    let answers = 0;
    mockApi({
      'GET /api/public/profiles/maria_waits': () =>
        ++answers === 1 ? [503, error('service_unavailable')] : [200, quickTipProfile()],
    });
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByTestId('quick-tip-load-error')).toHaveTextContent('Something went wrong');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('tip-form')).toBeInTheDocument();
  });
});

describe('a business tip link', () => {
  it("shows the business's name, logo, colour and message instead of a person's", async () => {
    mockApi({
      'GET /api/public/profiles/cafe_aurora': [
        200,
        quickTipProfile({
          ztartag: 'cafe_aurora',
          fullName: 'Claire Dubois',
          business: {
            name: 'Café Aurora',
            tag: 'cafe_aurora',
            logoUrl: '/api/businesses/logo.png',
            brandColor: '#aa3300',
            message: 'Thank you from the whole team!',
            minimumTipMinor: null,
          },
        }),
      ],
    });
    renderPage('?to=cafe_aurora');

    expect(await screen.findByTestId('receiver')).toHaveTextContent('Tip Café Aurora');
    expect(screen.getByTestId('receiver')).not.toHaveTextContent('Claire Dubois');
    expect(screen.getByTestId('business-message')).toHaveTextContent('Thank you from the whole team!');
    expect(screen.getByTestId('brand-band')).toHaveStyle({ backgroundColor: '#aa3300' });
  });

  it('ignores a colour that is not a plain #rrggbb', async () => {
    mockApi({
      'GET /api/public/profiles/cafe_aurora': [
        200,
        quickTipProfile({
          ztartag: 'cafe_aurora',
          business: {
            name: 'Café Aurora',
            tag: 'cafe_aurora',
            logoUrl: null,
            brandColor: 'red;background:url(x)',
            message: null,
            minimumTipMinor: null,
          },
        }),
      ],
    });
    renderPage('?to=cafe_aurora');

    expect(await screen.findByTestId('receiver')).toHaveTextContent('Tip Café Aurora');
    expect(screen.queryByTestId('brand-band')).not.toBeInTheDocument();
    expect(screen.queryByTestId('business-message')).not.toBeInTheDocument();
  });
});

describe('a business with a minimum tip', () => {
  it('says the minimum under its branding and starts the range there', async () => {
    mockApi({
      'GET /api/public/profiles/cafe_aurora': [
        200,
        quickTipProfile({
          ztartag: 'cafe_aurora',
          minMinor: 500,
          presetsMinor: [500, 1_000],
          business: {
            name: 'Café Aurora',
            tag: 'cafe_aurora',
            logoUrl: null,
            brandColor: null,
            message: null,
            minimumTipMinor: 500,
          },
        }),
      ],
    });
    renderPage('?to=cafe_aurora');

    expect(await screen.findByTestId('business-minimum-tip')).toHaveTextContent(
      'The minimum tip here is $5.00.',
    );
    expect(screen.getByText(/^From \$5\.00 to/)).toBeInTheDocument();
  });
});

describe('a quick tip by card, without an account', () => {
  it('shows who is tipped, the presets, the custom amount and the no-account statement', async () => {
    mockApi(PROFILE);
    renderPage();

    expect(await screen.findByTestId('receiver')).toHaveTextContent('Tip Maria Santos');
    expect(screen.getByTestId('screen-title')).toHaveTextContent('Tip Maria Santos');
    expect(screen.getByTestId('receiver')).toHaveTextContent('@maria_waits');
    expect(screen.getByText(/No account required/)).toBeInTheDocument();
    const amounts = within(screen.getByRole('group', { name: 'How much?' })).getAllByRole('radio');
    expect(amounts.map((radio) => radio.closest('label')?.textContent)).toEqual([
      '$2.00',
      '$5.00',
      '$10.00',
      '$20.00',
      'Other',
    ]);
    expect(screen.getByRole('radio', { name: '$5.00' })).toBeChecked();
    expect(screen.getByText('From $1.00 to $100.00')).toBeInTheDocument();
    // Signed out: the card is the only way to pay.
    expect(screen.queryByRole('group', { name: 'Pay with' })).not.toBeInTheDocument();
  });

  it('confirms receiver and amount before paying, then pays once with one key and the CSRF token', async () => {
    setTestCookie('csrf_token', 'csrf-123');
    const api = mockApi({ ...PROFILE, 'POST /api/tips': [201, { tip: tip({ amountMinor: 500 }) }] });
    const user = userEvent.setup();
    renderPage('?to=maria_waits&qr=Ab3dE6gH');

    await screen.findByTestId('tip-form');
    await user.type(screen.getByLabelText('Message (optional)'), 'Great coffee!');
    await user.type(screen.getByLabelText('Email for the receipt'), 'ana@example.com');
    await fillCard(user);
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Card type: Visa');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const confirm = await screen.findByTestId('confirm-step');
    expect(tipCalls(api.calls)).toHaveLength(0);
    expect(within(confirm).getByRole('heading', { name: 'Check your tip' })).toHaveFocus();
    expect(within(confirm).getByTestId('confirm-amount')).toHaveTextContent('$5.00');
    expect(confirm).toHaveTextContent('Maria Santos (@maria_waits)');
    expect(confirm).toHaveTextContent('Visa •••• 4242');
    expect(confirm).toHaveTextContent('“Great coffee!”');
    expect(confirm).toHaveTextContent('ana@example.com');

    await user.click(within(confirm).getByRole('button', { name: 'Tip $5.00' }));

    const done = await screen.findByTestId('done-step');
    expect(within(done).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Tip sent — pending until your card settles',
    );
    expect(done).toHaveTextContent('A receipt is on its way to ana@example.com.');
    expect(done).toHaveTextContent('Pending');
    const [call] = tipCalls(api.calls);
    expect(call?.body).toEqual({
      receiver: 'maria_waits',
      amountMinor: 500,
      currency: 'USD',
      source: 'card',
      message: 'Great coffee!',
      senderEmail: 'ana@example.com',
      card: {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2030,
        cvc: '123',
        cardholderName: 'Ana Lima',
      },
      qrCode: 'Ab3dE6gH',
    });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(call?.headers.get('X-CSRF-Token')).toBe('csrf-123');
  });

  it('retries a lost answer with the same Idempotency-Key, and a new confirmation gets a new one', async () => {
    let attempts = 0;
    const api = mockApi({
      ...PROFILE,
      'POST /api/tips': () => (++attempts <= 2 ? [503, error('service_unavailable')] : [201, { tip: tip() }]),
    });
    const user = userEvent.setup();
    renderPage();
    await confirmFiveDollarTip(user);

    await user.click(screen.getByRole('button', { name: 'Tip $5.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send tip. Nothing was charged.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tipCalls(api.calls)).toHaveLength(2));
    const [first, second] = tipCalls(api.calls);
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));

    // Editing the tip and confirming again is another tip: another key.
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Tip $5.00' }));
    await screen.findByTestId('done-step');
    const third = tipCalls(api.calls)[2];
    expect(third?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
  });

  it('checks the card as it is typed: a mistyped number shows on leaving the field', async () => {
    const api = mockApi(PROFILE);
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('tip-form');

    const number = screen.getByLabelText('Card number');
    await user.type(number, '4242424242424241');
    expect(number).toHaveValue('4242 4242 4242 4241');
    await user.tab();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This card number isn’t valid. Check the digits.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByTestId('confirm-step')).not.toBeInTheDocument();
    expect(number).toHaveFocus();
    expect(tipCalls(api.calls)).toHaveLength(0);
  });

  it('takes a typed amount in the person’s language, and points above the maximum to verification or a transfer', async () => {
    const api = mockApi(PROFILE);
    const user = userEvent.setup();
    renderPage('?to=maria_waits&lang=es');
    await screen.findByTestId('tip-form');

    await user.click(screen.getByRole('radio', { name: 'Otro' }));
    await user.type(screen.getByLabelText('Importe en USD'), '150,00');
    await fillSpanishCard(user);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(screen.getByText('Una propina rápida puede ser de hasta 100,00 US$.')).toBeInTheDocument();
    const help = screen.getByTestId('over-max-help');
    expect(within(help).getByRole('link', { name: 'Verificar mi cuenta' })).toHaveAttribute(
      'href',
      '/account?tab=profile',
    );
    expect(within(help).getByRole('link', { name: 'Hacer una transferencia' })).toHaveAttribute(
      'href',
      '/payments?to=maria_waits',
    );
    expect(tipCalls(api.calls)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Importe en USD'));
    await user.type(screen.getByLabelText('Importe en USD'), '12,50');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByTestId('confirm-amount')).toHaveTextContent('12,50 US$');
  });

  it('puts a declined card on the card, and the security code refused by the processor on its field', async () => {
    let answer: readonly [number, unknown] = [402, error('card_declined')];
    mockApi({ ...PROFILE, 'POST /api/tips': () => answer });
    const user = userEvent.setup();
    renderPage();
    await confirmFiveDollarTip(user);

    await user.click(screen.getByRole('button', { name: 'Tip $5.00' }));
    const card = await screen.findByTestId('card-fields');
    expect(within(card).getByRole('alert')).toHaveTextContent('Your card was declined. Nothing was charged');
    // Focus moves to the message, so a screen reader reads it and the screen shows it.
    expect(screen.getByTestId('card-problem')).toHaveFocus();
    // What was typed is still there but the security code, which is asked again.
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry date (MM/YY)')).toHaveValue('12/30');
    expect(screen.getByLabelText('Name on the card')).toHaveValue('Ana Lima');
    expect(screen.getByRole('radio', { name: '$5.00' })).toBeChecked();
    expect(screen.getByLabelText('Security code')).toHaveValue('');
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'the security code is not kept: enter it again',
    );

    answer = [422, error('card_cvc_invalid')];
    await user.type(screen.getByLabelText('Security code'), '123');
    expect(within(card).getByRole('alert')).not.toHaveTextContent('enter it again');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Tip $5.00' }));
    const cvc = await screen.findByLabelText('Security code');
    expect(cvc).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter the 3-digit security code.')).toBeInTheDocument();
  });

  it('shows the server’s quick-tip maximum on the amount with the way to give more', async () => {
    mockApi({
      ...PROFILE,
      'POST /api/tips': [422, error('limit_exceeded', { limit: 'quickTipMax', limitMinor: 10_000 })],
    });
    const user = userEvent.setup();
    renderPage();
    await confirmFiveDollarTip(user);
    await user.click(screen.getByRole('button', { name: 'Tip $5.00' }));

    expect(await screen.findByText('A quick tip can be up to $100.00.')).toBeInTheDocument();
    expect(screen.getByTestId('over-max-help')).toBeInTheDocument();
  });

  it('shows the not-found state when the receiver left meanwhile', async () => {
    mockApi({ ...PROFILE, 'POST /api/tips': [404, error('recipient_user_not_found')] });
    const user = userEvent.setup();
    renderPage();
    await confirmFiveDollarTip(user);
    await user.click(screen.getByRole('button', { name: 'Tip $5.00' }));

    expect(await screen.findByTestId('quick-tip-not-found')).toBeInTheDocument();
  });

  it('asks to wait when tips come too fast', async () => {
    mockApi({ ...PROFILE, 'POST /api/tips': [429, error('rate_limited')] });
    const user = userEvent.setup();
    renderPage();
    await confirmFiveDollarTip(user);
    await user.click(screen.getByRole('button', { name: 'Tip $5.00' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tips in a short time');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});

describe('a signed-in sender', () => {
  const WALLET = {
    balances: [
      { currency: 'USD', availableMinor: 25_000, pendingMinor: 0, totalMinor: 25_000, inGoalsMinor: 0 },
    ],
    limits: {
      minMinor: 1,
      transferMaxMinor: 1_000_000,
      noPinMaxMinor: 5_000,
      pinSet: true,
      verified: true,
      dailyLimitMinor: null,
      sentLast24h: [],
      sentLast24hReferenceMinor: 0,
    },
  };

  it('may pay from the balance; a PIN asked by the server is entered, then the same tip goes again', async () => {
    let pinVerified = false;
    const api = mockApi({
      ...PROFILE,
      'GET /api/auth/session': [200, sessionResponse()],
      'GET /api/wallet': [200, WALLET],
      'POST /api/pin/verify': ({ body }) => {
        if ((body as { pin: string }).pin !== '2468') return [403, error('pin_invalid', { attemptsLeft: 4 })];
        pinVerified = true;
        return [200, { pinSet: true, unlockedUntil: null, lockedUntil: null }];
      },
      'POST /api/tips': () =>
        pinVerified
          ? [201, { tip: tip({ source: 'wallet', status: 'completed', amountMinor: 6_000, card: null }) }]
          : [403, error('pin_required')],
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('tip-form');

    const payWith = screen.getByRole('group', { name: 'Pay with' });
    expect(await within(payWith).findByText('Available: $250.00')).toBeInTheDocument();
    await user.click(within(payWith).getByRole('radio', { name: /My Ztart balance/ }));
    expect(screen.queryByTestId('card-fields')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.type(screen.getByLabelText('Amount in USD'), '60');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('confirm-step')).toHaveTextContent('Ztart balance (USD)');
    await user.click(screen.getByRole('button', { name: 'Tip $60.00' }));

    const pinStep = await screen.findByTestId('pin-step');
    expect(pinStep).toHaveTextContent('Payments above $50.00 from your balance need your PIN.');
    await user.type(within(pinStep).getByLabelText('PIN'), '1111');
    await user.click(within(pinStep).getByRole('button', { name: 'Confirm and tip' }));
    expect(await within(pinStep).findByText('That PIN isn’t correct. Attempts left: 4.')).toBeInTheDocument();
    await user.type(within(pinStep).getByLabelText('PIN'), '2468');
    await user.click(within(pinStep).getByRole('button', { name: 'Confirm and tip' }));

    const done = await screen.findByTestId('done-step');
    expect(done).toHaveTextContent('Tip sent');
    expect(done).toHaveTextContent('Completed');
    const calls = tipCalls(api.calls);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.body).toEqual({
      receiver: 'maria_waits',
      amountMinor: 6_000,
      currency: 'USD',
      source: 'wallet',
    });
    expect(calls[1]?.headers.get('Idempotency-Key')).toBe(calls[0]?.headers.get('Idempotency-Key'));
  });

  it('pays by card when the balance cannot be read', async () => {
    mockApi({
      ...PROFILE,
      'GET /api/auth/session': [200, sessionResponse()],
      'GET /api/wallet': [500, error('internal_error')],
    });
    renderPage();

    await screen.findByTestId('tip-form');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Pay with' })).not.toBeInTheDocument());
    expect(screen.getByTestId('card-fields')).toBeInTheDocument();
  });

  it('on their own tip page sees it as others do, without the balance', async () => {
    mockApi({
      ...PROFILE,
      'GET /api/auth/session': [200, sessionResponse(['user'], 'freemium', { ztartag: 'maria_waits' })],
    });
    renderPage();

    expect(await screen.findByText(/This is your own tip page/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Pay with' })).not.toBeInTheDocument();
  });
});

describe('offline and demo', () => {
  it('says so while the phone is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi(PROFILE);
    renderPage();

    expect(
      await screen.findByText('You’re offline. Connect to the internet and try again.'),
    ).toBeInTheDocument();
  });

  it('in the demo, simulates the tip: no card is charged, nothing reaches the server', async () => {
    setDemoMode(true);
    const api = mockApi(PROFILE);
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByTestId('demo-notice')).toHaveTextContent('Demo mode');
    await confirmFiveDollarTip(user);
    await user.click(screen.getByRole('button', { name: 'Tip $5.00' }));
    expect(await screen.findByTestId('done-step')).toHaveTextContent('Demo mode: this tip was simulated.');
    expect(tipCalls(api.calls)).toHaveLength(0);
    expect(api.callsTo('GET', '/api/auth/session')).toHaveLength(0);
    setDemoMode(false);
  });
});

describe('language and embedding', () => {
  it('speaks the language chosen in the app, and a new choice is kept for the app', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    mockApi(PROFILE);
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByTestId('receiver')).toHaveTextContent('Un pourboire pour Maria Santos');
    expect(document.documentElement.lang).toBe('fr');
    await user.selectOptions(screen.getByLabelText('Langue'), 'pt');
    expect(screen.getByTestId('screen-title')).toHaveTextContent('Dê uma gorjeta para Maria Santos');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pt');
  });

  it('embedded in another site: the compact card only, card payment only, links in a new tab', async () => {
    const api = mockApi({ ...PROFILE, 'GET /api/auth/session': [200, sessionResponse()] });
    renderPage('?to=maria_waits&embed=1');

    await screen.findByTestId('tip-form');
    expect(screen.queryByRole('link', { name: /Sign in/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Pay with' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tips by Ztart Tips' })).toHaveAttribute('target', '_blank');
    expect(api.callsTo('GET', '/api/auth/session')).toHaveLength(0);
  });
});

async function fillSpanishCard(user: User) {
  await user.type(screen.getByLabelText('Número de tarjeta'), '4242424242424242');
  await user.type(screen.getByLabelText('Caducidad (MM/AA)'), '1230');
  await user.type(screen.getByLabelText('Código de seguridad'), '123');
  await user.type(screen.getByLabelText('Nombre en la tarjeta'), 'Ana Lima');
}
