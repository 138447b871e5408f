import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { MentorshipService } from './mentorship.service';

/**
 * Runs the mentorship reminders on a timer (MENTORSHIP_REMINDER_INTERVAL_MS; 0: only on demand, as
 * the tests do with `MentorshipService.runDue()`). The timer is unref'd and stopped on shutdown,
 * and a round still running is awaited.
 */
@Injectable()
export class MentorshipReminders implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Mentorship');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly mentorship: MentorshipService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.cfg.mentorshipReminderIntervalMs > 0) this.schedule();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.mentorship
        .runDue()
        .catch((e: unknown) =>
          this.logger.error(`Påminnelser om mentorperioden feilet: ${e instanceof Error ? e.message : String(e)}`),
        )
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, this.cfg.mentorshipReminderIntervalMs);
    this.timer.unref();
  }
}
