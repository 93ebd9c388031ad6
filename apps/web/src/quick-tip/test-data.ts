import type { QuickTipProfile, Tip } from '@ztart/shared/contracts/qr-codes';
import { formatMoney } from '@ztart/shared/money';
import type { DraftContext, LinkParams } from './form.ts';

/** What `GET /api/public/profiles/maria_waits` answers (QuickTipProfile), for tests. */
export function quickTipProfile(overrides: Partial<QuickTipProfile> = {}): QuickTipProfile {
  return {
    ztartag: 'maria_waits',
    fullName: 'Maria Santos',
    avatarUrl: null,
    verified: true,
    currency: 'USD',
    minMinor: 100,
    maxMinor: 10_000,
    presetsMinor: [200, 500, 1_000, 2_000],
    ...overrides,
  };
}

export function linkParams(overrides: Partial<LinkParams> = {}): LinkParams {
  return { to: 'maria_waits', toInvalid: false, qrCode: null, fixedAmount: null, embed: false, ...overrides };
}

/** A fixed "now" in the middle of 2026: cards expiring 12/26 are still valid, 01/26 are not. */
export const NOW = new Date('2026-06-15T12:00:00Z');

export function draftContext(overrides: Partial<DraftContext> = {}): DraftContext {
  return {
    profile: quickTipProfile(),
    params: linkParams(),
    language: 'en',
    now: NOW,
    wallet: null,
    money: (amountMinor, currency) => formatMoney(amountMinor, currency, 'en'),
    ...overrides,
  };
}

/** What `POST /api/tips` answers: a quick tip, pending until the card settles. */
export function tip(overrides: Partial<Tip> = {}): Tip {
  return {
    id: '3f1c2a9e-6b7d-4e8f-9a0b-1c2d3e4f5a6b',
    status: 'pending',
    source: 'card',
    amountMinor: 500,
    currency: 'USD',
    message: null,
    receiver: { ztartag: 'maria_waits', displayName: 'Maria Santos' },
    sender: null,
    card: { brand: 'visa', last4: '4242' },
    failureCode: null,
    createdAt: '2026-06-15T12:00:00.000Z',
    settledAt: null,
    ...overrides,
  };
}
