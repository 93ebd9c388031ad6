import { describe, expect, it } from 'vitest';
import { BUSINESS_LIMITS } from '../business.ts';
import { ROLE_PLANS } from '../roles.ts';
import { DDF_FIGURE_KEYS, DDF_FIGURES_OF, DDF_PRODUCTS, type DdfPlan, ddfLimitsOf } from './ddf.ts';
import { QR_CODES_MAX_PER_USER } from './qr-codes.ts';

const freemium: DdfPlan = { role: 'user', userLevel: 'freemium', ownsBusiness: false, currency: 'EUR' };

describe('product sheet limits', () => {
  it('reads the assistant quotas of the role', () => {
    for (const role of ['admin', 'expert', 'pro', 'user'] as const) {
      expect(
        ddfLimitsOf('assistant', { ...freemium, role }).map((limit) => limit.kind === 'count' && limit.value),
      ).toEqual([ROLE_PLANS[role].dailyTokens, ROLE_PLANS[role].monthlyTokens, ROLE_PLANS[role].costPerDay]);
    }
  });

  it('reads the business and QR code limits of the level, the QR one only for a business owner', () => {
    const enterprise = { ...freemium, userLevel: 'enterprise' } as const;
    expect(ddfLimitsOf('qr', enterprise)).toEqual([
      { key: 'qrCodes', kind: 'count', value: QR_CODES_MAX_PER_USER },
    ]);
    expect(ddfLimitsOf('qr', { ...enterprise, ownsBusiness: true })).toEqual([
      { key: 'qrCodes', kind: 'count', value: BUSINESS_LIMITS.enterprise.qrCodes },
    ]);
    expect(ddfLimitsOf('business', { ...freemium, userLevel: 'business' })[0]).toEqual({
      key: 'teamMembers',
      kind: 'count',
      value: BUSINESS_LIMITS.business.teamMembers,
    });
  });

  it('shows per-currency amounts in the given currency and the unverified daily cap in US dollars', () => {
    const wallet = ddfLimitsOf('wallet', freemium);
    expect(wallet.find((limit) => limit.key === 'transferMax')).toMatchObject({ currency: 'EUR' });
    expect(wallet.find((limit) => limit.key === 'unverifiedDaily')).toMatchObject({ currency: 'USD' });
  });

  it('gives every product limits and names each figure in one sheet only', () => {
    for (const product of DDF_PRODUCTS) expect(ddfLimitsOf(product, freemium).length).toBeGreaterThan(0);
    expect(Object.values(DDF_FIGURES_OF).flat().sort()).toEqual([...DDF_FIGURE_KEYS].sort());
  });
});
