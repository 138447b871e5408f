import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MSG, isPlayerCourseId, type MentorshipPeriodView, type MentorshipResponse } from '@academy/contracts';
import type { Grant } from '../access/entities/grant.entity';
import { GrantPeriodsService } from '../access/grant-periods.service';
import { GrantsService } from '../access/grants.service';
import { CatalogContentService } from '../catalog/catalog-content.service';
import { SiteSettingsService } from '../catalog/site-settings.service';
import type { User } from '../identity/entities/user.entity';
import { UserReader } from '../identity/user-reader.service';
import { OutboxService } from '../outbox/outbox.service';
import { AuditService } from '../platform/audit/audit.service';
import { mailBrand } from '../outbox/mail-layout';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { badRequest, notFound } from '../platform/errors/app-error';
import { osloDate } from '../platform/time/oslo-time';
import { Clock } from '../platform/time/clock';
import { mentorshipEndingMail } from './mentorship-mail';
import { addDays, daysLeft, periodEnd, reminderDue } from './mentorship-period';

/** A grant's mentorship period as the admin panel shows it. */
export interface GrantMentorship {
  grantId: number;
  endsAt: Date | null;
}

type Terms = Map<string, { title: string; months: number }>;

/**
 * The mentorship period a grant carries (Accelerator: 3 months, per course in the admin panel),
 * the student's view of it, the admin's extension, and the mail 14 days before it ends.
 */
@Injectable()
export class MentorshipService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly grants: GrantsService,
    private readonly periods: GrantPeriodsService,
    private readonly content: CatalogContentService,
    private readonly site: SiteSettingsService,
    private readonly users: UserReader,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  private async terms(): Promise<Terms> {
    const rows = await this.content.mentorshipTerms();
    return new Map(rows.map((c) => [c.id, { title: c.title, months: Number(c.mentorshipMonths ?? 0) }]));
  }

  /** The end of each grant's period (null: none), for the admin's student page. */
  async endsOf(grants: Grant[]): Promise<Map<number, Date | null>> {
    const terms = await this.terms();
    return new Map(grants.map((g) => [g.id, periodEnd(g, terms.get(g.courseId)?.months ?? 0)]));
  }

  /** GET /api/mentorship: the signed-in student's periods (active grants only), the booking link and the mailbox. */
  async forStudent(user: Pick<User, 'id'>): Promise<MentorshipResponse> {
    const [grants, terms, bookingUrl] = await Promise.all([
      this.grants.activeGrantsOf(user.id),
      this.terms(),
      this.site.mentorBookingUrl(),
    ]);
    const now = this.clock.now();
    const byCourse = new Map<string, MentorshipPeriodView>();
    for (const g of grants) {
      if (!isPlayerCourseId(g.courseId)) continue;
      const term = terms.get(g.courseId);
      const endsAt = periodEnd(g, term?.months ?? 0);
      if (!endsAt) continue;
      const view: MentorshipPeriodView = {
        courseId: g.courseId,
        courseTitle: term?.title ?? g.courseId,
        startsAt: new Date(g.grantedAt).toISOString(),
        endsAt: endsAt.toISOString(),
        daysLeft: daysLeft(endsAt, now),
        active: endsAt.getTime() > now.getTime(),
      };
      const earlier = byCourse.get(g.courseId);
      if (!earlier || earlier.endsAt < view.endsAt) byCourse.set(g.courseId, view);
    }
    return { periods: [...byCourse.values()], bookingUrl, contactEmail: this.site.contactEmail };
  }

  /**
   * Extends a grant's period by whole days: from its end while it runs, from now once it has ended
   * (or when the course has none). Audited in the same transaction. Null when there is no such grant.
   */
  async extend(grantId: number, days: number, actor: User): Promise<Grant> {
    if (!Number.isInteger(days) || days < 1 || days > 365) throw badRequest(MSG.mentorshipDays, 'VALIDATION_FAILED');
    const terms = await this.terms();
    return this.ds.transaction(async (m) => {
      const before = await this.grants.findById(grantId, m);
      if (!before) throw notFound(MSG.grantNotFound);
      const now = this.clock.now();
      const current = periodEnd(before, terms.get(before.courseId)?.months ?? 0);
      const from = current && current.getTime() > now.getTime() ? current : now;
      const endsAt = addDays(from, days);
      const after = await this.periods.setMentorshipEnd(grantId, endsAt, m);
      if (!after) throw notFound(MSG.grantNotFound);
      await this.audit.record(m, actor, {
        action: 'grant.mentorship.extend',
        entity: 'grant',
        entityId: grantId,
        before: { mentorshipEndsAt: current ? current.toISOString() : null },
        after: { mentorshipEndsAt: endsAt.toISOString(), days },
      });
      return after;
    });
  }

  /**
   * The reminders that are due: every active grant whose period ends within 14 days gets one mail,
   * once per period end (outbox dedupe key), so running this again, or on several instances, sends
   * nothing twice. Returns how many mails it queued.
   */
  async runDue(): Promise<number> {
    const terms = await this.terms();
    const courseIds = [...terms].filter(([, t]) => t.months > 0).map(([id]) => id);
    const grants = await this.periods.activeGrantsWithMentorship(courseIds);
    const now = this.clock.now();
    const bookingUrl = await this.site.mentorBookingUrl();
    let queued = 0;
    for (const g of grants) {
      const endsAt = periodEnd(g, terms.get(g.courseId)?.months ?? 0);
      if (!endsAt || !reminderDue(endsAt, now)) continue;
      const dedupeKey = `mentorship-ending:${g.id}:${osloDate(endsAt)}`;
      if (await this.outbox.exists(dedupeKey)) continue;
      const user = await this.users.findById(g.userId);
      if (!user) continue;
      const mail = mentorshipEndingMail(mailBrand(this.cfg), {
        firstName: user.firstName,
        courseTitle: terms.get(g.courseId)?.title ?? g.courseId,
        endsAt,
        daysLeft: daysLeft(endsAt, now),
        bookingUrl,
        dashboardUrl: `${this.cfg.publicUrl}/dashboard`,
      });
      const id = await this.outbox.enqueue({ ...mail, kind: 'mentorship_ending', to: user.email, userId: user.id, dedupeKey });
      if (id !== null) queued++;
    }
    return queued;
  }
}
