import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AccessRecordsService } from '../access/access-records.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { Clock } from '../platform/time/clock';
import { PeriodicTask } from '../platform/time/periodic-task';
import { LiveMailerService } from './live-mailer.service';
import { LiveSessionsService } from './live-sessions.service';

const HOUR_MS = 3600_000;

/**
 * Reminder e-mails 24 hours and 1 hour before each session, to the students who own one of its
 * courses at the time the reminder goes out (so none to those who lost access, none for a cancelled
 * session). Each reminder has an outbox dedupe key, so running the round twice, or on two
 * instances at once, queues it once. `runDue()` runs one round at the clock's time (tests call it);
 * in production a timer runs it every LIVE_REMINDER_INTERVAL_MS, stopped on shutdown.
 *
 * A session starting in (1 h, 24 h] gets the 24-hour reminder, one in (0, 1 h] the 1-hour one: a
 * session planned at short notice gets only the reminders still ahead of it.
 */
@Injectable()
export class LiveRemindersService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('LiveSessions');
  private readonly task: PeriodicTask<number>;

  constructor(
    @Inject(APP_CONFIG) cfg: AppConfig,
    private readonly sessions: LiveSessionsService,
    private readonly access: AccessRecordsService,
    private readonly mailer: LiveMailerService,
    private readonly clock: Clock,
  ) {
    this.task = new PeriodicTask({
      intervalMs: cfg.liveReminderIntervalMs,
      round: () => this.round(),
      logger: this.logger,
      failure: 'Live session reminders failed',
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** One round at the clock's time; returns how many reminders it queued. Concurrent calls share the round. */
  runDue(): Promise<number> {
    return this.task.runNow();
  }

  private async round(): Promise<number> {
    const now = this.clock.now();
    const due = await this.sessions.startingBetween(now, new Date(now.getTime() + 24 * HOUR_MS));
    const owners = new Map<string, number[]>();
    let queued = 0;
    for (const { session, courseIds } of due) {
      const key = courseIds.join(',');
      if (!owners.has(key)) owners.set(key, await this.access.activeOwnerIds(courseIds));
      const lead = session.startsAt.getTime() - now.getTime() <= HOUR_MS ? '1h' : '24h';
      queued += await this.mailer.notify(session, courseIds, owners.get(key) ?? [], { kind: 'reminder', lead });
    }
    if (queued > 0) this.logger.log(`${queued} live session reminders queued in the outbox`);
    return queued;
  }
}
