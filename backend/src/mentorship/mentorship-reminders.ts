import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { PeriodicTask } from '../platform/time/periodic-task';
import { MentorshipService } from './mentorship.service';

/**
 * Runs the mentorship reminders on a timer (MENTORSHIP_REMINDER_INTERVAL_MS; 0: only on demand, as
 * the tests do with `MentorshipService.runDue()`). The timer is unref'd and stopped on shutdown,
 * and a round still running is awaited.
 */
@Injectable()
export class MentorshipReminders implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: PeriodicTask<number>;

  constructor(@Inject(APP_CONFIG) cfg: AppConfig, mentorship: MentorshipService) {
    this.task = new PeriodicTask({
      intervalMs: cfg.mentorshipReminderIntervalMs,
      round: () => mentorship.runDue(),
      logger: new Logger('Mentorship'),
      failure: 'Mentorship period reminders failed',
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }
}
