import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { PeriodicTask } from '../platform/time/periodic-task';
import { LeadStatisticsService } from './lead-statistics.service';

/** How often new leads are taken into the funnel's per-address rows between dashboard visits. */
export const LEAD_STATISTICS_INTERVAL_MS = 60 * 60_000;

/**
 * Takes new leads into lead_addresses at start (after an upgrade: every lead there is, in batches,
 * about 10 s of MariaDB at 200 000 leads) and then every hour, so the dashboard rarely has more than
 * an hour of leads to take in when the mentor opens it. Off in tests (they read the statistics, which
 * take leads in themselves); the timer is unref'd and stopped on shutdown.
 */
@Injectable()
export class LeadStatisticsTask implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: PeriodicTask<void>;
  private readonly logger = new Logger('Statistikk');
  private readonly on: boolean;

  constructor(@Inject(APP_CONFIG) cfg: AppConfig, statistics: LeadStatisticsService) {
    this.on = cfg.nodeEnv !== 'test';
    this.task = new PeriodicTask({
      intervalMs: this.on ? LEAD_STATISTICS_INTERVAL_MS : 0,
      round: () => statistics.catchUp(),
      logger: this.logger,
      failure: "Updating the statistics' addresses failed",
    });
  }

  onApplicationBootstrap(): void {
    if (this.on) {
      void this.task
        .runNow()
        .catch((e: unknown) =>
          this.logger.error(`Updating the statistics' addresses failed: ${e instanceof Error ? e.message : String(e)}`),
        );
    }
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }
}
