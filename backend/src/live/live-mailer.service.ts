import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CatalogContentService } from '../catalog/catalog-content.service';
import { UserReader } from '../identity/user-reader.service';
import { OutboxService } from '../outbox/outbox.service';
import { liveCancelledMail, liveMovedMail, liveReminderMail, type LiveSessionMailInput } from './live-mail';
import { mailBrand } from '../outbox/mail-layout';
import { APP_CONFIG, AppConfig } from '../platform/config';
import type { LiveSession } from './entities/live-session.entity';

export type LiveNotice =
  { kind: 'reminder'; lead: '24h' | '1h' } | { kind: 'cancelled' } | { kind: 'moved'; previousStart: Date };

/**
 * Puts the live-session mails in the outbox, one per owner, each with a dedupe key: a reminder is
 * keyed by session, lead, start time and student, so two instances (or two runs) queue it once, and
 * a moved session's new time gets its own reminders.
 */
@Injectable()
export class LiveMailerService {
  constructor(
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly outbox: OutboxService,
    private readonly users: UserReader,
    private readonly content: CatalogContentService,
  ) {}

  dedupeKey(session: LiveSession, notice: LiveNotice, userId: number): string {
    switch (notice.kind) {
      case 'reminder':
        return `live-${notice.lead}:${session.id}:${session.startsAt.getTime()}:${userId}`;
      case 'cancelled':
        return `live-cancel:${session.id}:${userId}`;
      case 'moved':
        return `live-moved:${session.id}:${session.startsAt.getTime()}:${userId}`;
    }
  }

  /** Queues the notice to each of the users (skipping erased accounts and keys already taken). Returns how many were queued. */
  async notify(
    session: LiveSession,
    courseIds: string[],
    userIds: number[],
    notice: LiveNotice,
    m?: EntityManager,
  ): Promise<number> {
    if (userIds.length === 0) return 0;
    const courseTitles: string[] = [];
    for (const id of courseIds) courseTitles.push(await this.content.titleOf(id, m));
    let queued = 0;
    for (const userId of userIds) {
      const dedupeKey = this.dedupeKey(session, notice, userId);
      if (await this.outbox.exists(dedupeKey, m)) continue;
      const user = await this.users.findById(userId, m);
      if (!user) continue;
      const input: LiveSessionMailInput = {
        title: session.title,
        startsAt: session.startsAt,
        durationMinutes: session.durationMinutes,
        courseTitles,
        dashboardUrl: `${this.cfg.publicUrl}/dashboard`,
        firstName: user.firstName,
      };
      const rendered =
        notice.kind === 'reminder'
          ? liveReminderMail(mailBrand(this.cfg), input, notice.lead)
          : notice.kind === 'cancelled'
            ? liveCancelledMail(mailBrand(this.cfg), input)
            : liveMovedMail(mailBrand(this.cfg), input, notice.previousStart);
      const id = await this.outbox.enqueue(
        {
          ...rendered,
          kind: notice.kind === 'reminder' ? 'live_reminder' : 'live_changed',
          to: user.email,
          userId: user.id,
          dedupeKey,
        },
        m,
      );
      if (id !== null) queued++;
    }
    return queued;
  }
}
