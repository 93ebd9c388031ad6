import { DEFAULT_DYNAMIC_QR, type PublicQrCode, type QrCode } from '@ztart/shared/contracts/qr-codes';

/** Answers of the QR codes API, shaped by the shared contract, for tests. */
export const QR_ID = '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';

export function qrCode(overrides: Partial<QrCode> = {}): QrCode {
  return {
    id: QR_ID,
    code: 'Ab3dE6gH',
    url: 'http://localhost:3000/q/Ab3dE6gH',
    title: 'Summer gig',
    description: null,
    kind: 'tip_link',
    amountMinor: null,
    currency: 'USD',
    emv: { profile: 'none' },
    emvPayload: null,
    dynamic: DEFAULT_DYNAMIC_QR,
    scanCount: 0,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function publicQrCode(overrides: Partial<PublicQrCode> = {}): PublicQrCode {
  return {
    code: 'Ab3dE6gH',
    title: 'Summer gig',
    description: null,
    kind: 'tip_link',
    amountMinor: null,
    currency: 'USD',
    receiver: { ztartag: 'maria_waits', fullName: 'Maria Santos', avatarUrl: null },
    redirectUrl: null,
    message: null,
    ...overrides,
  };
}
