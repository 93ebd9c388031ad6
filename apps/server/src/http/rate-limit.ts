import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { RateLimitRule } from '@ztart/shared/limits';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Rate limits are opt-in per route (`config: { rateLimit: { max, timeWindow } }`): sign-in,
 * sign-up, password reset, quick tips and the assistant. Counters live in Redis when REDIS_URL
 * is set, so that every instance counts together; in this process otherwise.
 */
/** Whether the Redis of the rate limits answers: `not_configured` without REDIS_URL. */
export type RedisStatus = () => 'up' | 'down' | 'not_configured';

export async function registerRateLimit(
  app: FastifyInstance,
  options: { redisUrl: string | undefined },
): Promise<RedisStatus> {
  // Loaded only when used: most starts have no Redis, and the client takes a while to load.
  const redis = options.redisUrl
    ? new (await import('ioredis')).Redis(options.redisUrl, {
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate limit store (Redis) unavailable'));
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  }

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'ztart:rate-limit:' } : {}),
    // While Redis is down requests are let through (and logged) rather than refused: the
    // limits slow down guessing, they are not what keeps an account safe.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', { details: { retryAfterSeconds: Math.ceil(context.ttl / 1000) } }),
  });
  // lazyConnect: a client that has not been needed yet ('wait') is not down.
  return () =>
    !redis ? 'not_configured' : redis.status === 'ready' || redis.status === 'wait' ? 'up' : 'down';
}

/** Checks one request against one limit; throws 429 `rate_limited` (with Retry-After) when it is over. */
export type RateLimitCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A limit counted per key, for limits that a route's `config.rateLimit` cannot express: several
 * on one route (sign-in counts per IP and per IP + email) or a key from the body or the session,
 * which a preHandler can read. Must be created at registration. `keyOf` returning undefined skips
 * the check. Keys carry the limit's name, since every limit shares the store.
 */
export function createRateLimitCheck(
  app: FastifyInstance,
  name: string,
  rule: RateLimitRule,
  keyOf: (request: FastifyRequest) => string | undefined,
): RateLimitCheck {
  const limiter = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowSeconds * 1000,
    keyGenerator: (request) => `${name}:${keyOf(request) ?? ''}`,
  });
  return async (request, reply) => {
    if (keyOf(request) === undefined) return;
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError('rate_limited', { details: { retryAfterSeconds: result.ttlInSeconds } });
  };
}

/**
 * The checks of one request, counted once however often its work is tried: a money request made
 * again after a transient database conflict (retryTransientConflicts) is still one request.
 */
export function countedOnce(checks: () => Promise<void>): () => Promise<void> {
  let counted: Promise<void> | null = null;
  return () => {
    counted ??= checks();
    return counted;
  };
}

/** Personal data such as an email address stays out of the limiter's store (which may be Redis). */
export function hashedKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}
