import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEYS_PER_BUSINESS,
  type ApiKey,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@ztart/shared/contracts/businesses';
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { accessOf, type BusinessAccessOf } from './access.ts';
import { type BusinessApiKeyRow, businessApiKeys, businesses } from './tables.ts';

/** How many characters of a key are kept in the clear to recognise it (`ztk_` and 8 more). */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** `last_used_at` is written at most this often per key (a busy integration is not a write per call). */
const LAST_USED_EVERY_MS = 60_000;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

function toApiKey(row: BusinessApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: AppDatabase, businessId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(businessApiKeys)
    .where(and(eq(businessApiKeys.businessId, businessId), isNull(businessApiKeys.revokedAt)))
    .orderBy(desc(businessApiKeys.createdAt), desc(businessApiKeys.id));
  return rows.map(toApiKey);
}

/**
 * A new key: 36 random bytes after `ztk_`, answered in full this once; only its SHA-256 is kept.
 * Counted and written with the business row locked (at most API_KEYS_PER_BUSINESS live keys).
 */
export async function createApiKey(
  context: AppContext,
  businessId: string,
  userId: string,
  body: CreateApiKeyRequest,
): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${randomBytes(36).toString('base64url')}`;
  const row = await context.db.transaction(async (tx) => {
    await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for('update');
    const [live] = await tx
      .select({ n: count() })
      .from(businessApiKeys)
      .where(and(eq(businessApiKeys.businessId, businessId), isNull(businessApiKeys.revokedAt)));
    if ((live?.n ?? 0) >= API_KEYS_PER_BUSINESS) {
      throw new AppError('limit_exceeded', { details: { limit: 'apiKeys', max: API_KEYS_PER_BUSINESS } });
    }
    const [written] = await tx
      .insert(businessApiKeys)
      .values({
        businessId,
        name: body.name,
        prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
        keyHash: hashOf(key),
        createdBy: userId,
        createdAt: context.now(),
      })
      .returning();
    return written;
  });
  if (!row) throw new Error('an API key was not written');
  return { ...toApiKey(row), key };
}

/** A revoked key opens nothing from then on (404 for one already revoked or another business's). */
export async function revokeApiKey(context: AppContext, businessId: string, keyId: string): Promise<void> {
  const revoked = await context.db
    .update(businessApiKeys)
    .set({ revokedAt: context.now() })
    .where(
      and(
        eq(businessApiKeys.id, keyId),
        eq(businessApiKeys.businessId, businessId),
        isNull(businessApiKeys.revokedAt),
      ),
    )
    .returning({ id: businessApiKeys.id });
  if (revoked.length === 0) throw new AppError('not_found');
}

/** The API key a request carries (`Authorization: Bearer ztk_…`), or null. */
export function apiKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const key = match?.[1];
  return key?.startsWith(API_KEY_PREFIX) ? key : null;
}

/**
 * The business an API key reads, as its owner sees it, for the read-only routes that take keys.
 * A key that is unknown, revoked or another business's, or a business that is no longer active on
 * enterprise (integrations are enterprise's) → 401 `unauthorized`, all alike.
 */
export async function accessByApiKey(
  context: AppContext,
  key: string,
  businessId: string,
): Promise<BusinessAccessOf> {
  const [row] = await context.db
    .select()
    .from(businessApiKeys)
    .where(and(eq(businessApiKeys.keyHash, hashOf(key)), isNull(businessApiKeys.revokedAt)));
  if (!row || row.businessId !== businessId) throw new AppError('unauthorized');
  const [business] = await context.db
    .select({ ownerId: businesses.ownerId })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) throw new AppError('unauthorized');
  const now = context.now();
  const access = await accessOf(context.db, businessId, business.ownerId, now);
  if (!access.permissions.has('manageIntegrations')) throw new AppError('unauthorized');
  await context.db
    .update(businessApiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(businessApiKeys.id, row.id),
        or(
          isNull(businessApiKeys.lastUsedAt),
          lt(businessApiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)),
        ),
      ),
    );
  return access;
}
