import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { PeriodicTask } from '../../platform/time/periodic-task';
import { DiscordRoleSyncService, type DiscordQueueRound, type DiscordReconcileRound } from './discord-role-sync.service';

/**
 * Two timers (unref'd, stopped on shutdown): the role queue (DISCORD_SYNC_INTERVAL_MS) and the
 * reconciliation of every linked member (DISCORD_RECONCILE_INTERVAL_MS), which also takes the
 * mentorship role when a period runs out. 0 (the tests): only on demand with runQueue()/reconcile().
 */
@Injectable()
export class DiscordWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly queue: PeriodicTask<DiscordQueueRound>;
  private readonly reconciliation: PeriodicTask<DiscordReconcileRound>;

  constructor(@Inject(APP_CONFIG) cfg: AppConfig, discord: DiscordRoleSyncService) {
    const logger = new Logger('Discord');
    this.queue = new PeriodicTask({
      intervalMs: cfg.discord?.syncIntervalMs ?? 0,
      round: () => discord.runQueue(),
      logger,
      failure: 'The Discord role change queue failed',
    });
    this.reconciliation = new PeriodicTask({
      intervalMs: cfg.discord?.reconcileIntervalMs ?? 0,
      round: () => discord.reconcile(),
      logger,
      failure: 'The Discord role reconciliation failed',
    });
  }

  runQueue(): Promise<DiscordQueueRound> {
    return this.queue.runNow();
  }

  reconcile(): Promise<DiscordReconcileRound> {
    return this.reconciliation.runNow();
  }

  onApplicationBootstrap(): void {
    this.queue.start();
    this.reconciliation.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([this.queue.stop(), this.reconciliation.stop()]);
  }
}
