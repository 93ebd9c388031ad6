import type { ServerResponse } from 'node:http';
import {
  OBSERVATORY_TICK_SECONDS,
  type ObservatorySnapshot,
  observatorySnapshotSchema,
} from '@ztart/shared/contracts/admin';
import { hasCapability } from '@ztart/shared/roles';
import fastifyPlugin from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { drainReconnectMs } from '../../http/drain.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { AppError } from '../../http/errors.ts';
import type { RedisStatus } from '../../http/rate-limit.ts';
import { constantTimeEqual } from '../auth/secrets.ts';
import { requireSignIn } from '../auth/session-plugin.ts';
import { isSessionOpen } from '../auth/sessions.ts';
import { rolesOf } from '../profiles/service.ts';
import { createInvariantChecker, type InvariantChecker, lastInvariantCheck } from './invariant.ts';
import { RequestMetrics, routeGroupOf } from './metrics.ts';
import {
  createEventLoopMonitor,
  moneyMovementsPerMinute,
  type ObservatorySources,
  observatorySnapshot,
  serviceStatuses,
} from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    invariantChecker: InvariantChecker;
    requestMetrics: RequestMetrics;
  }
}

export const METRICS_PATH = '/metrics';
const SNAPSHOT_CACHE_MS = 1_000;

/**
 * Platform health (decision 0040): counts every answer by route group (an onResponse hook),
 * serves `GET /api/observatory`, its live stream `GET /api/observatory/events` and the same
 * figures for Prometheus at `GET /metrics` (bearer METRICS_TOKEN), and owns the every-minute
 * ledger invariant check (started by app.ts once the database is ready). Registered before the
 * routes it counts.
 */
const observatory: FastifyPluginAsyncZod<{
  context: AppContext;
  database: Database;
  redisStatus: RedisStatus;
}> = async (app, { context, database, redisStatus }) => {
  const metrics = new RequestMetrics();
  const eventLoop = createEventLoopMonitor();
  const sources: ObservatorySources = { context, database, metrics, redisStatus };
  const checker = createInvariantChecker(context, app.log, context.config.invariantCheckMs);
  app.decorate('invariantChecker', checker);
  app.decorate('requestMetrics', metrics);

  metrics.gauge(
    'ztart_service_up',
    'Whether a service answers (1), or not (0), or is not configured (-1)',
    ['service'],
    async (gauge) => {
      const statuses = await serviceStatuses(sources);
      for (const [service, status] of Object.entries(statuses)) {
        gauge.set({ service }, status === 'up' ? 1 : status === 'down' ? 0 : -1);
      }
    },
  );
  metrics.gauge(
    'ztart_ledger_invariant_ok',
    'The last ledger invariant check: 1 sound, 0 differences found',
    [],
    async (gauge) => {
      const last = await lastInvariantCheck(context);
      if (last?.ok != null) gauge.set(last.ok ? 1 : 0);
    },
  );
  metrics.gauge(
    'ztart_money_movements_last_minute',
    'Money movements (ledger batches) in the last whole minute',
    [],
    async (gauge) => {
      const minutes = await moneyMovementsPerMinute(context, context.now(), 2);
      gauge.set(minutes[0]?.count ?? 0);
    },
  );

  app.addHook('onResponse', async (request, reply) => {
    metrics.record(
      routeGroupOf(request.routeOptions.url),
      request.method,
      reply.statusCode,
      reply.elapsedTime,
    );
  });

  const streams = new Set<ServerResponse>();
  // Draining: the page reconnects soon, through the load balancer, to an instance that stays.
  context.drain.onDrain(() => {
    for (const stream of streams)
      stream.end(`retry: ${drainReconnectMs()}\n: server draining, reconnect\n\n`);
  });
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
    eventLoop.close();
    metrics.close();
  });

  // Open streams tick every few seconds: they share one snapshot per second.
  const cached = { at: 0, withSystem: false, snapshot: null as Promise<ObservatorySnapshot> | null };
  const snapshotFor = (system: boolean): Promise<ObservatorySnapshot> => {
    const now = Date.now();
    if (cached.snapshot && cached.withSystem === system && now - cached.at < SNAPSHOT_CACHE_MS) {
      return cached.snapshot;
    }
    const snapshot = observatorySnapshot(sources, { withSystem: system, eventLoop });
    Object.assign(cached, { at: now, withSystem: system, snapshot });
    snapshot.catch(() => {
      if (cached.snapshot === snapshot) cached.snapshot = null;
    });
    return snapshot;
  };

  const withSystem = async (userId: string) =>
    hasCapability(await rolesOf(context.db, userId), 'systemMetrics');

  app.get(
    '/api/observatory',
    {
      schema: {
        summary: 'Live platform health; system metrics for the systemMetrics capability',
        tags: ['observatory'],
        response: { 200: observatorySnapshotSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = requireSignIn(request, reply, context);
      return observatorySnapshot(sources, { withSystem: await withSystem(user.id), eventLoop });
    },
  );

  app.get(
    '/api/observatory/events',
    {
      schema: {
        summary: `Server-Sent Events: a snapshot event every ${OBSERVATORY_TICK_SECONDS} s`,
        tags: ['observatory'],
        response: { ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const signedIn = requireSignIn(request, reply, context);
      const system = await withSystem(signedIn.user.id);
      reply.hijack();
      const raw = reply.raw;
      const hookHeaders = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
      raw.writeHead(200, {
        ...Object.fromEntries(hookHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      streams.add(raw);
      let timer: NodeJS.Timeout | undefined;
      const send = async () => {
        if (raw.writableEnded) return;
        if (!(await isSessionOpen(context.db, signedIn.session.id, context.now()))) {
          raw.end(': session ended\n\n');
          return;
        }
        const snapshot = await snapshotFor(system);
        if (raw.writableEnded) return;
        raw.write(`event: snapshot\ndata: ${JSON.stringify({ type: 'snapshot', snapshot })}\n\n`);
        timer = setTimeout(() => void send().catch(() => raw.end()), OBSERVATORY_TICK_SECONDS * 1000);
      };
      raw.on('close', () => {
        clearTimeout(timer);
        streams.delete(raw);
      });
      raw.write(': connected\n\n');
      await send().catch(() => raw.end());
    },
  );

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = context.config.metricsToken;
    // Without a token the endpoint does not exist: figures are never open to anyone.
    if (!token) throw new AppError('not_found');
    const header = request.headers.authorization ?? '';
    if (!constantTimeEqual(header, `Bearer ${token}`)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('unauthorized');
    }
    reply.header('content-type', metrics.contentType);
    reply.header('cache-control', 'no-store');
    return metrics.prometheusText();
  });
};

export const observatoryPlugin = fastifyPlugin(observatory, {
  name: 'ztart-observatory',
  dependencies: ['ztart-session'],
});
