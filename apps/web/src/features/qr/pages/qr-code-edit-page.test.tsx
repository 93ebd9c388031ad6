import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QR_ID, qrCode } from '@/features/qr/test-data';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

const PATH = `/api/qr-codes/${QR_ID}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('editing a QR code', () => {
  it('shows the code and saves its details without touching the dynamic settings', async () => {
    const api = mockApi({
      [`GET ${PATH}`]: [200, qrCode({ kind: 'payment', amountMinor: 1250, currency: 'EUR', scanCount: 7 })],
      [`PATCH ${PATH}`]: (call) => [200, qrCode({ ...(call.body as object) })],
    });
    const user = userEvent.setup();
    renderRoute(`/qr-codes/${QR_ID}/edit`, { auth: signedIn(), toaster: true });

    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Summer gig');
    expect(screen.getByRole('radio', { name: 'A fixed amount' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Amount to ask/ })).toHaveValue('12.50');
    expect(screen.getByText('Scanned 7 times')).toBeInTheDocument();
    // The page names the code by its title and short link, never by its identifier.
    expect(document.body.textContent).not.toContain(QR_ID);
    expect(screen.getByRole('img', { name: /QR code “Summer gig”/ })).toHaveAttribute(
      'src',
      `/api/qr-codes/${QR_ID}/image.svg?v=2026-05-01T10%3A00%3A00.000Z`,
    );

    await user.clear(title);
    await user.type(title, 'Winter gig');
    await user.click(screen.getByRole('radio', { name: 'Any amount — the person tipping chooses' }));
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Details saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', PATH)[0]?.body).toEqual({
      title: 'Winter gig',
      description: null,
      kind: 'tip_link',
      amountMinor: null,
      currency: 'EUR',
      emv: { profile: 'none' },
    });
  });

  it("says a code that is gone, or someone else's, is not found", async () => {
    mockApi({ [`GET ${PATH}`]: [404, error('not_found')] });
    renderRoute(`/qr-codes/${QR_ID}/edit`, { auth: signedIn() });
    const notFound = await screen.findByTestId('qr-code-not-found');
    expect(notFound).toHaveTextContent("This QR code doesn't exist or was deleted.");
    expect(within(notFound).getByRole('link', { name: 'Back to my codes' })).toHaveAttribute(
      'href',
      '/qr-codes?tab=codes',
    );
  });
});
