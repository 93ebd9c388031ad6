import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MetaOverview } from '@ztart/shared/contracts/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

const FIRST_LOAD = { timeout: 10_000 };

const access = (level: 'admin' | 'product' | 'business') => ({
  has_access: true,
  access_level: level,
  permissions: ['view_dashboard'],
});

function overview(overrides: Partial<MetaOverview> = {}): MetaOverview {
  return {
    accessLevel: 'business',
    permissions: ['view_dashboard'],
    from: '2026-05-01',
    to: '2026-05-30',
    business: {
      tipsReceived: [
        { date: '2026-05-01', currency: 'USD', count: 2, amountMinor: 1_500 },
        { date: '2026-05-02', currency: 'USD', count: 1, amountMinor: 500 },
      ],
      qrScans: 7,
    },
    product: null,
    platform: null,
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/meta-dashboard', { timeout: 40_000 }, () => {
  it('shows a business user their own figures and nothing of the product or the platform', async () => {
    mockApi({
      'POST /api/rpc/can_access_meta_dashboard': [200, access('business')],
      'GET /api/meta/overview': [200, overview()],
    });
    renderRoute('/meta-dashboard', { auth: signedIn(['user'], 'business') });

    const business = await screen.findByTestId('meta-business', {}, FIRST_LOAD);
    expect(business).toHaveTextContent('QR code scans7');
    expect(business).toHaveTextContent('$20.00');
    expect(screen.getByTestId('meta-access-level')).toHaveTextContent('Your access: your business');
    expect(screen.queryByTestId('meta-product')).not.toBeInTheDocument();
    expect(screen.queryByTestId('meta-platform')).not.toBeInTheDocument();
  });

  it('shows product analytics with the quick-tip conversion, and asks for a chosen period', async () => {
    const api = mockApi({
      'POST /api/rpc/can_access_meta_dashboard': [200, access('product')],
      'GET /api/meta/overview': [
        200,
        overview({
          accessLevel: 'product',
          business: null,
          product: {
            signUps: [
              { date: '2026-05-01', count: 3 },
              { date: '2026-05-02', count: 4 },
            ],
            activePeople: [{ date: '2026-05-01', count: 9 }],
            tips: [],
            volume: [{ date: '2026-05-01', currency: 'EUR', count: 1, amountMinor: 2_500 }],
            actions: [{ actionType: 'money_moved', count: 5 }],
            quickTip: { pageViews: 40, tips: 10, conversionBasisPoints: 2_500 },
          },
        }),
      ],
    });
    renderRoute('/meta-dashboard', { auth: signedIn(['pro']) });

    const product = await screen.findByTestId('meta-product', {}, FIRST_LOAD);
    expect(product).toHaveTextContent('Sign-ups7');
    expect(product).toHaveTextContent('Views that became tips25%');
    expect(screen.getByTestId('meta-actions')).toHaveTextContent('money_moved5');

    await userEvent.type(screen.getByLabelText('From'), '2026-04-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Choose both dates, or neither for the last 30 days')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('To'), '2026-04-30');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(api.calls.map((call) => call.path)).toContain(
        '/api/meta/overview?from=2026-04-01&to=2026-04-30',
      ),
    );
  });
});
