import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { PeriodicTask } from '../platform/time/periodic-task';
import { MembershipService, type MembershipRound as RoundResult } from './membership.service';

/**
 * Runs the membership round on a timer (MEMBERSHIP_INTERVAL_MS; 0: only on demand, as the tests do
 * with `runDue()`): periods that are over end, reminders that are due go out. The timer is unref'd
 * and stopped on shutdown, and a round still running is awaited.
 */
@Injectable()
export class MembershipRound implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: PeriodicTask<RoundResult>;

  constructor(@Inject(APP_CONFIG) cfg: AppConfig, membership: MembershipService) {
    this.task = new PeriodicTask({
      intervalMs: cfg.membershipIntervalMs,
      round: () => membership.runDue(),
      logger: new Logger('Membership'),
      failure: 'The membership round (reminders and ends of periods) failed',
    });
  }

  /** One round at the clock's time (concurrent calls share it). */
  runDue(): Promise<RoundResult> {
    return this.task.runNow();
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }
}
