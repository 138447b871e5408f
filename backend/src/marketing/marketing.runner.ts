import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { BroadcastsService } from './broadcasts.service';
import { SequencesService } from './sequences.service';

/**
 * Each instance looks for due broadcast batches and sequence steps every MARKETING_POLL_INTERVAL_MS
 * (0: only on demand, as the tests do with `runOnce`). Stopped before shutdown; the timer never
 * keeps the process alive.
 */
@Injectable()
export class MarketingRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Marketing');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly broadcasts: BroadcastsService,
    private readonly sequences: SequencesService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.cfg.marketingPollIntervalMs > 0) this.schedule(this.cfg.marketingPollIntervalMs);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runOnce()
        .catch((e: unknown) => this.logger.error(`Markedsføringsrunden feilet: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => this.schedule(this.cfg.marketingPollIntervalMs));
    }, ms);
    this.timer.unref();
  }

  /** One round: broadcast batches, then sequence steps. Returns how many mails were queued. */
  runOnce(): Promise<number> {
    this.running ??= (async () => (await this.broadcasts.runDue()) + (await this.sequences.runDue()))().finally(
      () => (this.running = null),
    );
    return this.running;
  }
}
