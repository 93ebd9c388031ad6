import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_ID, business, member, plans } from '@/features/business/test-data';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

const MEMBER_ID = '11111111-1111-4111-8111-111111111111';
/** The screens are lazy routes: the first render waits for their module (slow on a cold, busy machine). */
const SCREEN_LOAD = { timeout: 15_000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/businesses', () => {
  it('says a business needs the plan, with the way to the plans, when the server refuses the level', {
    timeout: 40_000,
  }, async () => {
    const api = mockApi({
      'GET /api/businesses': [200, { items: [] }],
      'GET /api/business-invitations': [200, { items: [] }],
      'GET /api/plans': [200, plans()],
      'POST /api/businesses': [403, error('business_level_required')],
    });
    const user = userEvent.setup();
    renderRoute('/businesses', { auth: signedIn() });

    await screen.findByTestId('businesses-empty', {}, SCREEN_LOAD);
    await user.click(screen.getAllByRole('button', { name: 'New business' })[0] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'Create a business' });
    await user.type(within(dialog).getByLabelText('Business name'), 'Café Aurora');
    // The tag follows the name until it is typed by hand.
    expect(within(dialog).getByLabelText('Tip tag')).toHaveValue('cafe_aurora');
    await user.click(within(dialog).getByRole('button', { name: 'Create business' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Businesses need the Business or Enterprise plan.');
    expect(within(alert).getByRole('link', { name: 'See the plans' })).toHaveAttribute(
      'href',
      '/businesses#plans',
    );
    expect(api.callsTo('POST', '/api/businesses')[0]?.body).toEqual({
      name: 'Café Aurora',
      tag: 'cafe_aurora',
      currency: 'USD',
    });

    // The link gives way to the plans on this same page.
    await user.click(within(alert).getByRole('link', { name: 'See the plans' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create a business' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('region', { name: 'Plans' })).toBeInTheDocument();
  });

  it('creates the business, then sends the chosen logo as the image itself', {
    timeout: 40_000,
  }, async () => {
    const api = mockApi({
      'GET /api/businesses': [200, { items: [] }],
      'GET /api/business-invitations': [200, { items: [] }],
      'GET /api/plans': [200, plans('business')],
      'POST /api/businesses': [201, business()],
      [`PUT /api/businesses/${BUSINESS_ID}/logo`]: [200, business({ logoUrl: '/api/avatars/logo-1' })],
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/businesses', { auth: signedIn(['user'], 'business') });

    await screen.findByTestId('businesses-empty', {}, SCREEN_LOAD);
    await user.click(screen.getAllByRole('button', { name: 'New business' })[0] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'Create a business' });
    await user.type(within(dialog).getByLabelText('Business name'), 'Café Aurora');
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Logo (optional)'), logo);
    await user.click(within(dialog).getByRole('button', { name: 'Create business' }));

    await waitFor(() => expect(router.state.location.search).toBe(`?business=${BUSINESS_ID}`));
    expect(router.state.location.pathname).toBe('/business-admin');
    const [put] = api.callsTo('PUT', `/api/businesses/${BUSINESS_ID}/logo`);
    expect(put?.body).toBeInstanceOf(Blob);
    expect(put?.headers.get('Content-Type')).toBe('image/png');
  });

  it('shows the plans with their prices and asks to confirm the payment before upgrading', async () => {
    const api = mockApi({
      'GET /api/businesses': [200, { items: [] }],
      'GET /api/business-invitations': [200, { items: [] }],
      'GET /api/plans': [200, plans()],
      'POST /api/plans/subscription': [
        200,
        { level: 'business', periodEnd: '2026-12-26T10:00:00.000Z', pendingLevel: null },
      ],
    });
    const user = userEvent.setup();
    renderRoute('/businesses', { auth: signedIn() });

    const cards = await screen.findAllByTestId('plan-card', {}, SCREEN_LOAD);
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Freemium',
      'Business',
      'Enterprise',
    ]);
    expect(cards[1]).toHaveTextContent('$29.00 a month');
    expect(cards[2]).toHaveTextContent('$99.00 a month');
    await user.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Upgrade to Business' }));

    const dialog = screen.getByRole('dialog', { name: 'Plan: Business' });
    expect(within(dialog).getByTestId('plan-price')).toHaveTextContent('$29.00');
    expect(api.callsTo('POST', '/api/plans/subscription')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $29.00' }));
    expect(await within(dialog).findByText('You are on Business')).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/api/plans/subscription');
    expect(call?.body).toEqual({ level: 'business', currency: 'USD' });
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
  });
});

describe('/business-admin/team', () => {
  it('shows the limit of the plan with the way to upgrade when one more invitation is refused', async () => {
    mockApi({
      'GET /api/businesses': [200, { items: [business()] }],
      [`GET /api/businesses/${BUSINESS_ID}/members`]: [
        200,
        { items: [member(MEMBER_ID, 'leo_guitar')], invitations: [], used: 5, max: 5 },
      ],
      [`POST /api/businesses/${BUSINESS_ID}/invitations`]: [
        422,
        error('limit_exceeded', { limit: 'teamMembers', max: 5 }),
      ],
    });
    const user = userEvent.setup();
    renderRoute('/business-admin/team', { auth: signedIn(['user'], 'business') });

    expect(await screen.findByTestId('team-usage', {}, SCREEN_LOAD)).toHaveTextContent('5 of 5 places taken');
    expect(screen.getByTestId('team-member')).toHaveTextContent('@leo_guitar');
    await user.type(screen.getByLabelText('Their ztartag'), 'sam_drives');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your plan allows 5 team members. Upgrade to invite more.');
    expect(within(alert).getByRole('link', { name: 'See the plans' })).toBeInTheDocument();
  });

  it('shows a clear forbidden state, naming what the role lacks, when the server answers 403', async () => {
    mockApi({
      'GET /api/businesses': [
        200,
        { items: [business({ myRole: 'member', myPermissions: ['viewAnalytics'] })] },
      ],
      [`GET /api/businesses/${BUSINESS_ID}/members`]: [403, error('forbidden', { permission: 'manageTeam' })],
    });
    renderRoute('/business-admin/team', { auth: signedIn() });

    const forbidden = await screen.findByTestId('business-forbidden', {}, SCREEN_LOAD);
    expect(forbidden).toHaveTextContent('Not for your role');
    expect(forbidden).toHaveTextContent('does not include “running the team”');
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
  });
});

describe('/business-admin', () => {
  it("shows the pool in the business's currency and offers to share it only to who may configure payments", async () => {
    mockApi({
      'GET /api/businesses': [
        200,
        { items: [business({ myRole: 'member', myPermissions: ['manageWallets', 'viewAnalytics'] })] },
      ],
      [`GET /api/businesses/${BUSINESS_ID}/wallet`]: [
        200,
        { balances: [{ currency: 'USD', availableMinor: 900 }] },
      ],
    });
    renderRoute(`/business-admin?business=${BUSINESS_ID}`, { auth: signedIn() });

    expect(await screen.findByTestId('business-balance', {}, SCREEN_LOAD)).toHaveTextContent('$9.00');
    expect(screen.queryByRole('button', { name: 'Share with the team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('saves only the settings that changed, the smallest tip in minor units', async () => {
    const api = mockApi({
      'GET /api/businesses': [200, { items: [business({ message: 'Thanks!' })] }],
      [`GET /api/businesses/${BUSINESS_ID}/wallet`]: [200, { balances: [] }],
      [`GET /api/businesses/${BUSINESS_ID}/members`]: [200, { items: [], invitations: [], used: 0, max: 5 }],
      [`GET /api/businesses/${BUSINESS_ID}/qr-codes`]: [200, { items: [] }],
      [`PATCH /api/businesses/${BUSINESS_ID}`]: [200, business()],
    });
    const user = userEvent.setup();
    renderRoute('/business-admin', { auth: signedIn(['user'], 'business'), toaster: true });

    expect(await screen.findByTestId('business-balance', {}, SCREEN_LOAD)).toHaveTextContent('$0.00');
    expect(screen.getByText('Nothing to share yet.')).toBeInTheDocument();
    expect(screen.getByTestId('business-tip-link')).toHaveTextContent('/quick-tip?to=cafe_aurora');
    await user.type(screen.getByLabelText('Tip-sharing policy'), 'Shared equally every Sunday.');
    await user.type(screen.getByLabelText(/^Smallest tip/), '2.50');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/businesses/${BUSINESS_ID}`)[0]?.body).toEqual({
      policies: 'Shared equally every Sunday.',
      minimumTipMinor: 250,
    });
  });
});
