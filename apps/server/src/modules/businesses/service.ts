import { randomUUID } from 'node:crypto';
import { businessLimitsFor } from '@ztart/shared/business';
import {
  BUSINESS_FIELD_PERMISSIONS,
  BUSINESS_PERMISSIONS,
  type Business,
  type BusinessBranding,
  type BusinessInvitation,
  type BusinessMember,
  type BusinessMemberListResponse,
  type BusinessRole,
  type BusinessWalletResponse,
  type CreateBusinessRequest,
  type CreateBusinessRoleRequest,
  type CreateInvitationRequest,
  type Distribution,
  type DistributionRequest,
  PERCENT_BASIS_POINTS,
  splitByWeights,
  type UpdateBusinessRequest,
  type UpdateMemberRequest,
} from '@ztart/shared/contracts/businesses';
import type { BusinessBalanceNotEmptyDetails } from '@ztart/shared/contracts/profiles';
import { OUTGOING_KINDS } from '@ztart/shared/contracts/transactions';
import type { Language } from '@ztart/shared/languages';
import type { Currency } from '@ztart/shared/money';
import { isBusinessLevel, type UserLevel } from '@ztart/shared/roles';
import { and, asc, count, eq, gt, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { wholeNumber } from '../../db/sql-helpers.ts';
import { AppError } from '../../http/errors.ts';
import type { SignedIn } from '../auth/session-plugin.ts';
import { users } from '../auth/tables.ts';
import { failedMoneyRequest, type MoneyAnswer } from '../idempotency/money-request.ts';
import { idempotencyKeyOf, requestHashOf } from '../idempotency/service.ts';
import { idempotencyKeys } from '../idempotency/tables.ts';
import { moneyHeldBy } from '../ledger/holdings.ts';
import { balances } from '../ledger/service.ts';
import { asksForPin, assertWithinTransferMax, hasPin, pinRequiredError } from '../limits/limits.ts';
import { type PendingEvent, publishAll } from '../notifications/live.ts';
import { lockPayer } from '../profiles/payer.ts';
import { isZtartagTaken } from '../profiles/service.ts';
import { profiles } from '../profiles/tables.ts';
import { transactions } from '../transactions/tables.ts';
import { accessOf, type BusinessAccessOf, forbidden } from './access.ts';
import { isBusinessOpen } from './minimum-tip.ts';
import {
  type Party,
  type PreparedPayment,
  paymentEvents,
  runAllOrNothing,
  walletPaymentOrder,
} from './money.ts';
import { levelNow } from './plans.ts';
import {
  type BusinessMemberRow,
  type BusinessRoleRow,
  type BusinessRow,
  businessDistributions,
  businesses,
  businessMembers,
  businessRoles,
  planSubscriptions,
} from './tables.ts';

/** Memberships that hold a place in the team (the team-member limit counts them). */
const HOLDING_A_PLACE = ['pending', 'approved'];

// ---------------------------------------------------------------------------------------------
// Businesses
// ---------------------------------------------------------------------------------------------

interface AccountProfile {
  ztartag: string | null;
  avatarUrl: string | null;
}

async function accountProfileOf(db: AppDatabase, accountId: string): Promise<AccountProfile> {
  const [row] = await db
    .select({ ztartag: profiles.ztartag, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, accountId));
  return { ztartag: row?.ztartag ?? null, avatarUrl: row?.avatarUrl ?? null };
}

function planOf(ownerLevel: UserLevel): Business['plan'] {
  return ownerLevel === 'enterprise' || ownerLevel === 'business' ? ownerLevel : 'none';
}

export async function toBusiness(db: AppDatabase, access: BusinessAccessOf): Promise<Business> {
  const { business, ownerLevel } = access;
  const account = await accountProfileOf(db, business.accountId);
  const limits = businessLimitsFor(ownerLevel);
  return {
    id: business.id,
    name: business.name,
    tag: account.ztartag ?? '',
    currency: business.currency as Currency,
    logoUrl: account.avatarUrl,
    brandColor: business.brandColor,
    message: business.message,
    policies: business.policies,
    minimumTipMinor: business.minimumTipMinor,
    status: business.status as Business['status'],
    ownerId: business.ownerId,
    plan: planOf(ownerLevel),
    limits: { teamMembers: limits.teamMembers, qrCodes: limits.qrCodes },
    myRole: access.role ?? 'member',
    myApprovalStatus: (access.approvalStatus ?? 'pending') as Business['myApprovalStatus'],
    myPermissions: BUSINESS_PERMISSIONS.filter((permission) => access.permissions.has(permission)),
    createdAt: business.createdAt.toISOString(),
  };
}

/**
 * `POST /api/businesses`: the business and its own account (a users row that cannot sign in, whose
 * profile holds the tag and name that tips find it by). Needs the business or enterprise level.
 */
export async function createBusiness(
  context: AppContext,
  userId: string,
  body: CreateBusinessRequest,
): Promise<BusinessRow> {
  const now = context.now();
  try {
    return await context.db.transaction(async (tx) => {
      // The owner's profile row locked while their level is read and their businesses counted: two
      // requests at once cannot both open the last one their plan allows (decision 0047).
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
      // The level the person is on now: a paid period that ended without renewal counts as the
      // level it falls to, as everywhere else.
      const level = await levelNow(tx, userId, now);
      if (!isBusinessLevel(level)) throw new AppError('business_level_required');
      if (await isZtartagTaken(tx, body.tag)) throw new AppError('ztartag_taken');
      const max = businessLimitsFor(level).businesses;
      const [opened] = await tx
        .select({ n: count() })
        .from(businesses)
        .where(and(eq(businesses.ownerId, userId), ne(businesses.status, 'closed')));
      if ((opened?.n ?? 0) >= max) {
        throw new AppError('limit_exceeded', { details: { limit: 'businesses', max } });
      }
      const accountId = randomUUID();
      await tx.insert(users).values({ id: accountId, email: `business-${accountId}@accounts.invalid` });
      await tx.insert(profiles).values({ id: accountId, ztartag: body.tag, fullName: body.name });
      const [row] = await tx
        .insert(businesses)
        .values({
          ownerId: userId,
          accountId,
          name: body.name,
          currency: body.currency,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('a new business was not written');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ztartag_taken');
    throw error;
  }
}

/** `GET /api/businesses`: those the person owns or has a membership in (answered or not, but not declined). */
export async function listBusinessIds(db: AppDatabase, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(
      or(
        eq(businesses.ownerId, userId),
        inArray(
          businesses.id,
          db
            .select({ id: businessMembers.businessId })
            .from(businessMembers)
            .where(
              and(
                eq(businessMembers.userId, userId),
                inArray(businessMembers.approvalStatus, HOLDING_A_PLACE),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(businesses.createdAt), asc(businesses.id));
  return rows.map((row) => row.id);
}

/** `PATCH /api/businesses/{id}`: each field group needs its own permission (BUSINESS_FIELD_PERMISSIONS). */
export async function updateBusiness(
  context: AppContext,
  access: BusinessAccessOf,
  body: UpdateBusinessRequest,
): Promise<void> {
  for (const [field, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const permission = BUSINESS_FIELD_PERMISSIONS[field as keyof typeof BUSINESS_FIELD_PERMISSIONS];
    if (permission && !access.permissions.has(permission)) throw forbidden(permission);
  }
  const now = context.now();
  await context.db.transaction(async (tx) => {
    await tx
      .update(businesses)
      .set({ ...body, updatedAt: now })
      .where(eq(businesses.id, access.business.id));
    if (body.name !== undefined) {
      await tx
        .update(profiles)
        .set({ fullName: body.name })
        .where(eq(profiles.id, access.business.accountId));
    }
  });
}

/**
 * What the quick-tip page shows of a business when the tag is one's (its branding), or null for a
 * person's tag. A business that is not active, or whose owner left the business plans, takes no tips
 * under its branding: its tag reads as nobody's.
 */
export async function brandingOfAccount(
  db: AppDatabase,
  accountId: string,
  now: Date = new Date(),
): Promise<{ branding: BusinessBranding; currency: Currency; open: boolean } | null> {
  const [row] = await db
    .select({
      business: businesses,
      ownerLevel: profiles.userLevel,
      periodEnd: planSubscriptions.periodEnd,
      pendingLevel: planSubscriptions.pendingLevel,
    })
    .from(businesses)
    .innerJoin(profiles, eq(profiles.id, businesses.ownerId))
    .leftJoin(planSubscriptions, eq(planSubscriptions.userId, businesses.ownerId))
    .where(eq(businesses.accountId, accountId));
  if (!row) return null;
  const account = await accountProfileOf(db, accountId);
  return {
    branding: {
      name: row.business.name,
      tag: account.ztartag ?? '',
      logoUrl: account.avatarUrl,
      brandColor: row.business.brandColor,
      message: row.business.message,
      minimumTipMinor: row.business.minimumTipMinor,
    },
    currency: row.business.currency as Currency,
    open: isBusinessOpen(row.business.status, row.ownerLevel as UserLevel, row, now),
  };
}

// ---------------------------------------------------------------------------------------------
// Members and invitations
// ---------------------------------------------------------------------------------------------

async function placesTaken(db: AppDatabase, businessId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(businessMembers)
    .where(
      and(
        eq(businessMembers.businessId, businessId),
        inArray(businessMembers.approvalStatus, HOLDING_A_PLACE),
      ),
    );
  return row?.n ?? 0;
}

export async function listMembers(
  db: AppDatabase,
  access: BusinessAccessOf,
): Promise<BusinessMemberListResponse> {
  const { business } = access;
  const [owner] = await db
    .select({ ztartag: profiles.ztartag, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, business.ownerId));
  const rows = await db
    .select({ member: businessMembers, ztartag: profiles.ztartag, fullName: profiles.fullName })
    .from(businessMembers)
    .leftJoin(profiles, eq(profiles.id, businessMembers.userId))
    .where(
      and(
        eq(businessMembers.businessId, business.id),
        inArray(businessMembers.approvalStatus, HOLDING_A_PLACE),
      ),
    )
    .orderBy(asc(businessMembers.createdAt), asc(businessMembers.id));
  const items: BusinessMember[] = [
    {
      userId: business.ownerId,
      ztartag: owner?.ztartag ?? null,
      fullName: owner?.fullName ?? null,
      role: 'owner',
      customRoleId: null,
      approvalStatus: 'approved',
      joinedAt: business.createdAt.toISOString(),
    },
  ];
  const invitations: BusinessInvitation[] = [];
  for (const { member, ztartag, fullName } of rows) {
    if (member.userId === null) {
      invitations.push(toInvitation(member, business.name, member.email ?? ''));
      continue;
    }
    items.push({
      userId: member.userId,
      ztartag,
      fullName,
      role: 'member',
      customRoleId: member.customRoleId,
      approvalStatus: member.approvalStatus as BusinessMember['approvalStatus'],
      joinedAt: member.approvalStatus === 'approved' ? (member.answeredAt?.toISOString() ?? null) : null,
    });
  }
  return {
    items,
    invitations,
    used: rows.length,
    max: businessLimitsFor(access.ownerLevel).teamMembers,
  };
}

function toInvitation(row: BusinessMemberRow, businessName: string, invitee: string): BusinessInvitation {
  return {
    id: row.id,
    businessId: row.businessId,
    businessName,
    invitee,
    customRoleId: row.customRoleId,
    status: row.approvalStatus as BusinessInvitation['status'],
    createdAt: row.createdAt.toISOString(),
  };
}

async function checkCustomRole(
  db: AppDatabase,
  access: BusinessAccessOf,
  customRoleId: string | null | undefined,
): Promise<void> {
  if (!customRoleId) return;
  // Custom roles are the enterprise owner's: giving one needs `manageRoles` too.
  if (!access.permissions.has('manageRoles')) throw forbidden('manageRoles');
  const [role] = await db
    .select({ id: businessRoles.id })
    .from(businessRoles)
    .where(and(eq(businessRoles.id, customRoleId), eq(businessRoles.businessId, access.business.id)));
  if (!role) throw new AppError('not_found');
}

/**
 * `POST /api/businesses/{id}/invitations`: a pending membership, refused past the plan's
 * team-member limit (the business row locked meanwhile, so two invitations at once cannot both
 * take the last place); the invitee gets a mail through the outbox.
 */
export async function invite(
  context: AppContext,
  access: BusinessAccessOf,
  inviterId: string,
  body: CreateInvitationRequest,
): Promise<BusinessInvitation> {
  const { db } = context;
  const { business } = access;
  await checkCustomRole(db, access, body.customRoleId);
  let invitee: { userId: string | null; email: string; label: string; language: Language };
  if ('ztartag' in body) {
    const [person] = await db
      .select({ id: users.id, email: users.email, ztartag: profiles.ztartag, language: profiles.language })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(
        and(
          eq(sql`lower(${profiles.ztartag})`, body.ztartag.toLowerCase()),
          isNull(users.deletedAt),
          // A business's own account is nobody to invite.
          sql`NOT EXISTS (SELECT 1 FROM ${businesses} b WHERE b.account_id = ${profiles.id})`,
        ),
      );
    if (!person) throw new AppError('recipient_user_not_found');
    invitee = {
      userId: person.id,
      email: person.email,
      label: `@${person.ztartag ?? body.ztartag}`,
      language: person.language as Language,
    };
  } else {
    invitee = { userId: null, email: body.email, label: body.email, language: 'en' };
  }
  if (invitee.userId === business.ownerId) throw new AppError('recipient_is_self');
  const now = context.now();
  const max = businessLimitsFor(access.ownerLevel).teamMembers;
  const row = await db.transaction(async (tx) => {
    await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.id, business.id))
      .for('update');
    const [existing] = await tx
      .select()
      .from(businessMembers)
      .where(
        and(
          eq(businessMembers.businessId, business.id),
          invitee.userId
            ? eq(businessMembers.userId, invitee.userId)
            : eq(businessMembers.email, invitee.email),
        ),
      );
    if (existing && HOLDING_A_PLACE.includes(existing.approvalStatus)) throw new AppError('conflict');
    const used = await placesTaken(tx, business.id);
    if (used >= max) throw new AppError('limit_exceeded', { details: { limit: 'teamMembers', max } });
    const values = {
      customRoleId: body.customRoleId ?? null,
      approvalStatus: 'pending',
      invitedBy: inviterId,
      answeredAt: null,
      createdAt: now,
    };
    const [written] = existing
      ? await tx.update(businessMembers).set(values).where(eq(businessMembers.id, existing.id)).returning()
      : await tx
          .insert(businessMembers)
          .values({
            ...values,
            businessId: business.id,
            userId: invitee.userId,
            email: invitee.userId ? null : invitee.email,
          })
          .returning();
    if (!written) throw new Error('an invitation was not written');
    return written;
  });
  const [inviter] = await db
    .select({ fullName: profiles.fullName, ztartag: profiles.ztartag })
    .from(profiles)
    .where(eq(profiles.id, inviterId));
  await context.mailer.send(invitee.email, invitee.language, {
    kind: 'businessInvitation',
    params: {
      business: business.name,
      inviter: inviter?.fullName ?? (inviter?.ztartag ? `@${inviter.ztartag}` : business.name),
      link: `${context.config.appUrl}/businesses`,
    },
  });
  return toInvitation(row, business.name, invitee.label);
}

/** The signed-in person's verified email, which email invitations are matched with. */
async function verifiedEmailOf(db: AppDatabase, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.verifiedAt ? row.email : null;
}

function inviteeMatches(userId: string, email: string | null) {
  return email
    ? or(
        eq(businessMembers.userId, userId),
        and(isNull(businessMembers.userId), eq(businessMembers.email, email)),
      )
    : eq(businessMembers.userId, userId);
}

/** `GET /api/business-invitations`: the invitations waiting for the person's answer. */
export async function myInvitations(db: AppDatabase, userId: string): Promise<BusinessInvitation[]> {
  const email = await verifiedEmailOf(db, userId);
  const rows = await db
    .select({ member: businessMembers, businessName: businesses.name, ztartag: profiles.ztartag })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .leftJoin(profiles, eq(profiles.id, userId))
    .where(and(eq(businessMembers.approvalStatus, 'pending'), inviteeMatches(userId, email)))
    .orderBy(asc(businessMembers.createdAt));
  return rows.map(({ member, businessName, ztartag }) =>
    toInvitation(member, businessName, member.email ?? (ztartag ? `@${ztartag}` : '')),
  );
}

/** Accept or decline: only the invitee, only while pending (404 `not_found` otherwise). */
export async function answerInvitation(
  context: AppContext,
  userId: string,
  invitationId: string,
  answer: 'approved' | 'rejected',
): Promise<BusinessInvitation> {
  const email = await verifiedEmailOf(context.db, userId);
  const now = context.now();
  const [invited] = await context.db
    .select({ businessId: businessMembers.businessId })
    .from(businessMembers)
    .where(eq(businessMembers.id, invitationId));
  if (!invited) throw new AppError('not_found');
  // The owner's plan settled first, so the limit is the one that holds now.
  const { ownerLevel } = await accessOf(context.db, invited.businessId, userId, now);
  try {
    return await context.db.transaction(async (tx) => {
      if (answer === 'approved') {
        // The business row first, as an invitation locks it: accepts at once cannot pass the limit together.
        await tx
          .select({ id: businesses.id })
          .from(businesses)
          .where(eq(businesses.id, invited.businessId))
          .for('update');
      }
      const [row] = await tx
        .select({ member: businessMembers, businessName: businesses.name })
        .from(businessMembers)
        .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
        .where(
          and(
            eq(businessMembers.id, invitationId),
            eq(businessMembers.approvalStatus, 'pending'),
            inviteeMatches(userId, email),
          ),
        )
        .for('update', { of: businessMembers });
      if (!row) throw new AppError('not_found');
      if (answer === 'approved') {
        const max = businessLimitsFor(ownerLevel).teamMembers;
        const [approved] = await tx
          .select({ n: count() })
          .from(businessMembers)
          .where(
            and(
              eq(businessMembers.businessId, invited.businessId),
              eq(businessMembers.approvalStatus, 'approved'),
            ),
          );
        if ((approved?.n ?? 0) >= max) {
          throw new AppError('limit_exceeded', { details: { limit: 'teamMembers', max } });
        }
      }
      const [updated] = await tx
        .update(businessMembers)
        .set({ userId, email: null, approvalStatus: answer, answeredAt: now })
        .where(eq(businessMembers.id, invitationId))
        .returning();
      if (!updated) throw new AppError('not_found');
      return toInvitation(updated, row.businessName, row.member.email ?? '');
    });
  } catch (error) {
    // Invited twice (by tag and by email) and the other one already answered.
    if (isUniqueViolation(error)) throw new AppError('conflict');
    throw error;
  }
}

export async function updateMember(
  context: AppContext,
  access: BusinessAccessOf,
  memberId: string,
  body: UpdateMemberRequest,
): Promise<BusinessMember> {
  const { db } = context;
  await checkCustomRole(db, access, body.customRoleId);
  const [updated] = await db
    .update(businessMembers)
    .set({ customRoleId: body.customRoleId })
    .where(
      and(
        eq(businessMembers.businessId, access.business.id),
        eq(businessMembers.userId, memberId),
        inArray(businessMembers.approvalStatus, HOLDING_A_PLACE),
      ),
    )
    .returning();
  if (!updated) throw new AppError('not_found');
  const member = (await listMembers(db, access)).items.find((item) => item.userId === memberId);
  if (!member) throw new AppError('not_found');
  return member;
}

/**
 * `DELETE /api/businesses/{id}/invitations/{invitationId}`: an invitation not yet answered is taken
 * back (its row removed, its place freed), so it can no longer be accepted. An accept that came
 * first holds the row's lock: the delete then finds it answered and answers 404 `not_found`.
 */
export async function revokeInvitation(
  db: AppDatabase,
  businessId: string,
  invitationId: string,
): Promise<void> {
  const removed = await db
    .delete(businessMembers)
    .where(
      and(
        eq(businessMembers.id, invitationId),
        eq(businessMembers.businessId, businessId),
        eq(businessMembers.approvalStatus, 'pending'),
      ),
    )
    .returning({ id: businessMembers.id });
  if (removed.length === 0) throw new AppError('not_found');
}

/** Removes a member (or an invitation), or the member leaves: their place is freed. */
export async function removeMember(db: AppDatabase, businessId: string, memberId: string): Promise<void> {
  const removed = await db
    .delete(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, memberId)))
    .returning({ id: businessMembers.id });
  if (removed.length === 0) throw new AppError('not_found');
}

// ---------------------------------------------------------------------------------------------
// Custom roles
// ---------------------------------------------------------------------------------------------

function toRole(row: BusinessRoleRow): BusinessRole {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions as BusinessRole['permissions'],
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listRoles(db: AppDatabase, businessId: string): Promise<BusinessRole[]> {
  const rows = await db
    .select()
    .from(businessRoles)
    .where(eq(businessRoles.businessId, businessId))
    .orderBy(asc(businessRoles.createdAt));
  return rows.map(toRole);
}

export async function createRole(
  db: AppDatabase,
  businessId: string,
  body: CreateBusinessRoleRequest,
): Promise<BusinessRole> {
  const [row] = await db
    .insert(businessRoles)
    .values({ businessId, name: body.name, permissions: [...new Set(body.permissions)] })
    .returning();
  if (!row) throw new Error('a role was not written');
  return toRole(row);
}

export async function deleteRole(db: AppDatabase, businessId: string, roleId: string): Promise<void> {
  const removed = await db
    .delete(businessRoles)
    .where(and(eq(businessRoles.id, roleId), eq(businessRoles.businessId, businessId)))
    .returning({ id: businessRoles.id });
  if (removed.length === 0) throw new AppError('not_found');
}

// ---------------------------------------------------------------------------------------------
// Wallet and distributions
// ---------------------------------------------------------------------------------------------

export async function businessWallet(
  db: AppDatabase,
  business: BusinessRow,
): Promise<BusinessWalletResponse> {
  const accounts = await balances(db, business.accountId);
  return {
    balances: accounts
      .filter((account) => account.kind === 'wallet_available')
      .map((account) => ({ currency: account.currency as Currency, availableMinor: account.balanceMinor })),
  };
}

interface Recipient {
  userId: string;
  ztartag: string | null;
  fullName: string | null;
}

/** Who shares and with what weight; refusals are 400 `validation_failed` with the field. */
async function sharesOf(
  db: AppDatabase,
  business: BusinessRow,
  body: DistributionRequest,
): Promise<{ recipient: Recipient; weight: number }[]> {
  const approved = await db
    .select({ userId: businessMembers.userId, ztartag: profiles.ztartag, fullName: profiles.fullName })
    .from(businessMembers)
    .innerJoin(profiles, eq(profiles.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, business.id), eq(businessMembers.approvalStatus, 'approved')))
    .orderBy(asc(businessMembers.answeredAt), asc(businessMembers.id));
  const members = approved.filter((row): row is Recipient => row.userId !== null);
  const invalid = (message: string) =>
    new AppError('validation_failed', {
      details: { source: 'body', issues: [{ path: 'shares', code: 'custom', message }] },
    });
  if (!body.shares) {
    if (body.rule !== 'equal') throw invalid('validation.required');
    if (members.length === 0) throw invalid('validation.required');
    return members.map((recipient) => ({ recipient, weight: 1 }));
  }
  const seen = new Set<string>();
  const shares = body.shares.map((share) => {
    const recipient = members.find((member) => member.userId === share.userId);
    if (!recipient || seen.has(share.userId)) throw invalid('validation.invalid_value');
    seen.add(share.userId);
    const weight = body.rule === 'equal' ? 1 : share.weight;
    if (weight === undefined) throw invalid('validation.required');
    return { recipient, weight };
  });
  const total = shares.reduce((sum, share) => sum + share.weight, 0);
  if (body.rule === 'percentages' && total !== PERCENT_BASIS_POINTS)
    throw invalid('validation.invalid_value');
  if (total <= 0) throw invalid('validation.invalid_value');
  return shares;
}

/** The first instant of `now`'s calendar month, UTC: the monthly business transfer limit counts from it. */
export function monthStartOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * How many transfers left a business's wallet since `since` (every outgoing kind, failed ones
 * aside): what the monthly business transfer limit (spec §9) counts.
 */
export async function businessTransfersSince(
  db: AppDatabase,
  accountId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, accountId),
        inArray(transactions.kind, [...OUTGOING_KINDS]),
        ne(transactions.status, 'failed'),
        gte(transactions.createdAt, since),
      ),
    );
  return wholeNumber(row?.n);
}

/**
 * The checks of money leaving a business's wallet, inside the movement's database transaction and
 * before it (decision 0046): the person paying it out is locked as every payer is (lockPayer), then
 * the business row, so two payouts of one business run one after the other and cannot both pass on
 * the same headroom. The business must still be active; each transfer is within the per-transfer
 * maximum; the PIN is the person's (above the no-PIN amount in a session that has not entered it);
 * the month's transfers out of the business stay within its plan's limit (422 `limit_exceeded`
 * `{ limit: 'monthlyTransfers', max }`). Answers whether the daily cap applies (the person is
 * unverified), which the ledger movement counts on the business's wallet.
 */
export async function assertBusinessPayout(
  tx: AppDatabase,
  signedIn: SignedIn,
  access: BusinessAccessOf,
  payout: { amountMinor: number; transfers: number[] },
  now: Date,
): Promise<{ checkDaily: boolean }> {
  const { business } = access;
  const payer = await lockPayer(tx, signedIn.user.id);
  const [locked] = await tx
    .select({ status: businesses.status })
    .from(businesses)
    .where(eq(businesses.id, business.id))
    .for('update');
  if (locked?.status !== 'active') throw new AppError('not_found');
  for (const amountMinor of payout.transfers) assertWithinTransferMax(amountMinor);
  if (asksForPin(signedIn, payout.amountMinor, now) && (await hasPin(tx, signedIn.user.id))) {
    throw pinRequiredError();
  }
  const max = businessLimitsFor(access.ownerLevel).monthlyTransfers;
  const used = await businessTransfersSince(tx, business.accountId, monthStartOf(now));
  if (used + payout.transfers.length > max) {
    throw new AppError('limit_exceeded', { details: { limit: 'monthlyTransfers', max } });
  }
  return { checkDaily: !payer.verified };
}

/** Whether a payout's first order was already answered under its key (a retry: it only replays). */
async function payoutKept(tx: AppDatabase, scope: string, key: string, now: Date): Promise<boolean> {
  const [kept] = await tx
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), gt(idempotencyKeys.expiresAt, now)),
    );
  return kept !== undefined;
}

/**
 * `POST /api/businesses/{id}/distributions`: the preview, or every member's share paid out of the
 * business's wallet as ONE ledger movement (one order per member, in one database transaction:
 * all of them or none). Each member's order is kept under `<asker>:<key>:<n>` in the business
 * account's scope, so a retry with the same key replays them all and moves nothing more. The
 * rules of any payment apply (assertBusinessPayout): the asker's PIN, the per-transfer maximum,
 * the daily cap when the asker is unverified, and the business's monthly transfer limit.
 */
export async function distribute(
  context: AppContext,
  request: FastifyRequest,
  access: BusinessAccessOf,
  signedIn: SignedIn,
  body: DistributionRequest,
): Promise<MoneyAnswer> {
  const { business } = access;
  const askerId = signedIn.user.id;
  const shares = await sharesOf(context.db, business, body);
  const amounts = splitByWeights(
    body.amountMinor,
    shares.map((share) => share.weight),
  );
  const items = shares.map((share, index) => ({
    userId: share.recipient.userId,
    ztartag: share.recipient.ztartag,
    fullName: share.recipient.fullName,
    weight: share.weight,
    amountMinor: amounts[index] ?? 0,
  }));
  const base = {
    rule: body.rule,
    amountMinor: body.amountMinor,
    currency: body.currency,
    reason: body.reason ?? null,
    items,
  };
  if (body.preview) {
    const preview: Distribution = { ...base, id: null, preview: true, createdAt: null };
    return { statusCode: 200, body: preview, replayed: false };
  }
  try {
    const key = idempotencyKeyOf(request);
    const now = context.now();
    const distribution: Distribution = {
      ...base,
      id: randomUUID(),
      preview: false,
      createdAt: now.toISOString(),
    };
    const account = await accountProfileOf(context.db, business.accountId);
    const from: Party = { userId: business.accountId, ztartag: account.ztartag, name: business.name };
    const hash = requestHashOf({ route: `POST /api/businesses/${business.id}/distributions`, body });
    const paid = items.filter((item) => item.amountMinor > 0);
    const moved = await context.db.transaction(async (tx) => {
      const replay = await payoutKept(tx, business.accountId, `${askerId}:${key}:0`, now);
      const { checkDaily } = replay
        ? { checkDaily: false }
        : await assertBusinessPayout(
            tx,
            signedIn,
            access,
            { amountMinor: body.amountMinor, transfers: paid.map((item) => item.amountMinor) },
            now,
          );
      const prepared: PreparedPayment[] = paid.map((item, index) =>
        walletPaymentOrder({
          key: `${askerId}:${key}:${index}`,
          requestHash: hash,
          from,
          to: { userId: item.userId, ztartag: item.ztartag, name: item.fullName ?? item.ztartag ?? '' },
          amountMinor: item.amountMinor,
          currency: body.currency,
          now,
          // The PIN is the asker's, checked above: the business's account has none.
          checkPin: false,
          checkDaily,
          note: body.reason ?? null,
          sentDescription: `Tip share to ${item.ztartag ? `@${item.ztartag}` : (item.fullName ?? '')}`,
          receivedDescription: `Tip share from ${business.name}`,
          notifyRecipient: true,
          groupId: distribution.id ?? undefined,
          audit: {
            request,
            userId: askerId,
            actionType: 'business_distribution',
            resource: `business:${business.id}`,
          },
          answer: () => distribution,
        }),
      );
      const run = await runAllOrNothing(
        tx,
        prepared.map((payment) => payment.order),
      );
      if (!run.replayed) {
        await tx.insert(businessDistributions).values({
          id: distribution.id ?? randomUUID(),
          businessId: business.id,
          rule: body.rule,
          amountMinor: body.amountMinor,
          currency: body.currency,
          reason: body.reason ?? null,
          items: items.map(({ userId, weight, amountMinor }) => ({ userId, weight, amountMinor })),
          createdBy: askerId,
          createdAt: now,
        });
      }
      return { ...run, prepared };
    });
    const first = moved.outcomes[0];
    const kept = first && first.error === undefined ? first.body : distribution;
    if (!moved.replayed)
      publishAll(context.live, paymentEvents(moved.prepared, moved.outcomes) as PendingEvent[]);
    return { statusCode: 201, body: kept, replayed: moved.replayed };
  } catch (error) {
    throw failedMoneyRequest(request, error, 'transfer_failed');
  }
}

// ---------------------------------------------------------------------------------------------
// Account deletion
// ---------------------------------------------------------------------------------------------

/**
 * Locks the person's plan subscription, if any, as the plan routes and the renewal worker take it:
 * before the person's own rows. Account deletion calls it first, so that it waits for (or makes
 * wait) a renewal in flight instead of taking the two locks in the other order and deadlocking.
 */
export async function lockPlanOf(tx: AppDatabase, userId: string): Promise<void> {
  await tx
    .select({ userId: planSubscriptions.userId })
    .from(planSubscriptions)
    .where(eq(planSubscriptions.userId, userId))
    .for('update');
}

/**
 * What deleting a person's account does to their businesses (decision 0046), inside the deletion's
 * transaction, after the person's row is locked: each business they own has its account marked
 * deleted first (which waits for any movement in flight into or out of it, and refuses every later
 * one: tips to its tag and QR codes, card tips, payouts), then its money is counted under the
 * accounts' locks. Money still there refuses the deletion with 409 `business_balance_not_empty`
 * (rolled back: nothing changes); else the businesses are closed. Their memberships elsewhere go
 * (a share could not be paid to them), and so does their plan: nothing renews for them any more.
 */
export async function closeBusinessesOf(tx: AppDatabase, ownerId: string, now: Date): Promise<void> {
  const owned = await tx
    .select()
    .from(businesses)
    .where(and(eq(businesses.ownerId, ownerId), ne(businesses.status, 'closed')))
    .orderBy(asc(businesses.id))
    .for('update');
  const holding: BusinessBalanceNotEmptyDetails['businesses'] = [];
  for (const business of owned) {
    await tx.update(users).set({ deletedAt: now }).where(eq(users.id, business.accountId));
    const held = await moneyHeldBy(tx, business.accountId);
    if (held.length > 0) holding.push({ businessId: business.id, name: business.name, balances: held });
  }
  if (holding.length > 0) {
    throw new AppError('business_balance_not_empty', {
      message:
        'A business of this account still holds money: distribute it to the team or withdraw it first.',
      details: { businesses: holding } satisfies BusinessBalanceNotEmptyDetails,
    });
  }
  if (owned.length > 0) {
    await tx
      .update(businesses)
      .set({ status: 'closed', updatedAt: now })
      .where(
        inArray(
          businesses.id,
          owned.map((business) => business.id),
        ),
      );
  }
  await tx.delete(businessMembers).where(eq(businessMembers.userId, ownerId));
  await tx.delete(planSubscriptions).where(eq(planSubscriptions.userId, ownerId));
}
