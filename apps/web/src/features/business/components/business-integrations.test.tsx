import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { businessPermissions } from '@ztart/shared/business';
import { describe, expect, it } from 'vitest';
import { BUSINESS_ID, business } from '@/features/business/test-data';
import { error, type MockAnswer, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

const WEBHOOK_ID = '22222222-2222-4222-8222-222222222222';
const KEY_ID = '33333333-3333-4333-8333-333333333333';
const SCREEN_LOAD = { timeout: 15_000 };
const enterprise = () =>
  business({
    plan: 'enterprise',
    myPermissions: [...businessPermissions({ userLevel: 'enterprise', ownsActiveBusiness: true })],
  });
const hook = {
  id: WEBHOOK_ID,
  url: 'https://hooks.example.com/ztart',
  events: ['tip.received', 'invoice.paid'],
  secret: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const baseRoutes = {
  'GET /api/businesses': [200, { items: [enterprise()] }],
  [`GET /api/businesses/${BUSINESS_ID}/wallet`]: [200, { balances: [] }],
  [`GET /api/businesses/${BUSINESS_ID}/members`]: [200, { items: [], invitations: [], used: 0, max: 50 }],
  [`GET /api/businesses/${BUSINESS_ID}/qr-codes`]: [200, { items: [] }],
} as const;

describe('business integrations', () => {
  it('refuses an internal webhook address in words, then adds one and shows its secret once', {
    timeout: 40_000,
  }, async () => {
    const routes: Record<string, MockAnswer> = {
      ...baseRoutes,
      [`GET /api/businesses/${BUSINESS_ID}/webhooks`]: [200, { items: [] }],
      [`GET /api/businesses/${BUSINESS_ID}/api-keys`]: [200, { items: [] }],
      [`POST /api/businesses/${BUSINESS_ID}/webhooks`]: [422, error('webhook_address_not_allowed')],
    };
    const api = mockApi(routes);
    const user = userEvent.setup();
    renderRoute(`/business-admin?business=${BUSINESS_ID}`, { auth: signedIn(['user'], 'enterprise') });

    const region = await screen.findByRole('region', { name: 'Integrations' }, SCREEN_LOAD);
    expect(await within(region).findByText('No webhooks yet.')).toBeInTheDocument();
    await user.type(within(region).getByLabelText('Address', { exact: false }), 'http://10.0.0.1/hook');
    await user.click(within(region).getByRole('button', { name: 'Add webhook' }));
    expect(await within(region).findByText(/This address can't receive webhooks/)).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/businesses/${BUSINESS_ID}/webhooks`)[0]?.body).toEqual({
      url: 'http://10.0.0.1/hook',
      events: ['tip.received', 'transfer.received', 'transfer.sent', 'invoice.paid'],
    });

    routes[`POST /api/businesses/${BUSINESS_ID}/webhooks`] = [201, { ...hook, secret: 'whsec_shown_once' }];
    routes[`GET /api/businesses/${BUSINESS_ID}/webhooks`] = [200, { items: [hook] }];
    await user.click(within(region).getByRole('checkbox', { name: 'Money sent (shares to the team)' }));
    await user.click(within(region).getByRole('button', { name: 'Add webhook' }));
    expect(await within(region).findByTestId('webhook-secret')).toHaveTextContent('whsec_shown_once');
    expect(api.callsTo('POST', `/api/businesses/${BUSINESS_ID}/webhooks`)[1]?.body).toMatchObject({
      events: ['tip.received', 'transfer.received', 'invoice.paid'],
    });
  });

  it('sends a test event and shows it in the delivery log; revokes an API key only after confirming', {
    timeout: 40_000,
  }, async () => {
    const api = mockApi({
      ...baseRoutes,
      [`GET /api/businesses/${BUSINESS_ID}/webhooks`]: [200, { items: [hook] }],
      [`POST /api/businesses/${BUSINESS_ID}/webhooks/${WEBHOOK_ID}/test`]: [
        201,
        {
          id: '44444444-4444-4444-8444-444444444444',
          event: 'ping',
          attempts: 1,
          lastStatus: 500,
          lastError: null,
          deliveredAt: null,
          nextAttemptAt: null,
          createdAt: '2026-11-26T09:00:00.000Z',
        },
      ],
      [`GET /api/businesses/${BUSINESS_ID}/webhooks/${WEBHOOK_ID}/deliveries`]: [
        200,
        {
          items: [
            {
              id: '44444444-4444-4444-8444-444444444444',
              event: 'ping',
              attempts: 1,
              lastStatus: 500,
              lastError: null,
              deliveredAt: null,
              nextAttemptAt: null,
              createdAt: '2026-11-26T09:00:00.000Z',
            },
          ],
        },
      ],
      [`GET /api/businesses/${BUSINESS_ID}/api-keys`]: [
        200,
        {
          items: [
            {
              id: KEY_ID,
              name: 'Accounting',
              prefix: 'ztk_abcdefgh',
              createdAt: '2026-11-20T10:00:00.000Z',
              lastUsedAt: null,
            },
          ],
        },
      ],
      [`DELETE /api/businesses/${BUSINESS_ID}/api-keys/${KEY_ID}`]: [204],
    });
    const user = userEvent.setup();
    renderRoute(`/business-admin?business=${BUSINESS_ID}`, {
      auth: signedIn(['user'], 'enterprise'),
      toaster: true,
    });

    const region = await screen.findByRole('region', { name: 'Integrations' }, SCREEN_LOAD);
    const row = await within(region).findByTestId('webhook');
    await user.click(within(row).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('The test event was not delivered: see the log')).toBeInTheDocument();
    const delivery = await within(row).findByTestId('delivery');
    expect(delivery).toHaveTextContent('Test event');
    expect(delivery).toHaveTextContent('Failed');
    expect(delivery).toHaveTextContent('HTTP 500');

    await user.click(await within(region).findByRole('button', { name: 'Revoke the key Accounting' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke Accounting?' });
    expect(api.callsTo('DELETE', `/api/businesses/${BUSINESS_ID}/api-keys/${KEY_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Accounting revoked')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/businesses/${BUSINESS_ID}/api-keys/${KEY_ID}`)).toHaveLength(1);
  });
});
