import { type PublicQrCode, type QrCode, tipLinkPath } from '@ztart/shared/contracts/qr-codes';

export type QrImageFormat = 'png' | 'svg';

/** The person's own tip-link QR code (`GET /api/me/qr.png|svg`); `download` asks for an attachment. */
export function myQrImagePath(format: QrImageFormat, options: { download?: boolean } = {}): string {
  return `/api/me/qr.${format}${options.download ? '?download=1' : ''}`;
}

/**
 * A QR code's image (`GET /api/qr-codes/{id}/image.png|svg`). The update time rides along so a
 * changed code (a new EMV option) is not shown from the browser's cache.
 */
export function qrCodeImagePath(
  qr: Pick<QrCode, 'id' | 'updatedAt'>,
  format: QrImageFormat,
  options: { download?: boolean } = {},
): string {
  const query = new URLSearchParams({ v: qr.updatedAt });
  if (options.download) query.set('download', '1');
  return `/api/qr-codes/${encodeURIComponent(qr.id)}/image.${format}?${query}`;
}

/** The tip link a person's QR code encodes: their quick-tip page. */
export function tipLinkOf(ztartag: string, origin: string = window.location.origin): string {
  return `${origin}${tipLinkPath(ztartag)}`;
}

/**
 * The quick-tip page for a scanned QR code, as the server's short link leads to it: its receiver,
 * the code (for its statistics) and, for a payment code, the amount it asks.
 */
export function quickTipPathOf(
  qr: Pick<PublicQrCode, 'code' | 'kind' | 'receiver' | 'amountMinor' | 'currency'>,
): string {
  return tipLinkPath(qr.receiver.ztartag, {
    qrCode: qr.code,
    ...(qr.kind === 'payment' ? { amountMinor: qr.amountMinor, currency: qr.currency } : {}),
  });
}

/** A file name for a downloaded image: the title in safe characters. */
export function imageFileName(title: string, format: QrImageFormat): string {
  const base = title
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `${base || 'qr-code'}.${format}`;
}
