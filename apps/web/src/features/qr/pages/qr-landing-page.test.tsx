import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionOf } from '@/features/qr/pages/qr-landing-page';
import { publicQrCode } from '@/features/qr/test-data';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute } from '@/test/render';

const API = 'GET /api/public/qr-codes/Ab3dE6gH';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the page a scanned QR code opens', () => {
  it('shows the message and a button to tip its owner, without signing in', async () => {
    mockApi({ [API]: [200, publicQrCode({ message: 'Thanks for coming tonight!' })] });
    const { router } = renderRoute('/qr/Ab3dE6gH');
    expect(await screen.findByTestId('qr-message')).toHaveTextContent('Thanks for coming tonight!');
    expect(screen.getByTestId('screen-title')).toHaveTextContent('Summer gig');
    expect(screen.getByText('@maria_waits')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tip Maria Santos' })).toHaveAttribute(
      'href',
      '/quick-tip?to=maria_waits&qr=Ab3dE6gH',
    );
    expect(router.state.location.pathname).toBe('/qr/Ab3dE6gH');
    // The light layout: no app navigation for a stranger.
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
  });

  it("carries a payment code's amount to the quick-tip page, and offers the redirect", async () => {
    mockApi({
      [API]: [
        200,
        publicQrCode({
          kind: 'payment',
          amountMinor: 500,
          currency: 'EUR',
          message: 'Menu of the day',
          redirectUrl: 'https://menu.example.com/today',
        }),
      ],
    });
    renderRoute('/qr/Ab3dE6gH');
    const tip = await screen.findByRole('link', { name: 'Tip Maria Santos' });
    expect(tip).toHaveAttribute('href', '/quick-tip?to=maria_waits&qr=Ab3dE6gH&amount=500&currency=EUR');
    expect(screen.getByText('€5.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to menu.example.com' })).toHaveAttribute(
      'href',
      'https://menu.example.com/today',
    );
  });

  it('asks with the position the scan shared, so the same rule decides', async () => {
    const api = mockApi({ [API]: [200, publicQrCode({ message: 'Nearby' })] });
    renderRoute('/qr/Ab3dE6gH?lat=38.7223&lon=-9.1393');
    await screen.findByTestId('qr-message');
    expect(api.calls.find((call) => call.path.startsWith('/api/public/qr-codes/'))?.path).toBe(
      '/api/public/qr-codes/Ab3dE6gH?lat=38.7223&lon=-9.1393',
    );
  });

  it('says a deleted or unknown code is not found', async () => {
    mockApi({ [API]: [404, error('not_found')] });
    renderRoute('/qr/Ab3dE6gH');
    expect(await screen.findByTestId('qr-landing-not-found')).toBeInTheDocument();
    expect(screen.getByTestId('screen-title')).toHaveTextContent('QR code not found');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('does not even ask about a code that cannot exist', async () => {
    const api = mockApi({});
    renderRoute('/qr/not-a-code!');
    expect(await screen.findByTestId('qr-landing-not-found')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/public/'))).toHaveLength(0);
  });

  it('reads a shared position only when both coordinates are sound', () => {
    expect(positionOf(new URLSearchParams('lat=1.5&lon=-2'))).toEqual({ latitude: 1.5, longitude: -2 });
    expect(positionOf(new URLSearchParams('lat=1.5'))).toBeNull();
    expect(positionOf(new URLSearchParams('lat=91&lon=0'))).toBeNull();
    expect(positionOf(new URLSearchParams('lat=abc&lon=0'))).toBeNull();
  });
});
