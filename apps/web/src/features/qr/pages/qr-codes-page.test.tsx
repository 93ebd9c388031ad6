import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QR_ID, qrCode } from '@/features/qr/test-data';
import { error, mockApi } from '@/test/mock-api';
import { renderRoute, signedIn } from '@/test/render';

const OTHER_ID = '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e';

beforeEach(() => {
  // jsdom has no object URLs; the download only needs one to exist.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:qr'), revokeObjectURL: vi.fn() }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openTab(url: string, profile = {}) {
  const view = renderRoute(url, { auth: signedIn(['user'], 'freemium', profile), toaster: true });
  await screen.findByTestId('screen-title');
  return view;
}

describe('My QR', () => {
  it('shows the tip link as a QR code, with its link to copy', async () => {
    mockApi({});
    const user = userEvent.setup();
    await openTab('/qr-codes');
    const link = `${window.location.origin}/quick-tip?to=ana`;
    const image = await screen.findByRole('img', { name: `QR code of your tip link ${link}` });
    expect(image).toHaveAttribute('src', '/api/me/qr.svg');
    expect(screen.getByTestId('my-tip-link')).toHaveTextContent(link);

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('downloads the PNG from the "Download PNG" button', async () => {
    const api = mockApi({ 'GET /api/me/qr.png?download=1&lang=en': [200, {}] });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    await openTab('/qr-codes?tab=my');
    await user.click(await screen.findByRole('button', { name: 'Download PNG' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [download] = api.callsTo('GET', '/api/me/qr.png');
    // Labelled in the language the person reads the app in.
    expect(download?.path).toBe('/api/me/qr.png?download=1&lang=en');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('ztart-ana.png');
  });

  it('says why a download failed instead of saving an error page', async () => {
    mockApi({ 'GET /api/me/qr.svg?download=1&lang=en': [500, error('qr_generation_failed')] });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    await openTab('/qr-codes');
    await user.click(await screen.findByRole('button', { name: 'Download SVG' }));
    expect(await screen.findByText('QR generation failed')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  it('prints a sheet with only the code, the name, "scan to tip" and the link', async () => {
    mockApi({});
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    await openTab('/qr-codes');
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    const sheet = screen.getByTestId('qr-print-sheet');
    expect(sheet.parentElement).toBe(document.body);
    expect(sheet).toHaveTextContent('Ana Lima');
    expect(sheet).toHaveTextContent('Scan to tip');
    expect(sheet).toHaveTextContent(`${window.location.origin}/quick-tip?to=ana`);
    // The dialog opens once the code's image is there, not before.
    expect(print).not.toHaveBeenCalled();
    // Hidden on screen, so not in the accessibility tree: found by tag.
    const image = sheet.querySelector('img');
    expect(image).toHaveAttribute('src', '/api/me/qr.svg');
    fireEvent.load(image as HTMLImageElement);
    expect(print).toHaveBeenCalledTimes(1);
    fireEvent(window, new Event('afterprint'));
    await waitFor(() => expect(screen.queryByTestId('qr-print-sheet')).not.toBeInTheDocument());
  });

  it('asks for a ztartag first when the person has none', async () => {
    mockApi({});
    await openTab('/qr-codes', { ztartag: null });
    expect(await screen.findByText('Choose your ztartag first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a ztartag' })).toHaveAttribute(
      'href',
      '/account?tab=profile',
    );
    expect(screen.queryByRole('button', { name: 'Download PNG' })).not.toBeInTheDocument();
  });
});

describe('My codes', () => {
  it('shows skeletons while the list loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    await openTab('/qr-codes?tab=codes');
    expect(await screen.findByTestId('qr-codes-loading')).toBeInTheDocument();
  });

  it('invites to make a first code when there is none', async () => {
    mockApi({ 'GET /api/qr-codes': [200, { items: [] }] });
    await openTab('/qr-codes?tab=codes');
    const empty = await screen.findByTestId('qr-codes-empty');
    expect(empty).toHaveTextContent('No QR codes yet.');
    expect(within(empty).getByRole('button', { name: 'New QR code' })).toBeInTheDocument();
  });

  it('says what went wrong and tries again on request', async () => {
    let calls = 0;
    mockApi({
      'GET /api/qr-codes': () => {
        calls += 1;
        return calls === 1 ? [503, error('service_unavailable')] : [200, { items: [qrCode()] }];
      },
    });
    const user = userEvent.setup();
    await openTab('/qr-codes?tab=codes');
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('service_unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Summer gig' })).toBeInTheDocument();
  });

  it('lists each code with its kind, amount, scans and badges', async () => {
    mockApi({
      'GET /api/qr-codes': [
        200,
        {
          items: [
            qrCode({ scanCount: 3, dynamic: { ...qrCode().dynamic, enabled: true } }),
            qrCode({
              id: OTHER_ID,
              code: 'Zz9Yy8Xx',
              title: 'Pastel stand',
              kind: 'payment',
              amountMinor: 1250,
              currency: 'BRL',
              emv: {
                profile: 'pix',
                pixKey: 'maria@example.com',
                merchantName: 'Maria',
                merchantCity: 'Recife',
              },
              scanCount: 1,
            }),
          ],
        },
      ],
    });
    await openTab('/qr-codes?tab=codes');
    const [gig, stand] = await screen.findAllByTestId('qr-code-item');
    expect(gig).toHaveTextContent('Tip link');
    expect(gig).toHaveTextContent('Any amount (USD)');
    expect(gig).toHaveTextContent('3 scans');
    expect(gig).toHaveTextContent('Dynamic');
    expect(stand).toHaveTextContent('Payment');
    expect(stand).toHaveTextContent('R$12.50');
    expect(stand).toHaveTextContent('1 scan');
    expect(stand).toHaveTextContent('PIX');
    expect(stand).not.toHaveTextContent('Dynamic');
    expect(within(gig as HTMLElement).getByRole('link', { name: 'Edit Summer gig' })).toHaveAttribute(
      'href',
      `/qr-codes/${QR_ID}/edit`,
    );
    expect(
      within(stand as HTMLElement).getByRole('button', { name: 'Download PNG of Pastel stand' }),
    ).toBeEnabled();
  });

  it('deletes a code only after confirming', async () => {
    const api = mockApi({
      'GET /api/qr-codes': [200, { items: [qrCode()] }],
      [`DELETE /api/qr-codes/${QR_ID}`]: [204],
    });
    const user = userEvent.setup();
    await openTab('/qr-codes?tab=codes');
    await user.click(await screen.findByRole('button', { name: 'Delete Summer gig' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Summer gig”?' });
    expect(api.callsTo('DELETE', `/api/qr-codes/${QR_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete QR code' }));
    expect(await screen.findByText('“Summer gig” deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `/api/qr-codes/${QR_ID}`)).toHaveLength(1);
  });

  it('creates a code for a fixed amount', async () => {
    const api = mockApi({
      'GET /api/qr-codes': [200, { items: [] }],
      'POST /api/qr-codes': (call) => [201, qrCode({ ...(call.body as object), id: OTHER_ID })],
    });
    const user = userEvent.setup();
    await openTab('/qr-codes?tab=codes');
    await user.click(await screen.findByRole('button', { name: 'New QR code' }));
    const dialog = screen.getByRole('dialog', { name: 'New QR code' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Taxi');
    await user.click(within(dialog).getByRole('radio', { name: 'A fixed amount' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Amount to ask/ }), '12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Create QR code' }));

    expect(await screen.findByText('“Taxi” is ready to print')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/qr-codes')[0]?.body).toEqual({
      title: 'Taxi',
      description: null,
      kind: 'payment',
      amountMinor: 1250,
      currency: 'USD',
      emv: { profile: 'none' },
    });
  });

  it("checks the PIX option's fields before sending, and shows 'QR generation failed' from the server", async () => {
    const api = mockApi({
      'GET /api/qr-codes': [200, { items: [] }],
      'POST /api/qr-codes': [422, error('qr_generation_failed')],
    });
    const user = userEvent.setup();
    await openTab('/qr-codes?tab=codes');
    await user.click(await screen.findByRole('button', { name: 'New QR code' }));
    const dialog = screen.getByRole('dialog', { name: 'New QR code' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Feira');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Payment code format' }), 'pix');
    // A PIX code pays in reais: the currency follows.
    expect(within(dialog).getByRole('combobox', { name: 'Currency' })).toHaveValue('BRL');
    await user.type(within(dialog).getByRole('textbox', { name: 'PIX key' }), 'not a key');
    await user.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Recife');
    await user.click(within(dialog).getByRole('button', { name: 'Create QR code' }));
    expect(within(dialog).getByRole('textbox', { name: 'PIX key' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid PIX key'),
    );
    expect(api.callsTo('POST', '/api/qr-codes')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'PIX key' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'PIX key' }), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create QR code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('QR generation failed');
    expect(api.callsTo('POST', '/api/qr-codes')[0]?.body).toMatchObject({
      currency: 'BRL',
      emv: { profile: 'pix', pixKey: 'ana@example.com', merchantName: 'Ana Lima', merchantCity: 'Recife' },
    });
  });
});
