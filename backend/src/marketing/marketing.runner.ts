import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { PeriodicTask } from '../platform/time/periodic-task';
import { BroadcastEngineService } from './broadcast-engine.service';
import { SequenceEngineService } from './sequence-engine.service';

/**
 * Each instance looks for due broadcast batches and sequence steps every MARKETING_POLL_INTERVAL_MS
 * (0: only on demand, as the tests do with `runOnce`). Stopped before shutdown; the timer never
 * keeps the process alive.
 */
@Injectable()
export class MarketingRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: PeriodicTask<number>;

  constructor(
    @Inject(APP_CONFIG) cfg: AppConfig,
    private readonly broadcasts: BroadcastEngineService,
    private readonly sequences: SequenceEngineService,
  ) {
    this.task = new PeriodicTask({
      intervalMs: cfg.marketingPollIntervalMs,
      round: async () => (await this.broadcasts.runDue()) + (await this.sequences.runDue()),
      logger: new Logger('Marketing'),
      failure: 'The marketing round failed',
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** One round: broadcast batches, then sequence steps. Returns how many mails were queued. */
  runOnce(): Promise<number> {
    return this.task.runNow();
  }
}
