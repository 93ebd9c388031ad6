import {
  SECURITY_CONTEXT_CACHE_SECONDS,
  SESSION_ABSOLUTE_TIMEOUT_DAYS,
  SESSION_IDLE_TIMEOUT_MINUTES,
} from '@ztart/shared/limits';
import { and, desc, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import { addDays, addMinutes, addSeconds } from '../../clock.ts';
import { Batcher } from '../../db/batcher.ts';
import type { AppDatabase } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { hashToken, randomToken } from './secrets.ts';
import { type SessionRow, sessions, type UserRow, users } from './tables.ts';

/** lastSeenAt is written at most this often, so that reading pages does not mean writing rows. */
const TOUCH_INTERVAL_SECONDS = 60;
const USER_AGENT_MAX_LENGTH = 300;
const SESSION_LOOKUPS_PER_QUERY = 64;
const SESSION_QUERIES_AT_ONCE = 4;

export type SessionUser = Pick<UserRow, 'id' | 'email' | 'emailVerifiedAt' | 'createdAt'>;

export interface NewSession {
  token: string;
  session: SessionRow;
}

export async function createSession(
  db: AppDatabase,
  options: { userId: string; userAgent: string | undefined; now: Date },
): Promise<NewSession> {
  const token = randomToken();
  const [session] = await db
    .insert(sessions)
    .values({
      userId: options.userId,
      tokenHash: hashToken(token),
      createdAt: options.now,
      lastSeenAt: options.now,
      expiresAt: addDays(options.now, SESSION_ABSOLUTE_TIMEOUT_DAYS),
      userAgent: options.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    })
    .returning();
  return { token, session: session! };
}

export interface FoundSession {
  session: SessionRow;
  user: SessionUser;
}

/** The session behind a cookie's token and its person (deleted accounts have no sessions). */
export async function findSession(db: AppDatabase, token: string): Promise<FoundSession | undefined> {
  const hash = hashToken(token);
  return (await findSessionsByHash(db, [hash])).get(hash);
}

const sessionsByHash = preparedPerDatabase((db) =>
  db
    .select({
      session: sessions,
      user: {
        id: users.id,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        createdAt: users.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = ANY(${sql.placeholder('tokenHashes')})`,
        sql`${users.deletedAt} IS NULL`,
        // A suspended account's sessions were ended; should one be left, it opens nothing.
        sql`${users.suspendedAt} IS NULL`,
      ),
    )
    .prepare('find_sessions_by_hash'),
);

/** The sessions behind several tokens' hashes, in one query. */
async function findSessionsByHash(
  db: AppDatabase,
  tokenHashes: string[],
): Promise<Map<string, FoundSession>> {
  const rows = await sessionsByHash(db).execute({ tokenHashes });
  return new Map(rows.map((row) => [row.session.tokenHash, row]));
}

export type SessionFinder = (token: string) => Promise<FoundSession | undefined>;

/**
 * findSession for the requests of a busy server: the look-ups of requests arriving together are
 * one query. Each request gets its own copy of the session, which it may touch.
 */
export function createSessionFinder(db: AppDatabase, { maxQueued }: { maxQueued: number }): SessionFinder {
  const lookups = new Batcher<string, FoundSession | undefined>({
    run: async (hashes) => {
      const found = await findSessionsByHash(db, [...new Set(hashes)]);
      return hashes.map((hash) => {
        const row = found.get(hash);
        return row && { session: { ...row.session }, user: row.user };
      });
    },
    maxBatchSize: SESSION_LOOKUPS_PER_QUERY,
    maxInFlight: SESSION_QUERIES_AT_ONCE,
    maxQueued,
    // A read: running it again never changes anything.
    runsAgainAfter: () => true,
  });
  return (token) => lookups.submit(hashToken(token));
}

export function isSessionExpired(session: Pick<SessionRow, 'lastSeenAt' | 'expiresAt'>, now: Date): boolean {
  return (
    now.getTime() >= session.expiresAt.getTime() ||
    now.getTime() >= addMinutes(session.lastSeenAt, SESSION_IDLE_TIMEOUT_MINUTES).getTime()
  );
}

/**
 * Whether a session still opens: not signed out, revoked, expired or of a deleted account. Reads
 * without touching it: an open page listening for events is not activity.
 */
export async function isSessionOpen(db: AppDatabase, sessionId: string, now: Date): Promise<boolean> {
  const [session] = await db
    .select({ lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sessionId), sql`${users.deletedAt} IS NULL`, sql`${users.suspendedAt} IS NULL`),
    );
  return session !== undefined && !isSessionExpired(session, now);
}

/** Counts a request as activity for the idle timeout. */
export async function touchSession(db: AppDatabase, session: SessionRow, now: Date): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() < TOUCH_INTERVAL_SECONDS * 1000) return;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  session.lastSeenAt = now;
}

/** A new token for the same session (after a password change): a copy of the old cookie is worthless. */
export async function rotateSessionToken(db: AppDatabase, sessionId: string): Promise<string> {
  const token = randomToken();
  await db
    .update(sessions)
    .set({ tokenHash: hashToken(token) })
    .where(eq(sessions.id, sessionId));
  return token;
}

export async function deleteSession(db: AppDatabase, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends one of a person's sessions; false when they have no session with that id. */
export async function deleteSessionOf(db: AppDatabase, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends the session behind a token; answers it (id and person), if there was one. */
export async function deleteSessionByToken(
  db: AppDatabase,
  token: string,
): Promise<{ id: string; userId: string } | undefined> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ id: sessions.id, userId: sessions.userId });
  return ended;
}

export interface EndedSessions {
  /** How many were open (sessions that had already expired do not count as signed out now). */
  openCount: number;
  /** Every session removed, for the live streams to close. */
  ids: string[];
}

/** Signs a person out everywhere, or everywhere but `exceptSessionId`. */
export async function deleteSessionsOf(
  db: AppDatabase,
  userId: string,
  options: { exceptSessionId?: string; now: Date },
): Promise<EndedSessions> {
  const ended = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        options.exceptSessionId ? ne(sessions.id, options.exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt });
  return {
    openCount: ended.filter((session) => !isSessionExpired(session, options.now)).length,
    ids: ended.map((session) => session.id),
  };
}

/** Drops a person's expired sessions (done at sign-in, so the table does not grow forever). */
export async function deleteExpiredSessionsOf(db: AppDatabase, userId: string, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(
          lte(sessions.expiresAt, now),
          lte(sessions.lastSeenAt, addMinutes(now, -SESSION_IDLE_TIMEOUT_MINUTES)),
        ),
      ),
    );
}

export async function listOpenSessions(db: AppDatabase, userId: string, now: Date): Promise<SessionRow[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.filter((session) => !isSessionExpired(session, now));
}

export async function setPinUnlockedUntil(db: AppDatabase, sessionId: string, until: Date | null) {
  await db.update(sessions).set({ pinUnlockedUntil: until }).where(eq(sessions.id, sessionId));
}

/** After a PIN lock or removal no session of the person stays unlocked. */
export async function clearPinUnlockOf(db: AppDatabase, userId: string): Promise<void> {
  await db.update(sessions).set({ pinUnlockedUntil: null }).where(eq(sessions.userId, userId));
}

export interface CachedSecurityCheck {
  checkedAt: Date;
  reason: string | null;
}

/** The security check's result, if one younger than SECURITY_CONTEXT_CACHE_SECONDS is on the session. */
export function cachedSecurityCheck(session: SessionRow, now: Date): CachedSecurityCheck | undefined {
  const checkedAt = session.securityCheckedAt;
  if (!checkedAt || now.getTime() >= addSeconds(checkedAt, SECURITY_CONTEXT_CACHE_SECONDS).getTime()) {
    return undefined;
  }
  if (now.getTime() < checkedAt.getTime()) return undefined;
  return { checkedAt, reason: session.securityReason };
}

export async function storeSecurityCheck(db: AppDatabase, sessionId: string, check: CachedSecurityCheck) {
  await db
    .update(sessions)
    .set({ securityCheckedAt: check.checkedAt, securityReason: check.reason })
    .where(eq(sessions.id, sessionId));
}
