import { businessPermissions } from '@ztart/shared/business';
import type { Business, BusinessMember } from '@ztart/shared/contracts/businesses';
import { PLAN_LEVELS, type PlansResponse, planPrice } from '@ztart/shared/contracts/plans';
import { USER_ID } from '@/test/fixtures';

export const BUSINESS_ID = '7f1f7b4e-4c3b-4d8e-9a55-0d0c2a1b3c4d';

/** What `GET /api/businesses` answers for Café Aurora, seen by its owner unless told otherwise. */
export function business(overrides: Partial<Business> = {}): Business {
  return {
    id: BUSINESS_ID,
    name: 'Café Aurora',
    tag: 'cafe_aurora',
    currency: 'USD',
    logoUrl: null,
    brandColor: null,
    message: null,
    policies: null,
    minimumTipMinor: null,
    status: 'active',
    ownerId: USER_ID,
    plan: 'business',
    limits: { teamMembers: 5, qrCodes: 50 },
    myRole: 'owner',
    myApprovalStatus: 'approved',
    myPermissions: [...businessPermissions({ userLevel: 'business', ownsActiveBusiness: true })],
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function member(
  userId: string,
  ztartag: string,
  overrides: Partial<BusinessMember> = {},
): BusinessMember {
  return {
    userId,
    ztartag,
    fullName: null,
    role: 'member',
    customRoleId: null,
    approvalStatus: 'approved',
    joinedAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

export function plans(level: PlansResponse['subscription']['level'] = 'freemium'): PlansResponse {
  return {
    items: PLAN_LEVELS.map((plan) => planPrice(plan, 'USD')),
    subscription: { level, periodEnd: null, pendingLevel: null },
  };
}
