import type {
  AdminUserDetail,
  AdminUserListQuery,
  AdminUserListResponse,
  AdminUserPatch,
  AdminUserSummary,
  AuditEntry,
  AuditListQuery,
  AuditListResponse,
} from '@ztart/shared/contracts/admin';
import { ADMIN_USER_DETAIL_ROWS } from '@ztart/shared/contracts/admin';
import type { Currency } from '@ztart/shared/money';
import { primaryRole, type StoredRole, type UserLevel } from '@ztart/shared/roles';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { decodeCursor, pageOf } from '../../http/cursor.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../activity/service.ts';
import { auditLog } from '../activity/tables.ts';
import { deleteSessionsOf } from '../auth/sessions.ts';
import { sessions, users } from '../auth/tables.ts';
import { setLevelByAdmin } from '../businesses/plans.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { profiles, userRoles } from '../profiles/tables.ts';
import { userPins } from '../security/tables.ts';
import { escapeLikePattern } from '../transactions/service.ts';
import { transactions } from '../transactions/tables.ts';

const summaryColumns = {
  id: users.id,
  email: users.email,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
  emailVerifiedAt: users.emailVerifiedAt,
  fullName: profiles.fullName,
  ztartag: profiles.ztartag,
  userLevel: profiles.userLevel,
  phone: profiles.phone,
  phoneVerifiedAt: profiles.phoneVerifiedAt,
};

type SummaryRow = {
  id: string;
  email: string;
  createdAt: Date;
  suspendedAt: Date | null;
  fullName: string | null;
  ztartag: string | null;
  userLevel: string | null;
};

async function rolesByUser(db: AppDatabase, userIds: string[]): Promise<Map<string, StoredRole[]>> {
  const byUser = new Map<string, StoredRole[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, role: userRoles.role })
    .from(userRoles)
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(userRoles.role));
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.role as StoredRole]);
  return byUser;
}

function toSummary(row: SummaryRow, roles: StoredRole[]): AdminUserSummary {
  const role = primaryRole(roles);
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    ztartag: row.ztartag,
    roles,
    role: role === 'guest' ? 'user' : role,
    userLevel: (row.userLevel ?? 'freemium') as UserLevel,
    suspended: row.suspendedAt !== null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** People (not deleted accounts) whose email, name or ztartag holds `q`, newest first. */
export async function listUsers(db: AppDatabase, query: AdminUserListQuery): Promise<AdminUserListResponse> {
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (query.q) {
    const pattern = `%${escapeLikePattern(query.q)}%`;
    conditions.push(
      or(ilike(users.email, pattern), ilike(profiles.fullName, pattern), ilike(profiles.ztartag, pattern)),
    );
  }
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    conditions.push(sql`(${users.createdAt}, ${users.id}) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit);
  const roles = await rolesByUser(
    db,
    page.rows.map((row) => row.id),
  );
  return {
    items: page.rows.map((row) => toSummary(row, roles.get(row.id) ?? [])),
    nextCursor: page.nextCursor,
  };
}

/** One person for the admin: profile, balances, recent transactions, open sessions, audit trail. */
export async function userDetail(db: AppDatabase, userId: string, now: Date): Promise<AdminUserDetail> {
  const [row] = await db
    .select(summaryColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw new AppError('not_found');
  const [roles, balances, recent, openSessions, audit, [pin]] = await Promise.all([
    rolesByUser(db, [userId]),
    db
      .select({
        kind: ledgerAccounts.kind,
        currency: ledgerAccounts.currency,
        balanceMinor: ledgerAccounts.balanceMinor,
      })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.ownerId, userId))
      .orderBy(asc(ledgerAccounts.id)),
    db
      .select({
        id: transactions.id,
        kind: transactions.kind,
        status: transactions.status,
        amountMinor: transactions.amountMinor,
        currency: transactions.currency,
        description: transactions.description,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(ADMIN_USER_DETAIL_ROWS),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > ${now}`))
      .orderBy(desc(sessions.lastSeenAt))
      .limit(ADMIN_USER_DETAIL_ROWS),
    auditEntries(db, { actor: userId, limit: ADMIN_USER_DETAIL_ROWS }),
    db.select().from(userPins).where(eq(userPins.userId, userId)),
  ]);
  const locked = pin?.lockedUntil && pin.lockedUntil.getTime() > now.getTime() ? pin.lockedUntil : null;
  return {
    user: {
      ...toSummary(row, roles.get(userId) ?? []),
      emailVerified: row.emailVerifiedAt !== null,
      phone: row.phone,
      phoneVerified: row.phoneVerifiedAt !== null,
      pinSet: pin !== undefined,
      pinLockedUntil: locked?.toISOString() ?? null,
      pinFailedAttempts: pin?.failedAttempts ?? 0,
    },
    balances: balances.map((balance) => ({ ...balance, currency: balance.currency as Currency })),
    recentTransactions: recent.map((transaction) => ({
      ...transaction,
      currency: transaction.currency as Currency,
      createdAt: transaction.createdAt.toISOString(),
    })),
    sessions: openSessions.map((session) => ({
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      userAgent: session.userAgent,
    })),
    audit: audit.rows,
  };
}

/**
 * Changes a person's role, level, suspension or PIN lock, each audited. Suspending ends all their
 * sessions at once (and their open pages' streams). An admin may not change their own role or
 * suspend themselves.
 */
export async function updateUser(
  context: AppContext,
  request: FastifyRequest,
  adminId: string,
  userId: string,
  patch: AdminUserPatch,
): Promise<void> {
  const { db } = context;
  const now = context.now();
  const [user] = await db
    .select({ id: users.id, suspendedAt: users.suspendedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('not_found');
  if (userId === adminId && (patch.role !== undefined || patch.suspended === true)) {
    throw new AppError('admin_self_change', {
      message: 'An admin cannot change their own role or suspend themselves.',
    });
  }
  const audit = (actionType: string, metadata: Record<string, unknown>) =>
    recordAudit(db, request, {
      userId: adminId,
      actionType,
      resource: userId,
      metadata: { userId, ...metadata },
    });

  if (patch.role !== undefined || patch.userLevel !== undefined) {
    const role = patch.role;
    await db.transaction(async (tx) => {
      if (role !== undefined) {
        await tx.delete(userRoles).where(eq(userRoles.userId, userId));
        const roles: StoredRole[] = role === 'user' ? ['user'] : ['user', role];
        await tx.insert(userRoles).values(roles.map((value) => ({ userId, role: value })));
      }
      if (patch.userLevel !== undefined) {
        // An admin's level is no paid plan: it stays until an admin or the person changes it.
        await setLevelByAdmin(tx, userId, patch.userLevel, now);
      }
    });
    await audit('admin_user_updated', {
      ...(role !== undefined ? { role } : {}),
      ...(patch.userLevel !== undefined ? { userLevel: patch.userLevel } : {}),
    });
  }
  if (patch.suspended === true && !user.suspendedAt) {
    await db.update(users).set({ suspendedAt: now }).where(eq(users.id, userId));
    const ended = await deleteSessionsOf(db, userId, { now });
    context.live.endSessions(userId, ended.ids);
    await audit('admin_user_suspended', { sessionsEnded: ended.openCount });
  } else if (patch.suspended === false && user.suspendedAt) {
    await db.update(users).set({ suspendedAt: null }).where(eq(users.id, userId));
    await audit('admin_user_restored', {});
  }
  if (patch.resetPinLock) {
    await db
      .update(userPins)
      .set({ failedAttempts: 0, lockedUntil: null, updatedAt: now })
      .where(eq(userPins.userId, userId));
    await audit('admin_pin_lock_reset', {});
  }
}

/** The audit log, newest first, by actor and action. */
export async function auditEntries(
  db: AppDatabase,
  query: Pick<AuditListQuery, 'actor' | 'action' | 'cursor' | 'limit'>,
): Promise<{ rows: AuditEntry[]; nextCursor: string | null }> {
  const conditions: (SQL | undefined)[] = [];
  if (query.actor) conditions.push(eq(auditLog.userId, query.actor));
  if (query.action) conditions.push(eq(auditLog.actionType, query.action));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    conditions.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.createdAt}, ${cursor.id})`);
  }
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: auditLog.userId,
      actorEmail: users.email,
      actionType: auditLog.actionType,
      resource: auditLog.resource,
      metadata: auditLog.metadata,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit);
  return {
    rows: page.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    nextCursor: page.nextCursor,
  };
}

export async function listAudit(db: AppDatabase, query: AuditListQuery): Promise<AuditListResponse> {
  const { rows, nextCursor } = await auditEntries(db, query);
  return { items: rows, nextCursor };
}

/** Whether an admin may impersonate this person: not themselves, not an admin, not suspended or deleted. */
export async function assertImpersonable(db: AppDatabase, adminId: string, userId: string): Promise<void> {
  const [user] = await db
    .select({ suspendedAt: users.suspendedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('not_found');
  const roles = (await rolesByUser(db, [userId])).get(userId) ?? [];
  if (userId === adminId || roles.includes('admin') || user.suspendedAt || user.deletedAt) {
    throw new AppError('impersonation_not_allowed', { message: 'This account cannot be impersonated.' });
  }
}
