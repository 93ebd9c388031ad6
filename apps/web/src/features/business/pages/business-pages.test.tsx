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

  it('names a level an admin set that is no plan in the reader’s language', { timeout: 40_000 }, async () => {
    mockApi({
      'GET /api/businesses': [200, { items: [] }],
      'GET /api/business-invitations': [200, { items: [] }],
      'GET /api/plans': [200, plans('standard')],
    });
    renderRoute('/businesses', { auth: signedIn() });

    expect(await screen.findByTestId('current-plan', {}, SCREEN_LOAD)).toHaveTextContent(
      'Standard (set by the team)',
    );
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

    // The logo goes up after the business exists, then the business admin's screen loads.
    await waitFor(() => expect(router.state.location.search).toBe(`?business=${BUSINESS_ID}`), SCREEN_LOAD);
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

  it('prices the plans in the wallet currency chosen, and pays from that wallet', async () => {
    const api = mockApi({
      'GET /api/businesses': [200, { items: [] }],
      'GET /api/business-invitations': [200, { items: [] }],
      'GET /api/plans': [200, plans()],
      'POST /api/plans/subscription': [
        200,
        { level: 'enterprise', periodEnd: '2026-12-26T10:00:00.000Z', pendingLevel: null, currency: 'BRL' },
      ],
    });
    const user = userEvent.setup();
    renderRoute('/businesses', { auth: signedIn() });

    await screen.findAllByTestId('plan-card', {}, SCREEN_LOAD);
    await user.selectOptions(screen.getByLabelText('Pay from your wallet in'), 'BRL');
    const cards = screen.getAllByTestId('plan-card');
    expect(cards[1]).toHaveTextContent('R$159.00 a month');
    expect(cards[2]).toHaveTextContent('R$549.00 a month');
    await user.click(within(cards[2] as HTMLElement).getByRole('button', { name: 'Upgrade to Enterprise' }));
    const dialog = screen.getByRole('dialog', { name: 'Plan: Enterprise' });
    expect(within(dialog).getByTestId('plan-price')).toHaveTextContent('R$549.00');
    await user.click(within(dialog).getByRole('button', { name: 'Pay R$549.00' }));
    expect(await within(dialog).findByText('You are on Enterprise')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/plans/subscription')[0]?.body).toEqual({
      level: 'enterprise',
      currency: 'BRL',
    });
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

  it('saves only the settings that changed, the smallest tip in minor units and at most the quick-tip maximum', async () => {
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
    // Above the quick-tip maximum every card tip would be refused: said in words, nothing sent.
    await user.type(screen.getByLabelText(/^Smallest tip/), '150');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The maximum amount is $100.00')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/businesses/${BUSINESS_ID}`)).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Smallest tip/));
    await user.type(screen.getByLabelText(/^Smallest tip/), '2.50');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/businesses/${BUSINESS_ID}`)[0]?.body).toEqual({
      policies: 'Shared equally every Sunday.',
      minimumTipMinor: 250,
    });
  });
});

describe('/business-admin figures and campaigns', () => {
  const insights = {
    period: { from: '2026-11-01', to: '2026-11-26', timeZone: 'UTC', bucket: 'day' },
    currency: 'USD',
    totals: { revenueMinor: 1_350, tipsMinor: 1_200, tipsCount: 2, distributedMinor: 1_000 },
    series: [
      {
        start: '2026-11-25',
        end: '2026-11-25',
        revenueMinor: 1_350,
        tipsMinor: 1_200,
        tipsCount: 2,
        distributedMinor: 0,
      },
      {
        start: '2026-11-26',
        end: '2026-11-26',
        revenueMinor: 0,
        tipsMinor: 0,
        tipsCount: 0,
        distributedMinor: 1_000,
      },
    ],
    byMember: [
      { userId: MEMBER_ID, ztartag: 'ana_w', fullName: 'Ana Waiter', receivedMinor: 1_000, shares: 1 },
    ],
    byQrCode: [
      {
        qrCodeId: '22222222-2222-4222-8222-222222222222',
        title: 'Terrace',
        tipsMinor: 1_200,
        tipsCount: 2,
        scans: 7,
      },
    ],
  };

  it('shows revenue and tips over time, per member and per QR code, and statements for the same period', {
    timeout: 40_000,
  }, async () => {
    const api = mockApi({
      'GET /api/businesses': [200, { items: [business()] }],
      [`GET /api/businesses/${BUSINESS_ID}/wallet`]: [200, { balances: [] }],
      [`GET /api/businesses/${BUSINESS_ID}/qr-codes`]: [200, { items: [] }],
      [`GET /api/businesses/${BUSINESS_ID}/insights`]: [200, insights],
    });
    const user = userEvent.setup();
    renderRoute(`/business-admin?business=${BUSINESS_ID}`, { auth: signedIn(['user'], 'business') });

    const totals = await screen.findByTestId('insights-totals', {}, SCREEN_LOAD);
    expect(within(totals).getByTestId('insights-total-revenue')).toHaveTextContent('$13.50');
    expect(within(totals).getByTestId('insights-total-tips')).toHaveTextContent('$12.00 · 2 tips');
    expect(within(totals).getByTestId('insights-total-distributed')).toHaveTextContent('$10.00');
    const members = screen.getByTestId('insights-members');
    expect(within(members).getByRole('row', { name: /Ana Waiter/ })).toHaveTextContent('$10.00');
    const codes = screen.getByTestId('insights-qr-codes');
    expect(within(codes).getByRole('row', { name: /Terrace/ })).toHaveTextContent('$12.00');
    expect(within(codes).getByRole('row', { name: /Terrace/ })).toHaveTextContent('7');
    // This month is the server's default period; the statements follow it.
    expect(api.callsTo('GET', `/api/businesses/${BUSINESS_ID}/insights`)[0]?.path).toBe(
      `/api/businesses/${BUSINESS_ID}/insights`,
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/businesses/${BUSINESS_ID}/exports/financials.csv`,
    );

    // The figures as a table, then last month by week: the same dates asked of both.
    const series = screen.getByTestId('insights-series');
    await user.click(within(series).getByRole('button', { name: 'Show as table' }));
    expect(within(series).getByRole('table')).toHaveTextContent('$13.50');
    await user.selectOptions(screen.getByLabelText('Period'), 'lastMonth');
    await user.selectOptions(screen.getByLabelText('Group by'), 'week');
    await waitFor(() =>
      expect(api.callsTo('GET', `/api/businesses/${BUSINESS_ID}/insights`).at(-1)?.path).toBe(
        `/api/businesses/${BUSINESS_ID}/insights?from=2026-10-01&to=2026-10-31&bucket=week`,
      ),
    );
    expect(screen.getByRole('link', { name: 'Export PDF' })).toHaveAttribute(
      'href',
      `/api/businesses/${BUSINESS_ID}/exports/financials.pdf?from=2026-10-01&to=2026-10-31`,
    );
  });

  it('says when the figures cannot load, and tries again', { timeout: 40_000 }, async () => {
    let failing = true;
    mockApi({
      'GET /api/businesses': [200, { items: [business()] }],
      [`GET /api/businesses/${BUSINESS_ID}/wallet`]: [200, { balances: [] }],
      [`GET /api/businesses/${BUSINESS_ID}/qr-codes`]: [200, { items: [] }],
      [`GET /api/businesses/${BUSINESS_ID}/insights`]: () =>
        failing
          ? [500, error('internal_error')]
          : [200, { ...insights, totals: { ...insights.totals, revenueMinor: 0, distributedMinor: 0 } }],
    });
    const user = userEvent.setup();
    renderRoute(`/business-admin?business=${BUSINESS_ID}`, { auth: signedIn(['user'], 'business') });

    const section = await screen.findByTestId('business-insights', {}, SCREEN_LOAD);
    const retry = await within(section).findByRole('button', { name: 'Try again' });
    failing = false;
    await user.click(retry);
    expect(await within(section).findByTestId('insights-empty')).toHaveTextContent(
      'No money came in or was shared in this period.',
    );
  });

  it('creates a campaign with its own QR code, refusing a missing goal first', {
    timeout: 40_000,
  }, async () => {
    const campaign = {
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Summer terrace',
      startsOn: '2026-12-01',
      endsOn: '2026-12-07',
      timeZone: 'UTC',
      goalMinor: 2_000,
      currency: 'USD',
      status: 'upcoming',
      qrCode: {
        id: '22222222-2222-4222-8222-222222222222',
        code: 'AbCd1234',
        url: 'http://localhost/q/AbCd1234',
        title: 'Summer terrace',
        description: null,
        kind: 'tip_link',
        amountMinor: null,
        currency: 'USD',
        emv: { profile: 'none' },
        emvPayload: null,
        dynamic: { enabled: false, redirectUrl: null, message: null, timeZone: 'UTC', rules: [] },
        scanCount: 0,
        createdAt: '2026-11-26T10:00:00.000Z',
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
      scans: 0,
      tipsCount: 0,
      raisedMinor: 0,
      progressBasisPoints: 0,
      createdAt: '2026-11-26T10:00:00.000Z',
    };
    let created = false;
    const api = mockApi({
      'GET /api/businesses': [
        200,
        {
          items: [
            business({
              plan: 'enterprise',
              myPermissions: [...business().myPermissions, 'manageCampaigns'],
            }),
          ],
        },
      ],
      [`GET /api/businesses/${BUSINESS_ID}/wallet`]: [200, { balances: [] }],
      [`GET /api/businesses/${BUSINESS_ID}/qr-codes`]: [200, { items: [] }],
      [`GET /api/businesses/${BUSINESS_ID}/insights`]: [200, insights],
      [`GET /api/businesses/${BUSINESS_ID}/campaigns`]: () => [200, { items: created ? [campaign] : [] }],
      [`POST /api/businesses/${BUSINESS_ID}/campaigns`]: () => {
        created = true;
        return [201, campaign];
      },
    });
    const user = userEvent.setup();
    renderRoute(`/business-admin?business=${BUSINESS_ID}`, {
      auth: signedIn(['user'], 'enterprise'),
      toaster: true,
    });

    const section = await screen.findByTestId('business-campaigns', {}, SCREEN_LOAD);
    expect(await within(section).findByTestId('campaigns-empty')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'New campaign' }));
    const form = within(section).getByTestId('campaign-form');
    await user.type(within(form).getByLabelText('Name'), 'Summer terrace');
    await user.type(within(form).getByLabelText('First day'), '2026-12-01');
    await user.type(within(form).getByLabelText('Last day'), '2026-12-07');
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));
    expect(api.callsTo('POST', `/api/businesses/${BUSINESS_ID}/campaigns`)).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Goal/), '20.00');
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText('Campaign “Summer terrace” created')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/businesses/${BUSINESS_ID}/campaigns`)[0]?.body).toEqual({
      name: 'Summer terrace',
      startsOn: '2026-12-01',
      endsOn: '2026-12-07',
      goalMinor: 2_000,
    });
    const card = await within(section).findByTestId('campaign');
    expect(within(card).getByTestId('campaign-status')).toHaveTextContent('Upcoming');
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(within(card).getByTestId('campaign-progress')).toHaveTextContent('$0.00 of $20.00 (0 %)');
  });
});
