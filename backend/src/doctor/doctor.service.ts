import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { StatusReport } from '@academy/contracts';
import { DataSource } from 'typeorm';
import { OutboxMetrics } from '../outbox/outbox-metrics';
import { APP_CONFIG, type AppConfig } from '../platform/config';
import { HealthService } from '../platform/health/health.service';
import { MetricsRegistry } from '../platform/metrics';
import { Clock } from '../platform/time/clock';
import type { DnsLookup, DoctorContext } from './check';
import { doctorContext } from './context';
import { runChecks } from './run-checks';

/**
 * «Driftsstatus» (docs/decisions.md "Going live"): the doctor's checks run inside the app. Each
 * instance keeps its last run; one run at a time (a second request while it runs gets the same answer).
 */
@Injectable()
export class DoctorService {
  private last: StatusReport | null = null;
  private running: Promise<StatusReport> | null = null;
  /** The DNS the mail checks ask, and the disk limits (tests replace them). */
  dns: DnsLookup | undefined;
  disk: DoctorContext['disk'] | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly outbox: OutboxMetrics,
    private readonly metrics: MetricsRegistry,
    private readonly health: HealthService,
  ) {}

  /** The last run on this instance, or a first one now. */
  latest(): Promise<StatusReport> {
    return this.last ? Promise.resolve(this.last) : this.run();
  }

  run(): Promise<StatusReport> {
    this.running ??= this.runOnce().finally(() => (this.running = null));
    return this.running;
  }

  private async runOnce(): Promise<StatusReport> {
    const ctx = doctorContext({
      cfg: this.cfg,
      ds: this.ds,
      outboxStats: () => this.outbox.queueStats(),
      webhookFailuresSince: (since) => this.metrics.webhookFailuresSince(since),
      instance: this.health.instance,
      now: () => this.clock.now(),
      dns: this.dns,
      disk: this.disk,
    });
    const checks = await runChecks(ctx);
    this.last = { ranAt: this.clock.now().toISOString(), instance: this.health.instance, checks };
    return this.last;
  }
}
