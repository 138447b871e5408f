import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { RequestObserver } from '../http/fast-routes';
import { isMysql } from '../database/dialect';
import { METRIC_GAUGES, type GaugeReading, type GaugeSpec } from './gauges';
import { asMetric, RequestHistogram } from './request-histogram';

interface Source {
  name: string;
  gauges: Map<string, Gauge>;
  read: () => Promise<Record<string, GaugeReading>>;
}

/** The route label of a request no route answered (a 404 of the router), so raw addresses never become labels. */
export const UNMATCHED_ROUTE = '(no route)';

/** Seconds; from a prerendered page answered from memory (well under a millisecond) to a slow admin export. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The number of pooled MySQL connections in each state (mysql2's pool keeps them in these queues). */
interface Mysql2Pool {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
  config?: { connectionLimit?: number };
}

/**
 * The application's Prometheus registry (prom-client), one per application: the request duration
 * histogram (by route pattern, method and status), webhook failures by provider, the database pool,
 * Node's own process metrics (memory, event-loop lag, GC), and the gauges modules declare with
 * `@MetricGauges` (the outbox, marketing). Rendered by GET /metrics.
 */
@Injectable()
export class MetricsRegistry implements OnModuleInit {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private readonly duration: RequestHistogram;
  private readonly webhookFailures: Counter<'provider'>;
  private readonly webhookRequests: Counter<'provider'>;
  private readonly sources: Source[] = [];
  /** When each webhook failure of the last hour happened (for the doctor's queue check), oldest first. */
  private readonly recentFailures: Array<{ at: number; provider: string }> = [];

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.duration = new RequestHistogram({
      name: 'http_request_duration_seconds',
      help: 'Response time per request, by route pattern, method and status',
      buckets: DURATION_BUCKETS,
    });
    this.registry.registerMetric(asMetric(this.duration));
    this.webhookRequests = new Counter({
      name: 'webhook_requests_total',
      help: 'Webhook deliveries received, by provider',
      labelNames: ['provider'],
      registers: [this.registry],
    });
    this.webhookFailures = new Counter({
      name: 'webhook_failures_total',
      help: 'Webhook deliveries refused or failed (answered 4xx/5xx; the provider retries), by provider',
      labelNames: ['provider'],
      registers: [this.registry],
    });
    this.poolGauges();
  }

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const proto = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(proto)) {
        const fn = instance[method];
        if (typeof fn !== 'function') continue;
        const specs = Reflect.getMetadata(METRIC_GAUGES, fn) as Record<string, GaugeSpec> | undefined;
        if (specs) this.addSource(`${instance.constructor.name}.${method}`, specs, () => (fn as Source['read']).call(instance));
      }
    }
  }

  /** Adds gauges by hand (specs without discovery). */
  addSource(name: string, specs: Record<string, GaugeSpec>, read: Source['read']): void {
    const gauges = new Map<string, Gauge>();
    for (const [metric, spec] of Object.entries(specs))
      gauges.set(
        metric,
        new Gauge({ name: metric, help: spec.help, labelNames: [...(spec.labelNames ?? [])], registers: [this.registry] }),
      );
    this.sources.push({ name, gauges, read });
  }

  /** The request pipeline's observer: called once per answered request. */
  readonly observe: RequestObserver = (method, route, status, ms, webhook) => {
    this.duration.observe(method, route ?? UNMATCHED_ROUTE, status, ms / 1000);
    if (webhook !== undefined) {
      this.webhookRequests.labels(webhook).inc();
      const failures = this.webhookFailures.labels(webhook);
      failures.inc(status >= 400 ? 1 : 0);
      if (status >= 400) this.noteFailure(webhook);
    }
  };

  /** Webhook deliveries answered 4xx/5xx by this instance since `since` (at most the last hour), by provider. */
  webhookFailuresSince(since: Date): Record<string, number> {
    const out: Record<string, number> = {};
    for (const f of this.recentFailures) if (f.at >= since.getTime()) out[f.provider] = (out[f.provider] ?? 0) + 1;
    return out;
  }

  private noteFailure(provider: string): void {
    const now = Date.now();
    this.recentFailures.push({ at: now, provider });
    while (this.recentFailures.length > 10_000 || (this.recentFailures[0] && this.recentFailures[0].at < now - 3_600_000))
      this.recentFailures.shift();
  }

  /** The text exposition format (every source read once, side by side). */
  async render(): Promise<string> {
    await Promise.all(this.sources.map((s) => this.collect(s)));
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private async collect(source: Source): Promise<void> {
    for (const g of source.gauges.values()) g.reset();
    let readings: Record<string, GaugeReading>;
    try {
      readings = await source.read();
    } catch (err) {
      this.logger.warn({ err, source: source.name }, `Reading the metrics of ${source.name} failed`);
      return;
    }
    for (const [metric, reading] of Object.entries(readings)) {
      const gauge = source.gauges.get(metric);
      if (!gauge) continue;
      if (typeof reading === 'number') gauge.set(reading);
      else for (const r of reading) gauge.set(r.labels, r.value);
    }
  }

  /** The database pool, read at scrape time from the driver (MySQL); SQLite has one connection and no pool. */
  private poolGauges(): void {
    const ds = this.ds;
    const pool = (): Mysql2Pool | null => {
      const driver = ds.driver as unknown as { pool?: Mysql2Pool };
      return isMysql(ds) && driver.pool ? driver.pool : null;
    };
    const gauge = (name: string, help: string, read: (p: Mysql2Pool) => number | undefined) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          const p = pool();
          const v = p ? read(p) : undefined;
          if (v !== undefined) this.set(v);
        },
      });
    gauge('db_pool_connections_in_use', 'Database connections in use (borrowed from the pool)', (p) =>
      p._allConnections && p._freeConnections ? p._allConnections.length - p._freeConnections.length : undefined,
    );
    gauge('db_pool_connections_open', 'Open database connections in the pool', (p) => p._allConnections?.length);
    gauge('db_pool_waiting_requests', 'Requests waiting for a free database connection', (p) => p._connectionQueue?.length);
    gauge('db_pool_size', 'Largest number of database connections (DATABASE_POOL_SIZE)', (p) => p.config?.connectionLimit);
  }
}
