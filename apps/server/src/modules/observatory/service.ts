import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  OBSERVATORY_MINUTES,
  type ObservatorySnapshot,
  type ServiceStatus,
  type SystemMetrics,
} from '@ztart/shared/contracts/admin';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw-query.ts';
import { wholeNumber } from '../../db/sql-helpers.ts';
import type { RedisStatus } from '../../http/rate-limit.ts';
import { ledgerTransfers } from '../ledger/tables.ts';
import { lastInvariantCheck } from './invariant.ts';
import type { RequestMetrics } from './metrics.ts';

const DATABASE_CHECK_TIMEOUT_MS = 2_000;
const MINUTE_MS = 60_000;

export interface ObservatorySources {
  context: AppContext;
  database: Database;
  metrics: RequestMetrics;
  redisStatus: RedisStatus;
}

export interface ServiceStatuses {
  database: ServiceStatus;
  redis: ServiceStatus;
  mail: ServiceStatus;
}

/** A trivial query within a time limit: up or down. */
async function databaseStatus(context: AppContext): Promise<ServiceStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), DATABASE_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([context.db.execute(sql`SELECT 1`), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export async function serviceStatuses(sources: ObservatorySources): Promise<ServiceStatuses> {
  return {
    database: await databaseStatus(sources.context),
    redis: sources.redisStatus(),
    // Without SMTP_URL mail is kept in the outbox table: nothing to reach.
    mail: sources.context.mailer.kind === 'smtp' ? 'up' : 'not_configured',
  };
}

/** Money movements (ledger batches) per minute over the last `minutes`, oldest first, empty minutes as 0. */
export async function moneyMovementsPerMinute(
  context: AppContext,
  now: Date,
  minutes = OBSERVATORY_MINUTES,
): Promise<{ minute: string; count: number }[]> {
  const end = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const start = new Date(end - (minutes - 1) * MINUTE_MS);
  const rows = await queryRows<{ minute: Date | string; count: string | number }>(
    context.db,
    sql`SELECT date_trunc('minute', ${ledgerTransfers.createdAt}) AS minute,
          count(DISTINCT ${ledgerTransfers.batchId}) AS count
        FROM ${ledgerTransfers} WHERE ${ledgerTransfers.createdAt} >= ${start}
        GROUP BY 1`,
  );
  const counts = new Map(rows.map((row) => [new Date(row.minute).getTime(), wholeNumber(row.count)]));
  return Array.from({ length: minutes }, (_, index) => {
    const minute = start.getTime() + index * MINUTE_MS;
    return { minute: new Date(minute).toISOString(), count: counts.get(minute) ?? 0 };
  });
}

/** The event loop's delay, sampled all along (its 99th percentile in the snapshot). */
export function createEventLoopMonitor() {
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  return {
    p99Ms: () => Math.round(histogram.percentile(99) / 1e6),
    close: () => histogram.disable(),
  };
}

export function systemMetrics(database: Database, eventLoop: { p99Ms: () => number }): SystemMetrics {
  const cpu = process.cpuUsage();
  const memory = process.memoryUsage();
  return {
    cpuUserMicros: cpu.user,
    cpuSystemMicros: cpu.system,
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    eventLoopLagP99Ms: eventLoop.p99Ms(),
    uptimeSeconds: Math.floor(process.uptime()),
    dbPool: database.poolStats?.() ?? null,
  };
}

/** Everything the observatory shows; `system` only for the systemMetrics capability. */
export async function observatorySnapshot(
  sources: ObservatorySources,
  options: { withSystem: boolean; eventLoop: { p99Ms: () => number } },
): Promise<ObservatorySnapshot> {
  const now = sources.context.now();
  const [services, moneyMovements, invariant] = await Promise.all([
    serviceStatuses(sources),
    moneyMovementsPerMinute(sources.context, now),
    lastInvariantCheck(sources.context),
  ]);
  return {
    generatedAt: now.toISOString(),
    services,
    routes: sources.metrics.routeStats(),
    moneyMovements,
    invariant:
      invariant?.checkedAt && invariant.ok !== null
        ? {
            ok: invariant.ok,
            checkedAt: invariant.checkedAt.toISOString(),
            differences: invariant.differences ?? 0,
          }
        : null,
    system: options.withSystem ? systemMetrics(sources.database, options.eventLoop) : null,
  };
}
