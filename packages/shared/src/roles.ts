/** Roles of spec §6. `guest` is the role of a signed-out visitor; it is never stored. */
export const STORED_ROLES = ['admin', 'expert', 'pro', 'user'] as const;
export type StoredRole = (typeof STORED_ROLES)[number];
export type Role = StoredRole | 'guest';
export const DEFAULT_ROLE: StoredRole = 'user';

export const CAPABILITIES = [
  'manageUsers',
  'manageSystem',
  'manageFinances',
  'impersonate',
  'bypassLimits',
  'adminArea',
  'analytics',
  'premiumModels',
  'streaming',
  'businessFeatures',
  'systemMetrics',
  'viewAllData',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface RolePlan {
  capabilities: readonly Capability[];
  dailyTokens: number;
  monthlyTokens: number;
  costPerDay: number;
}

/** The per-role token and cost table of spec §6. */
export const ROLE_PLANS: Record<Role, RolePlan> = {
  admin: {
    capabilities: CAPABILITIES,
    dailyTokens: 10_000_000,
    monthlyTokens: 300_000_000,
    costPerDay: 10_000,
  },
  expert: {
    capabilities: [
      'adminArea',
      'analytics',
      'premiumModels',
      'streaming',
      'businessFeatures',
      'systemMetrics',
      'viewAllData',
    ],
    dailyTokens: 500_000,
    monthlyTokens: 15_000_000,
    costPerDay: 500,
  },
  pro: {
    capabilities: ['adminArea', 'premiumModels', 'streaming', 'businessFeatures'],
    dailyTokens: 100_000,
    monthlyTokens: 3_000_000,
    costPerDay: 100,
  },
  user: { capabilities: [], dailyTokens: 10_000, monthlyTokens: 300_000, costPerDay: 10 },
  guest: { capabilities: [], dailyTokens: 1_000, monthlyTokens: 30_000, costPerDay: 1 },
};

/** The highest-ranked role wins when a user holds several. */
const ROLE_RANK: readonly Role[] = ['admin', 'expert', 'pro', 'user', 'guest'];

export function primaryRole(roles: readonly StoredRole[] | null | undefined): Role {
  if (!roles || roles.length === 0) return 'guest';
  return ROLE_RANK.find((role) => (roles as readonly Role[]).includes(role)) ?? 'guest';
}

export function hasCapability(roles: readonly StoredRole[], capability: Capability): boolean {
  return roles.some((role) => ROLE_PLANS[role].capabilities.includes(capability));
}

/** User levels seen on profiles (spec §3). */
export const USER_LEVELS = [
  'guest',
  'freemium',
  'standard',
  'pro',
  'premium',
  'business',
  'enterprise',
] as const;
export type UserLevel = (typeof USER_LEVELS)[number];

export interface AdminStatus {
  isAdmin: boolean;
  isSuperAdmin: boolean;
  allPlanAccess: boolean;
}

/** Admin helper of spec §6: super admin needs the admin role and the premium level. */
export function adminStatus(roles: readonly StoredRole[], userLevel: UserLevel | null): AdminStatus {
  const isAdmin = roles.includes('admin');
  return { isAdmin, isSuperAdmin: isAdmin && userLevel === 'premium', allPlanAccess: isAdmin };
}

/** Business helper of spec §6: only business or enterprise levels qualify. */
export function isBusinessLevel(userLevel: UserLevel | null | undefined): boolean {
  return userLevel === 'business' || userLevel === 'enterprise';
}

/** The three guarded areas of the web app and who may enter them. */
export const GUARDS = ['admin', 'businessAdmin', 'metaDashboard'] as const;
export type Guard = (typeof GUARDS)[number];

export interface AccessSubject {
  roles: readonly StoredRole[];
  userLevel: UserLevel | null;
}

export function canEnter(guard: Guard, subject: AccessSubject): boolean {
  switch (guard) {
    case 'admin':
      return subject.roles.includes('admin');
    case 'businessAdmin':
      return isBusinessLevel(subject.userLevel);
    case 'metaDashboard':
      return metaDashboardAccess(subject).hasAccess;
  }
}

/**
 * Levels of meta dashboard access that `can_access_meta_dashboard` answers (spec §7): `admin`
 * sees everything, `product` (roles with admin-area access: pro, expert) the product analytics,
 * `business` (business or enterprise level) the person's own figures (decision 0040).
 */
export const META_DASHBOARD_ACCESS_LEVELS = ['admin', 'product', 'business'] as const;
export type MetaDashboardAccessLevel = (typeof META_DASHBOARD_ACCESS_LEVELS)[number];

/** What each level of meta dashboard access allows (the spec names the field, not its values). */
export const META_DASHBOARD_PERMISSIONS: Record<MetaDashboardAccessLevel, readonly string[]> = {
  admin: [
    'view_dashboard',
    'view_all_businesses',
    'view_product_analytics',
    'view_system_metrics',
    'manage_users',
    'export_data',
  ],
  product: ['view_dashboard', 'view_product_analytics'],
  business: ['view_dashboard', 'view_own_business', 'export_own_data'],
};

export interface MetaDashboardAccess {
  hasAccess: boolean;
  accessLevel: MetaDashboardAccessLevel | null;
  permissions: readonly string[];
}

/**
 * The rule behind `can_access_meta_dashboard`: admins first, then roles with admin-area access
 * (product analytics), then business and enterprise levels.
 */
export function metaDashboardAccess(subject: AccessSubject): MetaDashboardAccess {
  const accessLevel: MetaDashboardAccessLevel | null = subject.roles.includes('admin')
    ? 'admin'
    : hasCapability(subject.roles, 'adminArea')
      ? 'product'
      : isBusinessLevel(subject.userLevel)
        ? 'business'
        : null;
  return {
    hasAccess: accessLevel !== null,
    accessLevel,
    permissions: accessLevel ? META_DASHBOARD_PERMISSIONS[accessLevel] : [],
  };
}

/** The buckets of user levels that the dynamic QR manager offers (spec §3). */
export const QR_USER_LEVELS = ['guest', 'basic', 'premium', 'business'] as const;
export type QrUserLevel = (typeof QR_USER_LEVELS)[number];

/** When a person's email and phone were verified; null (or absent) while not. */
export interface VerificationDates {
  emailVerifiedAt: Date | string | null | undefined;
  phoneVerifiedAt: Date | string | null | undefined;
}

/**
 * Verified = email and phone both verified (spec §6, ARCHITECTURE.md §8): no daily limit, wallet
 * tips above the quick-tip maximum, the verified badge.
 */
export function isVerified({ emailVerifiedAt, phoneVerifiedAt }: VerificationDates): boolean {
  return Boolean(emailVerifiedAt) && Boolean(phoneVerifiedAt);
}
