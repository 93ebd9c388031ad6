import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './errors.ts';

/**
 * Rate limits are opt-in per route (`config: { rateLimit: { max, timeWindow } }`): sign-in,
 * sign-up, password reset, quick tips and the assistant. Counters live in Redis when REDIS_URL
 * is set, so that every instance counts together; in this process otherwise.
 */
export async function registerRateLimit(app: FastifyInstance, options: { redisUrl: string | undefined }) {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1, lazyConnect: true })
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
}
