import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../../db/client.ts';
import type { KeysetCursor } from '../../http/cursor.ts';
import { describeError } from '../../lib/background.ts';
import { type AuditLogRow, auditLog } from './tables.ts';

/** The security events the server writes itself; people's apps add their own through log_user_action. */
export const SECURITY_EVENTS = [
  'sign_up',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'email_verified',
  'password_reset_requested',
  'password_reset',
  'password_changed',
  'email_change_requested',
  'email_changed',
  'phone_verified',
  'pin_created',
  'pin_changed',
  'pin_removed',
  'pin_locked',
  'account_deleted',
  'session_revoked',
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

const USER_AGENT_MAX_LENGTH = 300;
const METADATA_MAX_JSON_LENGTH = 4_000;
/** Keys whose values are never kept, wherever they sit in the metadata (`password`, `newPin`, `api_token`...). */
const SECRET_WORDS = new Set(['pin', 'token', 'otp', 'cvc', 'cvv', 'pan', 'cookie', 'authorization']);
const SECRET_FRAGMENTS = /password|passcode|passwd|secret|verificationcode|cardnumber/;
const REMOVED = '[removed]';

export interface AuditEntry {
  userId: string | null;
  actionType: string;
  resource?: string | null;
  metadata?: Record<string, unknown> | null;
}

/**
 * Writes one audit row with the request's address and browser. A failure is logged as a warning
 * and swallowed: the person's action has already happened and must not fail because of its log.
 */
export async function recordAudit(
  db: AppDatabase,
  request: FastifyRequest,
  entry: AuditEntry,
): Promise<void> {
  try {
    await recordAuditInTransaction(db, request, entry);
  } catch (error) {
    request.log.warn({ err: describeError(error), action: entry.actionType }, 'audit log write failed');
  }
}

/**
 * Writes one audit row inside the caller's database transaction (money movements): when it fails,
 * the movement fails with it, so no money moves without its audit row.
 */
export async function recordAuditInTransaction(
  tx: AppDatabase,
  request: Pick<FastifyRequest, 'ip' | 'headers'> | null,
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(auditLog).values(auditValues(request, entry));
}

/** The columns of an audit row that the database does not fill in itself. */
export function auditValues(request: Pick<FastifyRequest, 'ip' | 'headers'> | null, entry: AuditEntry) {
  return {
    userId: entry.userId,
    actionType: entry.actionType,
    resource: entry.resource ?? null,
    metadata: entry.metadata ? withoutSecrets(entry.metadata) : null,
    ip: request?.ip ?? null,
    userAgent: request?.headers['user-agent']?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
  };
}

/** Drops values under secret-looking keys and bounds the size (metadata comes from clients too). */
export function withoutSecrets(metadata: Record<string, unknown>): Record<string, unknown> {
  const cleaned = scrub(metadata) as Record<string, unknown>;
  const json = JSON.stringify(cleaned);
  return json.length <= METADATA_MAX_JSON_LENGTH ? cleaned : { truncated: true, length: json.length };
}

function scrub(value: unknown, depth = 0): unknown {
  if (depth > 5) return REMOVED;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => scrub(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        isSecretKey(key) ? REMOVED : scrub(inner, depth + 1),
      ]),
    );
  }
  return value;
}

function isSecretKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => SECRET_WORDS.has(word)) || SECRET_FRAGMENTS.test(words.join(''));
}

/**
 * The audit rows' time to the millisecond, as cursors and the app's clocks keep it: rows the
 * database stamped (to the microsecond) then page without a gap at a cursor's millisecond.
 */
const auditMillisecond: SQL = sql`date_trunc('milliseconds', ${auditLog.createdAt})`;

/**
 * One newest-first page of a person's audit rows of these actions, after the cursor: their own
 * only. Rows of the same millisecond come in descending id order, as every keyset page does.
 */
export async function listAuditRows(
  db: AppDatabase,
  userId: string,
  actions: readonly string[],
  cursor: KeysetCursor | null,
  limit: number,
): Promise<AuditLogRow[]> {
  if (actions.length === 0) return [];
  const rows = await db
    .select({ row: auditLog, at: auditMillisecond.mapWith(auditLog.createdAt) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.userId, userId),
        inArray(auditLog.actionType, [...actions]),
        cursor
          ? sql`(${auditMillisecond}, ${auditLog.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(auditMillisecond), desc(auditLog.id))
    .limit(limit);
  // Each row's time as the page's cursor keeps it.
  return rows.map(({ row, at }) => ({ ...row, createdAt: at }));
}
