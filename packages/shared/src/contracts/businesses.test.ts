import { describe, expect, it } from 'vitest';
import { businessAccess, splitByWeights } from './businesses.ts';

describe('splitByWeights', () => {
  it('splits equally and gives the minor units left over to the first shares', () => {
    expect(splitByWeights(900, [1, 1])).toEqual([450, 450]);
    expect(splitByWeights(1_000, [1, 1, 1])).toEqual([334, 333, 333]);
  });

  it('follows percentages in basis points and hours in minutes, always adding up to the amount', () => {
    expect(splitByWeights(10_001, [5_000, 3_000, 2_000])).toEqual([5_001, 3_000, 2_000]);
    expect(splitByWeights(1_000, [90, 30])).toEqual([750, 250]);
    const parts = splitByWeights(99_999, [7, 13, 29, 51]);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(99_999);
  });

  it('gives the leftover to the largest remainders first', () => {
    // 10 × 2/3 = 6.67 and 10 × 1/3 = 3.33: the larger remainder gets the unit.
    expect(splitByWeights(10, [1, 2])).toEqual([3, 7]);
  });

  it('gives nothing when no weight is positive', () => {
    expect(splitByWeights(500, [0, 0])).toEqual([0, 0]);
  });
});

describe('businessAccess', () => {
  const base = { ownerLevel: 'business' as const, businessStatus: 'active', approvalStatus: 'approved' };

  it('gives an owner the owner permissions, and an enterprise owner roles and integrations too', () => {
    const owner = businessAccess({ ...base, role: 'owner' });
    expect(owner.has('manageTeam')).toBe(true);
    expect(owner.has('viewRevenue')).toBe(true);
    expect(owner.has('manageRoles')).toBe(false);
    expect(businessAccess({ ...base, ownerLevel: 'enterprise', role: 'owner' }).has('manageRoles')).toBe(
      true,
    );
  });

  it('gives an approved member only what every business user gets, unless an enterprise custom role adds to it', () => {
    const member = businessAccess({
      ...base,
      role: 'member',
      customPermissions: ['viewRevenue', 'manageTeam'],
    });
    expect([...member].sort()).toEqual(['manageQrCodes', 'manageTips', 'manageWallets', 'viewAnalytics']);
    const custom = businessAccess({
      ...base,
      ownerLevel: 'enterprise',
      role: 'member',
      customPermissions: ['viewRevenue', 'manageTeam'],
    });
    expect(custom.has('viewRevenue')).toBe(true);
    expect(custom.has('manageTeam')).toBe(false);
  });

  it('gives nothing to a pending member, in a suspended business, or when the owner left the business plans', () => {
    expect(businessAccess({ ...base, role: 'member', approvalStatus: 'pending' }).size).toBe(0);
    expect(businessAccess({ ...base, role: 'owner', businessStatus: 'suspended' }).size).toBe(0);
    expect(businessAccess({ ...base, role: 'owner', ownerLevel: 'freemium' }).size).toBe(0);
    expect(businessAccess({ ...base, role: null, approvalStatus: null }).size).toBe(0);
  });
});
