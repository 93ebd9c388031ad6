import { IMPERSONATION_MAX_MINUTES, type Impersonation } from '@ztart/shared/contracts/admin';
import { hasCapability } from '@ztart/shared/roles';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { addMinutes } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { isApiPath } from '../../http/api-path.ts';
import { AppError } from '../../http/errors.ts';
import { recordAudit } from '../activity/service.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { sessions, users } from '../auth/tables.ts';
import { rolesOf } from '../profiles/service.ts';
import { profiles } from '../profiles/tables.ts';
import { impersonations } from './tables.ts';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const END_IMPERSONATION_PATH = '/api/admin/impersonation';
const SIGN_OUT_PATH = '/api/auth/sign-out';

/**
 * After the session plugin: a session that runs an impersonation acts as its person, read-only
 * (decision 0040). Every request is audited; a state-changing one is refused with 403
 * `impersonation_read_only` (and audited as refused), except ending the impersonation and
 * signing out (which ends it first). An impersonation past its time ends on the next request.
 */
export const impersonationPlugin = fastifyPlugin<{ context: AppContext }>(
  async (app, { context }) => {
    const { db } = context;
    app.addHook('onRequest', async (request) => {
      const { auth } = request;
      if (auth?.status !== 'signed-in' || !auth.session.impersonationId || !isApiPath(request.url)) return;
      const now = context.now();
      const running = await findImpersonation(db, auth.session.impersonationId);
      const path = request.url.split('?')[0] ?? '';
      const signingOut = request.method === 'POST' && path === SIGN_OUT_PATH;
      if (
        !running ||
        running.endedAt ||
        running.expiresAt.getTime() <= now.getTime() ||
        signingOut ||
        !(await mayGoOn(db, running))
      ) {
        await endImpersonation(db, request, auth.session.id, auth.session.impersonationId, now);
        auth.session.impersonationId = null;
        return;
      }
      const impersonation = toImpersonation(running);
      request.auth = { status: 'signed-in', user: running.user, session: auth.session, impersonation };
      const audit = {
        userId: running.adminId,
        resource: `${request.method} ${path}`.slice(0, 200),
        metadata: { impersonationId: running.id, userId: running.user.id },
      };
      if (STATE_CHANGING_METHODS.has(request.method) && path !== END_IMPERSONATION_PATH) {
        await recordAudit(db, request, { ...audit, actionType: 'impersonation_refused' });
        throw new AppError('impersonation_read_only', {
          message: 'Nothing can be changed while viewing the app as someone else.',
        });
      }
      if (path !== END_IMPERSONATION_PATH) {
        await recordAudit(db, request, { ...audit, actionType: 'impersonation_request' });
      }
    });
  },
  { name: 'ztart-impersonation', dependencies: ['ztart-session'] },
);

/**
 * An impersonation lasts only while its admin keeps the capability and its person is not
 * suspended: a role taken away or a suspension ends it on the next request.
 */
async function mayGoOn(db: AppDatabase, running: RunningImpersonation): Promise<boolean> {
  return running.suspendedAt === null && hasCapability(await rolesOf(db, running.adminId), 'impersonate');
}

interface RunningImpersonation {
  id: string;
  adminId: string;
  adminEmail: string;
  startedAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
  user: SessionUser;
  userName: string | null;
  /** When the person was suspended, if they are. */
  suspendedAt: Date | null;
}

async function findImpersonation(db: AppDatabase, id: string): Promise<RunningImpersonation | undefined> {
  const [row] = await db
    .select({
      id: impersonations.id,
      adminId: impersonations.adminId,
      startedAt: impersonations.startedAt,
      expiresAt: impersonations.expiresAt,
      endedAt: impersonations.endedAt,
      user: {
        id: users.id,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        createdAt: users.createdAt,
      },
      userName: profiles.fullName,
      deletedAt: users.deletedAt,
      suspendedAt: users.suspendedAt,
    })
    .from(impersonations)
    .innerJoin(users, eq(users.id, impersonations.userId))
    .leftJoin(profiles, eq(profiles.id, impersonations.userId))
    .where(eq(impersonations.id, id));
  if (!row || row.deletedAt) return undefined;
  const [admin] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.adminId));
  return { ...row, adminEmail: admin?.email ?? '' };
}

function toImpersonation(row: RunningImpersonation): Impersonation {
  return {
    id: row.id,
    adminId: row.adminId,
    adminEmail: row.adminEmail,
    userId: row.user.id,
    userEmail: row.user.email,
    userName: row.userName,
    startedAt: row.startedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Starts an impersonation on the admin's session; the caller checked who may be impersonated. */
export async function startImpersonation(
  context: AppContext,
  request: FastifyRequest,
  options: { adminId: string; sessionId: string; userId: string; reason: string | null },
): Promise<Impersonation> {
  const now = context.now();
  const id = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(impersonations)
      .values({
        adminId: options.adminId,
        adminSessionId: options.sessionId,
        userId: options.userId,
        reason: options.reason,
        startedAt: now,
        expiresAt: addMinutes(now, IMPERSONATION_MAX_MINUTES),
      })
      .returning({ id: impersonations.id });
    await tx.update(sessions).set({ impersonationId: row!.id }).where(eq(sessions.id, options.sessionId));
    return row!.id;
  });
  await recordAudit(context.db, request, {
    userId: options.adminId,
    actionType: 'impersonation_started',
    resource: options.userId,
    metadata: { impersonationId: id, userId: options.userId, reason: options.reason },
  });
  const running = await findImpersonation(context.db, id);
  if (!running) throw new AppError('not_found');
  return toImpersonation(running);
}

/** Ends the impersonation a session runs (asked for, timed out, or signing out), audited once. */
export async function endImpersonation(
  db: AppDatabase,
  request: FastifyRequest,
  sessionId: string,
  impersonationId: string,
  now: Date,
): Promise<void> {
  await db.update(sessions).set({ impersonationId: null }).where(eq(sessions.id, sessionId));
  const ended = await db
    .update(impersonations)
    .set({ endedAt: now })
    .where(and(eq(impersonations.id, impersonationId), isNull(impersonations.endedAt)))
    .returning({
      adminId: impersonations.adminId,
      userId: impersonations.userId,
      expiresAt: impersonations.expiresAt,
    });
  const row = ended[0];
  if (!row) return;
  await recordAudit(db, request, {
    userId: row.adminId,
    actionType: 'impersonation_ended',
    resource: row.userId,
    metadata: { impersonationId, userId: row.userId, timedOut: row.expiresAt.getTime() <= now.getTime() },
  });
}
