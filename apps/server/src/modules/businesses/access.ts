import { type BusinessPermission, membershipCounts } from '@ztart/shared/business';
import {
  BUSINESS_ROUTE_PERMISSIONS,
  type BusinessMemberRole,
  type BusinessRoute,
  businessAccess,
} from '@ztart/shared/contracts/businesses';
import type { UserLevel } from '@ztart/shared/roles';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { levelNow } from './plans.ts';
import {
  type BusinessMemberRow,
  type BusinessRow,
  businesses,
  businessMembers,
  businessRoles,
} from './tables.ts';

export interface BusinessAccessOf {
  business: BusinessRow;
  /** The owner's level: the business's plan. */
  ownerLevel: UserLevel;
  role: BusinessMemberRole | null;
  membership: BusinessMemberRow | null;
  approvalStatus: string | null;
  permissions: Set<BusinessPermission>;
}

/**
 * Who the person is in a business and what they may do there (spec §6, §4): the business's
 * owner, a member (their invitation answered or not), or nobody; the owner's plan as it stands at
 * `now`, computed without writing (a period that ended unrenewed reads as the lower level). 404 `not_found` for a business that does not exist.
 */
export async function accessOf(
  db: AppDatabase,
  businessId: string,
  userId: string,
  now: Date,
): Promise<BusinessAccessOf> {
  const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId));
  if (!business) throw new AppError('not_found');
  // A read: the owner's level as it stands now (a period that ended reads as the lower level).
  const ownerLevel = await levelNow(db, business.ownerId, now);
  if (business.ownerId === userId) {
    return {
      business,
      ownerLevel,
      role: 'owner',
      membership: null,
      approvalStatus: 'approved',
      permissions: businessAccess({
        role: 'owner',
        ownerLevel,
        businessStatus: business.status,
        approvalStatus: 'approved',
      }),
    };
  }
  const [membership] = await db
    .select()
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
  if (!membership) {
    return {
      business,
      ownerLevel,
      role: null,
      membership: null,
      approvalStatus: null,
      permissions: new Set(),
    };
  }
  let customPermissions: string[] = [];
  if (membership.customRoleId && membershipCounts(membership.approvalStatus, business.status)) {
    const [role] = await db
      .select({ permissions: businessRoles.permissions })
      .from(businessRoles)
      .where(eq(businessRoles.id, membership.customRoleId));
    customPermissions = role?.permissions ?? [];
  }
  return {
    business,
    ownerLevel,
    role: 'member',
    membership,
    approvalStatus: membership.approvalStatus,
    permissions: businessAccess({
      role: 'member',
      ownerLevel,
      businessStatus: business.status,
      approvalStatus: membership.approvalStatus,
      customPermissions,
    }),
  };
}

/** 403 `forbidden` with the permission the person lacks. */
export function forbidden(permission: BusinessPermission): AppError {
  return new AppError('forbidden', { details: { permission } });
}

/** The one guard of every business route: the permission BUSINESS_ROUTE_PERMISSIONS names for it. */
export async function requireBusinessPermission(
  db: AppDatabase,
  route: BusinessRoute,
  businessId: string,
  userId: string,
  now: Date,
): Promise<BusinessAccessOf> {
  const access = await accessOf(db, businessId, userId, now);
  const permission = BUSINESS_ROUTE_PERMISSIONS[route];
  if (!access.permissions.has(permission)) throw forbidden(permission);
  return access;
}
