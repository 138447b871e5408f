import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { PeriodicTask } from '../../platform/time/periodic-task';
import { CheckoutRemindersService } from './checkout-reminders.service';

/**
 * Each instance looks for due checkout reminders every MARKETING_POLL_INTERVAL_MS (0: only on demand,
 * as the tests do with `runOnce`); the unique row per reminder keeps two instances to one mail.
 */
@Injectable()
export class CheckoutRemindersRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: PeriodicTask<number>;

  constructor(@Inject(APP_CONFIG) cfg: AppConfig, reminders: CheckoutRemindersService) {
    this.task = new PeriodicTask({
      intervalMs: cfg.marketingPollIntervalMs,
      round: () => reminders.runDue(),
      logger: new Logger('Marketing'),
      failure: 'The checkout reminder round failed',
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** One round; returns how many reminders were queued. */
  runOnce(): Promise<number> {
    return this.task.runNow();
  }
}
