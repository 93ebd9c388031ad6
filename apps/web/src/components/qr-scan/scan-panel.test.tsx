import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildPixPayload, buildTipPayload } from '@ztart/shared/emv';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeQrFrom, decodeQrFromFile } from '@/components/qr-scan/decode-qr';
import { ScanPanel } from '@/components/qr-scan/scan-panel';
import { renderWithProviders, signedIn } from '@/test/render';

vi.mock('@/components/qr-scan/decode-qr', () => ({
  decodeQrFromFile: vi.fn(),
  decodeQrFrom: vi.fn(async () => null),
}));

const ORIGIN = 'https://tips.example.com';

function picture() {
  return new File(['png'], 'code.png', { type: 'image/png' });
}

async function scanPicture(text: string | null) {
  vi.mocked(decodeQrFromFile).mockResolvedValueOnce(text);
  const openLink = vi.fn();
  const user = userEvent.setup();
  const view = renderWithProviders(<ScanPanel openLink={openLink} origins={[ORIGIN]} />, {
    auth: signedIn(),
    toaster: true,
  });
  await user.upload(screen.getByTestId('qr-image-input'), picture());
  return { openLink, user, ...view };
}

beforeEach(() => {
  vi.mocked(decodeQrFrom).mockResolvedValue(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('scanning a picture of a code', () => {
  it('opens a short link of ours', async () => {
    const { openLink } = await scanPicture(`${ORIGIN}/q/Ab3dE6gH`);
    await waitFor(() => expect(openLink).toHaveBeenCalledWith(`${ORIGIN}/q/Ab3dE6gH`));
    expect(screen.getByRole('link', { name: 'Open it yourself' })).toHaveAttribute(
      'href',
      `${ORIGIN}/q/Ab3dE6gH`,
    );
  });

  it('opens the link inside an EMV payload of ours', async () => {
    const payload = buildTipPayload({
      tipLinkUrl: `${ORIGIN}/quick-tip?to=maria_waits`,
      merchantName: 'Maria',
      merchantCity: 'Lisboa',
      countryCode: 'PT',
      currency: 'EUR',
    });
    const { openLink } = await scanPicture(payload);
    await waitFor(() => expect(openLink).toHaveBeenCalledWith(`${ORIGIN}/quick-tip?to=maria_waits`));
  });

  it('shows what a PIX code asks, with its key to copy', async () => {
    const payload = buildPixPayload({
      key: 'maria@example.com',
      merchantName: 'Maria Santos',
      merchantCity: 'Recife',
      amountMinor: 2500,
    });
    const { openLink, user } = await scanPicture(payload);
    const result = await screen.findByTestId('pix-result');
    expect(result).toHaveTextContent('Maria Santos');
    expect(result).toHaveTextContent('R$25.00');
    expect(screen.getByTestId('pix-key')).toHaveTextContent('maria@example.com');
    expect(openLink).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe('maria@example.com');
    await user.click(screen.getByRole('button', { name: 'Copy PIX code' }));
    expect(await navigator.clipboard.readText()).toBe(payload);
  });

  it("says 'Invalid QR Code' for anything else, and follows nothing", async () => {
    const { openLink } = await scanPicture('https://evil.example/q/Ab3dE6gH');
    expect(await screen.findByText('Invalid QR Code')).toBeInTheDocument();
    expect(openLink).not.toHaveBeenCalled();
  });

  it("says 'Invalid QR Code' for a PIX code whose CRC is wrong", async () => {
    const payload = buildPixPayload({
      key: 'maria@example.com',
      merchantName: 'Maria',
      merchantCity: 'Recife',
    });
    await scanPicture(`${payload.slice(0, -1)}${payload.endsWith('0') ? '1' : '0'}`);
    expect(await screen.findByText('Invalid QR Code')).toBeInTheDocument();
    expect(screen.queryByTestId('pix-result')).not.toBeInTheDocument();
  });

  it('says so when the picture holds no code', async () => {
    await scanPicture(null);
    expect(await screen.findByText(/couldn't find a QR code in this picture/)).toBeInTheDocument();
  });
});

describe('scanning with the camera', () => {
  it('explains when there is no camera', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    const user = userEvent.setup();
    renderWithProviders(<ScanPanel origins={[ORIGIN]} />, { auth: signedIn() });
    await user.click(screen.getByRole('button', { name: 'Start camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No camera available here');
  });

  it('explains a refused camera', async () => {
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const user = userEvent.setup();
    renderWithProviders(<ScanPanel origins={[ORIGIN]} />, { auth: signedIn() });
    await user.click(screen.getByRole('button', { name: 'Start camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera access was refused');
  });

  it('stops the camera when the scanner leaves the page', async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => stream) } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const user = userEvent.setup();
    const view = renderWithProviders(<ScanPanel origins={[ORIGIN]} />, { auth: signedIn() });
    await user.click(screen.getByRole('button', { name: 'Start camera' }));
    expect(await screen.findByRole('button', { name: 'Stop camera' })).toBeInTheDocument();
    expect(screen.getByText('Point the camera at a QR code.')).toBeInTheDocument();
    expect(stop).not.toHaveBeenCalled();
    view.unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('opens a link of ours as soon as a frame shows it, and stops the camera', async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => stream) } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    // A frame is there to read.
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
    vi.mocked(decodeQrFrom).mockResolvedValueOnce(null).mockResolvedValueOnce(`${ORIGIN}/@maria_waits`);
    const openLink = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ScanPanel openLink={openLink} origins={[ORIGIN]} />, { auth: signedIn() });
    await user.click(screen.getByRole('button', { name: 'Start camera' }));
    await waitFor(() => expect(openLink).toHaveBeenCalledWith(`${ORIGIN}/@maria_waits`));
    expect(stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Start camera' })).toBeInTheDocument();
  });
});
