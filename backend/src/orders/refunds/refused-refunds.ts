import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../platform/config';
import { PeriodicTask } from '../../platform/time/periodic-task';
import { FulfilmentService } from '../fulfilment.service';

/** How often refused payments whose refund failed are tried again. */
export const REFUSED_REFUND_RETRY_MS = 10 * 60_000;

/**
 * A payment refused when it landed (the course already owned, the code's last use gone) is refunded
 * at once; should Stripe have been unreachable then, this round refunds it later. Off in tests (they
 * call `FulfilmentService.retryRefusedRefunds()`); the timer is unref'd and stopped on shutdown.
 */
@Injectable()
export class RefusedRefunds implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: PeriodicTask<number>;

  constructor(@Inject(APP_CONFIG) cfg: AppConfig, fulfilment: FulfilmentService) {
    this.task = new PeriodicTask({
      intervalMs: cfg.nodeEnv === 'test' ? 0 : REFUSED_REFUND_RETRY_MS,
      round: () => fulfilment.retryRefusedRefunds(),
      logger: new Logger('Fulfilment'),
      failure: 'Refunding refused payments failed',
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }
}
