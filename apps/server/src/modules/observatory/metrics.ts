import type { RouteStats } from '@ztart/shared/contracts/admin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Requests of the last minute are kept for the percentiles; older ones are dropped. */
const WINDOW_MS = 60_000;
/** At most this many recent requests are kept per route group (the busiest minute is sampled). */
const MAX_SAMPLES_PER_GROUP = 20_000;

interface Sample {
  at: number;
  ms: number;
  error: boolean;
}

/**
 * The route group of a request: the first path segment after `/api` of the route that matched
 * (`/api/transfers/:id` → `transfers`), `metrics` and `web` for the rest, `unmatched` for a 404
 * of no route. Route patterns, not URLs, so that the groups stay few.
 */
export function routeGroupOf(routeUrl: string | undefined): string {
  if (!routeUrl) return 'unmatched';
  if (routeUrl === '/metrics') return 'metrics';
  const match = /^\/api\/([^/]+)/.exec(routeUrl);
  if (!match) return 'web';
  const segment = match[1]!;
  return segment.startsWith(':') ? 'api' : segment;
}

/**
 * What the observatory and `/metrics` count in this process: requests per route group (a
 * Prometheus counter and histogram, and the last minute in memory for its percentiles), plus the
 * process's own metrics from prom-client. One registry per app, so tests do not share counters.
 */
export class RequestMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'group' | 'method' | 'status'>;
  readonly #duration: Histogram<'group'>;
  readonly #recent = new Map<string, Sample[]>();
  readonly #totals = new Map<string, number>();

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'ztart_' });
    this.#requests = new Counter({
      name: 'ztart_http_requests_total',
      help: 'HTTP requests answered, by route group, method and status class',
      labelNames: ['group', 'method', 'status'],
      registers: [this.registry],
    });
    this.#duration = new Histogram({
      name: 'ztart_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route group',
      labelNames: ['group'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }

  /** A gauge whose value is read when scraped. */
  gauge(name: string, help: string, labelNames: string[], collect: (gauge: Gauge) => Promise<void> | void) {
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }

  record(group: string, method: string, statusCode: number, ms: number, now = Date.now()): void {
    this.#requests.inc({ group, method, status: `${Math.floor(statusCode / 100)}xx` });
    this.#duration.observe({ group }, ms / 1000);
    this.#totals.set(group, (this.#totals.get(group) ?? 0) + 1);
    const samples = this.#recent.get(group) ?? [];
    samples.push({ at: now, ms, error: statusCode >= 500 });
    if (samples.length > MAX_SAMPLES_PER_GROUP) samples.splice(0, samples.length - MAX_SAMPLES_PER_GROUP);
    this.#recent.set(group, samples);
  }

  /** Each route group's last minute: rate, 5xx per thousand, p50/p95/p99 in whole ms; and its total. */
  routeStats(now = Date.now()): RouteStats[] {
    const stats: RouteStats[] = [];
    for (const [group, total] of [...this.#totals].sort(([a], [b]) => a.localeCompare(b))) {
      const samples = (this.#recent.get(group) ?? []).filter((sample) => now - sample.at < WINDOW_MS);
      this.#recent.set(group, samples);
      const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
      const errors = samples.filter((sample) => sample.error).length;
      stats.push({
        group,
        requestsPerMinute: samples.length,
        errorRatePerMille: samples.length === 0 ? 0 : Math.round((errors * 1000) / samples.length),
        p50Ms: percentile(sorted, 50),
        p95Ms: percentile(sorted, 95),
        p99Ms: percentile(sorted, 99),
        totalRequests: total,
      });
    }
    return stats;
  }

  async prometheusText(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  close(): void {
    this.registry.clear();
  }
}

/** The nearest-rank percentile of ascending values, in whole milliseconds (0 when there is none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return Math.round(sorted[rank - 1]!);
}
