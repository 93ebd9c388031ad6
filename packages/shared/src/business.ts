import { QR_CODES_MAX_PER_USER } from './contracts/qr-codes.ts';
import { isBusinessLevel, type UserLevel } from './roles.ts';

/** Business limits of spec §9. Levels other than business and enterprise get zero. */
export interface BusinessLimits {
  teamMembers: number;
  qrCodes: number;
  monthlyTransfers: number;
  /** How many businesses one owner may open (decision 0047): the other limits apply per business. */
  businesses: number;
}

export const BUSINESS_LIMITS = {
  enterprise: { teamMembers: 50, qrCodes: 200, monthlyTransfers: 100_000, businesses: 10 },
  business: { teamMembers: 5, qrCodes: 50, monthlyTransfers: 15_000, businesses: 1 },
  others: { teamMembers: 0, qrCodes: 0, monthlyTransfers: 0, businesses: 0 },
} as const satisfies Record<string, BusinessLimits>;

export function businessLimitsFor(userLevel: UserLevel | null | undefined): BusinessLimits {
  if (userLevel === 'enterprise') return BUSINESS_LIMITS.enterprise;
  if (userLevel === 'business') return BUSINESS_LIMITS.business;
  return BUSINESS_LIMITS.others;
}

/**
 * How many QR codes a person may keep: the spec §9 figure of their level when they own a business
 * of that level (business 50, enterprise 200), QR_CODES_MAX_PER_USER for everyone else. §9 gives
 * "others" zero because it counts a business's codes; a person's own tip codes are not refused.
 */
export function qrCodeLimitFor(userLevel: UserLevel | null | undefined, ownsBusiness: boolean): number {
  if (ownsBusiness && isBusinessLevel(userLevel)) return businessLimitsFor(userLevel).qrCodes;
  return QR_CODES_MAX_PER_USER;
}

export const BUSINESS_STATUSES = ['active', 'suspended', 'closed'] as const;
export const MEMBER_APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** Membership counts only when approved and the business is active (spec §4). */
export function membershipCounts(approvalStatus: string, businessStatus: string): boolean {
  return approvalStatus === 'approved' && businessStatus === 'active';
}

export interface BusinessContext {
  userLevel: UserLevel | null;
  ownsActiveBusiness: boolean;
}

export type BusinessPermission =
  | 'manageTeam'
  | 'inviteMembers'
  | 'removeMembers'
  | 'configurePayments'
  | 'configureBusiness'
  | 'managePolicies'
  | 'manageBranding'
  | 'manageRoles'
  | 'manageIntegrations'
  | 'manageCampaigns'
  | 'viewTeamAnalytics'
  | 'viewRevenue'
  | 'exportFinancials'
  | 'manageContent'
  | 'viewInsights'
  | 'manageTips'
  | 'manageWallets'
  | 'manageQrCodes'
  | 'viewAnalytics';

const OWNER_PERMISSIONS: readonly BusinessPermission[] = [
  'manageTeam',
  'inviteMembers',
  'removeMembers',
  'configurePayments',
  'configureBusiness',
  'managePolicies',
  'manageBranding',
];
const ENTERPRISE_OWNER_PERMISSIONS: readonly BusinessPermission[] = [
  'manageRoles',
  'manageIntegrations',
  'manageCampaigns',
];
const OWNER_OR_ENTERPRISE_PERMISSIONS: readonly BusinessPermission[] = [
  'viewTeamAnalytics',
  'viewRevenue',
  'exportFinancials',
  'manageContent',
  'viewInsights',
];
const EVERY_BUSINESS_USER_PERMISSIONS: readonly BusinessPermission[] = [
  'manageTips',
  'manageWallets',
  'manageQrCodes',
  'viewAnalytics',
];

/** Business permissions of spec §6. */
export function businessPermissions(context: BusinessContext): Set<BusinessPermission> {
  const isBusinessUser = context.userLevel === 'business' || context.userLevel === 'enterprise';
  const isEnterprise = context.userLevel === 'enterprise';
  const granted = new Set<BusinessPermission>();
  if (!isBusinessUser) return granted;
  for (const p of EVERY_BUSINESS_USER_PERMISSIONS) granted.add(p);
  if (context.ownsActiveBusiness) for (const p of OWNER_PERMISSIONS) granted.add(p);
  if (context.ownsActiveBusiness && isEnterprise)
    for (const p of ENTERPRISE_OWNER_PERMISSIONS) granted.add(p);
  if (context.ownsActiveBusiness || isEnterprise)
    for (const p of OWNER_OR_ENTERPRISE_PERMISSIONS) granted.add(p);
  return granted;
}
