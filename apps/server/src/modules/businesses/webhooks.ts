import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateWebhookRequest,
  type WEBHOOK_EVENTS,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOKS_PER_BUSINESS,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryEvent,
} from '@ztart/shared/contracts/businesses';
import type { UserLevel } from '@ztart/shared/roles';
import { and, count, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import type { AppDatabase } from '../../db/client.ts';
import { open, seal } from '../../db/encryption.ts';
import { queryRows } from '../../db/raw-query.ts';
import { AppError } from '../../http/errors.ts';
import { type PollingLoop, pollingLoop } from '../../lib/polling.ts';
import { profiles } from '../profiles/tables.ts';
import { levelAt } from './plans.ts';
import { businesses, businessWebhooks, planSubscriptions, webhookDeliveries } from './tables.ts';
import { type AddressPolicy, checkNewWebhookUrl } from './webhook-address.ts';
import { type SendResult, sendWebhook } from './webhook-send.ts';

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Deliveries sent per round, one claimed at a time. A claim keeps other servers off a delivery
 * for CLAIM_SECONDS, far longer than one try can last (DELIVERY_TIMEOUT_MS, name look-up
 * included), so a claim never runs out while its try is still going and a try is sent once.
 */
const DELIVERIES_PER_ROUND = 20;
export const DELIVERY_TIMEOUT_MS = 10_000;
export const CLAIM_SECONDS = 60;
const DELIVERY_LOG_LIMIT = 100;

/** Where webhooks may be sent with this configuration (decision 0047). */
export function addressPolicyOf(config: Config): AddressPolicy {
  return {
    httpsOnly: config.isProduction,
    allowLoopback: config.webhookAllowLoopback && !config.isProduction,
  };
}

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

/**
 * A new webhook; its signing secret is answered this once and kept sealed. The address is checked
 * first (422 `webhook_address_not_allowed`), and the count checked and the row written with the
 * business row locked, so requests at once cannot pass WEBHOOKS_PER_BUSINESS together.
 */
export async function createWebhook(
  context: AppContext,
  businessId: string,
  body: CreateWebhookRequest,
): Promise<Webhook> {
  await checkNewWebhookUrl(body.url, addressPolicyOf(context.config));
  const id = randomUUID();
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const row = await context.db.transaction(async (tx) => {
    await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for('update');
    const [existing] = await tx
      .select({ n: count() })
      .from(businessWebhooks)
      .where(eq(businessWebhooks.businessId, businessId));
    if ((existing?.n ?? 0) >= WEBHOOKS_PER_BUSINESS) {
      throw new AppError('limit_exceeded', { details: { limit: 'webhooks', max: WEBHOOKS_PER_BUSINESS } });
    }
    const [written] = await tx
      .insert(businessWebhooks)
      .values({
        id,
        businessId,
        url: body.url,
        events: [...new Set(body.events)],
        secretSealed: seal(context.config.dataEncryptionKeys, secret, secretContext(id)),
        createdAt: context.now(),
      })
      .returning();
    return written;
  });
  if (!row) throw new Error('a webhook was not written');
  return toWebhook(row, secret);
}

/** Removes a webhook and its delivery log (404 for another business's). */
export async function deleteWebhook(db: AppDatabase, businessId: string, webhookId: string): Promise<void> {
  const removed = await db
    .delete(businessWebhooks)
    .where(and(eq(businessWebhooks.id, webhookId), eq(businessWebhooks.businessId, businessId)))
    .returning({ id: businessWebhooks.id });
  if (removed.length === 0) throw new AppError('not_found');
}

function toDelivery(row: typeof webhookDeliveries.$inferSelect): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookDeliveryEvent,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError as WebhookDelivery['lastError'],
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function ownHook(db: AppDatabase, businessId: string, webhookId: string) {
  const [hook] = await db
    .select()
    .from(businessWebhooks)
    .where(and(eq(businessWebhooks.id, webhookId), eq(businessWebhooks.businessId, businessId)));
  if (!hook) throw new AppError('not_found');
  return hook;
}

export async function listDeliveries(
  db: AppDatabase,
  businessId: string,
  webhookId: string,
): Promise<WebhookDelivery[]> {
  await ownHook(db, businessId, webhookId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_LIMIT);
  return rows.map(toDelivery);
}

/** What an event tells of and when it happened: each webhook hears of it once (decision 0056). */
export interface EventSource {
  /** `transaction:<id>` or `tip:<id>`. */
  key: string;
  /** A webhook made after this is not told of it. */
  occurredAt: Date;
}

/**
 * Queues an event for every webhook listening to it of the businesses `which` picks, when the
 * business is active and its owner on enterprise (integrations are enterprise's), and the webhook
 * existed when the event happened. A webhook already told of `source` is not told again (the live
 * path and the sweep may both see it). A failure is thrown: the live path logs it (the sweep
 * queues what it missed), and a sweep that fails is not marked done, so the next one covers it.
 */
async function queueEvent(
  context: AppContext,
  which: SQL,
  event: WebhookEvent,
  data: Record<string, unknown>,
  source: EventSource,
): Promise<void> {
  const now = context.now();
  const hooks = await context.db
    .select({
      id: businessWebhooks.id,
      events: businessWebhooks.events,
      businessId: businesses.id,
      ownerLevel: profiles.userLevel,
      periodEnd: planSubscriptions.periodEnd,
      pendingLevel: planSubscriptions.pendingLevel,
    })
    .from(businessWebhooks)
    .innerJoin(businesses, eq(businesses.id, businessWebhooks.businessId))
    .innerJoin(profiles, eq(profiles.id, businesses.ownerId))
    .leftJoin(planSubscriptions, eq(planSubscriptions.userId, businesses.ownerId))
    .where(and(which, eq(businesses.status, 'active'), lte(businessWebhooks.createdAt, source.occurredAt)));
  // The owner's level now: an enterprise period that ended without renewal no longer counts.
  const listening = hooks.filter(
    (hook) =>
      hook.events.includes(event) && levelAt(hook.ownerLevel as UserLevel, hook, now) === 'enterprise',
  );
  if (listening.length === 0) return;
  await context.db
    .insert(webhookDeliveries)
    .values(
      listening.map((hook) => ({
        webhookId: hook.id,
        event,
        payload: {
          id: randomUUID(),
          event,
          businessId: hook.businessId,
          createdAt: now.toISOString(),
          data,
        },
        sourceKey: source.key,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** An event of the business whose account has this tag (a tip to the tag). */
export function queueBusinessEvent(
  context: AppContext,
  accountTag: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
  source: EventSource,
): Promise<void> {
  const account = context.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.ztartag})`, accountTag.toLowerCase()));
  return queueEvent(context, sql`${businesses.accountId} IN ${account}`, event, data, source);
}

/** An event of the business whose own account this is (money into or out of its wallet). */
export function queueAccountEvent(
  context: AppContext,
  accountId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
  source: EventSource,
): Promise<void> {
  return queueEvent(context, eq(businesses.accountId, accountId), event, data, source);
}

/**
 * An event of a business owner's (an invoice they issued was paid): invoices are issued by a
 * person, so each business the person owns hears of it (decision 0047).
 */
export function queueOwnerEvent(
  context: AppContext,
  ownerId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
  source: EventSource,
): Promise<void> {
  return queueEvent(context, eq(businesses.ownerId, ownerId), event, data, source);
}

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

interface ClaimedDelivery extends Record<string, unknown> {
  id: string;
  webhook_id: string;
  event: string;
  attempts: number;
  payload: unknown;
  url: string;
  secret_sealed: string;
}

const CLAIMED_COLUMNS = sql`d.id, d.webhook_id, d.event, d.attempts, d.payload, w.url, w.secret_sealed`;

/** Claims the next due delivery (or the one named), for CLAIM_SECONDS from `now`. */
async function claim(db: AppDatabase, now: Date, deliveryId?: string): Promise<ClaimedDelivery | undefined> {
  const at = now.toISOString();
  const [row] = await queryRows<ClaimedDelivery>(
    db,
    sql`
    UPDATE ${webhookDeliveries} d SET claimed_until = ${new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString()}::timestamptz
    FROM ${businessWebhooks} w
    WHERE w.id = d.webhook_id AND d.id = (
      SELECT id FROM ${webhookDeliveries}
      WHERE delivered_at IS NULL AND next_attempt_at <= ${at}::timestamptz
        AND (claimed_until IS NULL OR claimed_until < ${at}::timestamptz)
        ${deliveryId ? sql`AND id = ${deliveryId}` : sql``}
      ORDER BY next_attempt_at LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING ${CLAIMED_COLUMNS}`,
  );
  return row;
}

/**
 * One try of a claimed delivery: signed, POSTed to the checked address, and the answer recorded.
 * A 2xx is delivered; anything else (or no answer) tries again after
 * WEBHOOK_RETRY_SECONDS[attempts - 1], and after the last it is given up. A ping is tried once.
 * The record is written only if no one else recorded this try (the attempts still as claimed).
 */
async function attempt(context: AppContext, delivery: ClaimedDelivery, now: Date): Promise<void> {
  const body = JSON.stringify(delivery.payload);
  let result: SendResult;
  try {
    const secret = open(
      context.config.dataEncryptionKeys,
      delivery.secret_sealed,
      secretContext(delivery.webhook_id),
    );
    result = await sendWebhook(
      delivery.url,
      {
        'content-type': 'application/json',
        'user-agent': 'ZtartTips-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signatureOf(secret, Math.floor(now.getTime() / 1000), body),
      },
      body,
      { policy: addressPolicyOf(context.config), timeoutMs: DELIVERY_TIMEOUT_MS },
    );
  } catch {
    result = { status: null, error: 'network' };
  }
  const attempts = delivery.attempts + 1;
  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  const retryIn = delivery.event === 'ping' ? undefined : WEBHOOK_RETRY_SECONDS[attempts - 1];
  await context.db
    .update(webhookDeliveries)
    .set({
      attempts,
      lastStatus: result.status,
      lastError: result.error,
      claimedUntil: null,
      deliveredAt: delivered ? now : null,
      nextAttemptAt: delivered || retryIn === undefined ? null : new Date(now.getTime() + retryIn * 1000),
    })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts)));
}

/**
 * One round: up to DELIVERIES_PER_ROUND due deliveries, each claimed just before its try (never a
 * whole batch at once, whose last tries could outlast the claim). `now` stands still when given
 * (tests); otherwise the clock is read for each claim.
 */
export async function deliverDue(context: AppContext, now?: Date): Promise<number> {
  let sent = 0;
  while (sent < DELIVERIES_PER_ROUND) {
    const at = now ?? context.now();
    const delivery = await claim(context.db, at);
    if (!delivery) break;
    await attempt(context, delivery, at);
    sent += 1;
  }
  return sent;
}

/**
 * `POST …/webhooks/{wid}/test`: a signed `ping` delivered now (once, not retried) and answered as
 * it went; it shows in the delivery log like any other.
 */
export async function sendTestEvent(
  context: AppContext,
  businessId: string,
  webhookId: string,
): Promise<WebhookDelivery> {
  const hook = await ownHook(context.db, businessId, webhookId);
  const now = context.now();
  const [queued] = await context.db
    .insert(webhookDeliveries)
    .values({
      webhookId: hook.id,
      event: 'ping',
      payload: { id: randomUUID(), event: 'ping', businessId, createdAt: now.toISOString(), data: {} },
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: webhookDeliveries.id });
  if (!queued) throw new Error('a test delivery was not written');
  const delivery = await claim(context.db, now, queued.id);
  if (delivery) await attempt(context, delivery, now);
  const [row] = await context.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued.id));
  if (!row) throw new AppError('not_found');
  return toDelivery(row);
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
    round: async () => ({ moreWaiting: (await deliverDue(context)) >= DELIVERIES_PER_ROUND }),
  });
  return { ...loop, deliverDue: (now) => deliverDue(context, now) };
}
