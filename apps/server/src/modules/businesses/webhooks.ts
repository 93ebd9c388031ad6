import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateWebhookRequest,
  type WEBHOOK_EVENTS,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_SIGNATURE_HEADER,
  type Webhook,
} from '@ztart/shared/contracts/businesses';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { open, seal } from '../../db/encryption.ts';
import { queryRows } from '../../db/raw-query.ts';
import { AppError } from '../../http/errors.ts';
import { describeError } from '../../lib/background.ts';
import { type PollingLoop, pollingLoop } from '../../lib/polling.ts';
import { profiles } from '../profiles/tables.ts';
import { businesses, businessWebhooks, webhookDeliveries } from './tables.ts';

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Deliveries claimed per round, and how long a claim keeps others off a row. */
const DELIVERIES_PER_ROUND = 20;
const CLAIM_SECONDS = 60;
const DELIVERY_TIMEOUT_MS = 10_000;
const WEBHOOKS_PER_BUSINESS = 20;
const DELIVERY_LOG_LIMIT = 100;

const secretContext = (webhookId: string) => `business_webhooks.secret_sealed:${webhookId}`;

function toWebhook(row: typeof businessWebhooks.$inferSelect, secret: string | null): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as Webhook['events'],
    secret,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listWebhooks(db: AppDatabase, businessId: string): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(businessWebhooks)
    .where(eq(businessWebhooks.businessId, businessId))
    .orderBy(businessWebhooks.createdAt);
  return rows.map((row) => toWebhook(row, null));
}

/** A new webhook; its signing secret is answered this once and kept sealed. */
export async function createWebhook(
  context: AppContext,
  businessId: string,
  body: CreateWebhookRequest,
): Promise<Webhook> {
  // Plain http only outside production (a receiver on the developer's machine, the tests').
  if (context.config.isProduction && !body.url.startsWith('https://')) {
    throw new AppError('validation_failed', {
      details: { source: 'body', issues: [{ path: 'url', code: 'custom', message: 'validation.url' }] },
    });
  }
  const existing = await listWebhooks(context.db, businessId);
  if (existing.length >= WEBHOOKS_PER_BUSINESS) {
    throw new AppError('limit_exceeded', { details: { limit: 'webhooks', max: WEBHOOKS_PER_BUSINESS } });
  }
  const id = randomUUID();
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const [row] = await context.db
    .insert(businessWebhooks)
    .values({
      id,
      businessId,
      url: body.url,
      events: [...new Set(body.events)],
      secretSealed: seal(context.config.dataEncryptionKeys, secret, secretContext(id)),
    })
    .returning();
  if (!row) throw new Error('a webhook was not written');
  return toWebhook(row, secret);
}

export async function listDeliveries(db: AppDatabase, businessId: string, webhookId: string) {
  const [hook] = await db
    .select({ id: businessWebhooks.id })
    .from(businessWebhooks)
    .where(and(eq(businessWebhooks.id, webhookId), eq(businessWebhooks.businessId, businessId)));
  if (!hook) throw new AppError('not_found');
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    event: row.event as WebhookEvent,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Queues an event for every webhook of the business whose account has this tag and that listens
 * to it. Best effort after the event committed: a failure is logged, never the event's.
 */
export async function queueBusinessEvent(
  context: AppContext,
  log: FastifyBaseLogger,
  accountTag: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  try {
    const now = context.now();
    const hooks = await context.db
      .select({ id: businessWebhooks.id, events: businessWebhooks.events, businessId: businesses.id })
      .from(businessWebhooks)
      .innerJoin(businesses, eq(businesses.id, businessWebhooks.businessId))
      .innerJoin(profiles, eq(profiles.id, businesses.accountId))
      .where(eq(sql`lower(${profiles.ztartag})`, accountTag.toLowerCase()));
    const listening = hooks.filter((hook) => hook.events.includes(event));
    if (listening.length === 0) return;
    await context.db.insert(webhookDeliveries).values(
      listening.map((hook) => ({
        webhookId: hook.id,
        event,
        payload: { event, businessId: hook.businessId, createdAt: now.toISOString(), data },
        nextAttemptAt: now,
        createdAt: now,
      })),
    );
  } catch (error) {
    log.error({ err: describeError(error), event }, 'a business event could not be queued for its webhooks');
  }
}

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

interface ClaimedDelivery extends Record<string, unknown> {
  id: string;
  webhook_id: string;
  attempts: number;
  payload: unknown;
  url: string;
  secret_sealed: string;
}

/**
 * One round: claims due deliveries (a claim keeps other servers off them for CLAIM_SECONDS),
 * POSTs each, signed, and records the answer. A 2xx is delivered; anything else (or no answer)
 * tries again after WEBHOOK_RETRY_SECONDS[attempts - 1], and after the last it is given up.
 */
export async function deliverDue(context: AppContext, now: Date): Promise<number> {
  const claimed = await queryRows<ClaimedDelivery>(
    context.db,
    sql`
    UPDATE ${webhookDeliveries} d SET claimed_until = ${new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString()}::timestamptz
    FROM ${businessWebhooks} w
    WHERE w.id = d.webhook_id AND d.id IN (
      SELECT id FROM ${webhookDeliveries}
      WHERE delivered_at IS NULL AND next_attempt_at <= ${now.toISOString()}::timestamptz
        AND (claimed_until IS NULL OR claimed_until < ${now.toISOString()}::timestamptz)
      ORDER BY next_attempt_at LIMIT ${DELIVERIES_PER_ROUND}
      FOR UPDATE SKIP LOCKED)
    RETURNING d.id, d.webhook_id, d.attempts, d.payload, w.url, w.secret_sealed`,
  );
  for (const delivery of claimed) {
    const body = JSON.stringify(delivery.payload);
    let status: number | null = null;
    try {
      const secret = open(
        context.config.dataEncryptionKeys,
        delivery.secret_sealed,
        secretContext(delivery.webhook_id),
      );
      const answer = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: signatureOf(secret, Math.floor(now.getTime() / 1000), body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      status = answer.status;
      await answer.body?.cancel();
    } catch {
      status = null;
    }
    const attempts = delivery.attempts + 1;
    const delivered = status !== null && status >= 200 && status < 300;
    const retryIn = WEBHOOK_RETRY_SECONDS[attempts - 1];
    await context.db
      .update(webhookDeliveries)
      .set({
        attempts,
        lastStatus: status,
        claimedUntil: null,
        deliveredAt: delivered ? now : null,
        nextAttemptAt: delivered || retryIn === undefined ? null : new Date(now.getTime() + retryIn * 1000),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
  }
  return claimed.length;
}

export interface WebhookWorker extends PollingLoop {
  /** One round now (tests call it instead of waiting). */
  deliverDue(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookWorker;
  }
}

export function createWebhookWorker(
  context: AppContext,
  log: FastifyBaseLogger,
  pollMs: number,
): WebhookWorker {
  const loop = pollingLoop({
    what: 'webhook deliveries',
    pollMs,
    log,
    round: async () => ({ moreWaiting: (await deliverDue(context, context.now())) >= DELIVERIES_PER_ROUND }),
  });
  return { ...loop, deliverDue: (now) => deliverDue(context, now ?? context.now()) };
}
