import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  MEMBERSHIP_MONTHS,
  MEMBERSHIP_REMINDER_DAYS,
  isCatalogId,
  isDiscordFrontPage,
  type CatalogId,
  type MembershipResponse,
  type MembershipView,
} from '@academy/contracts';
import { SubscriptionRecords } from '../orders/subscriptions/subscription-records.service';
import { SubscriptionsService } from '../orders/subscriptions/subscriptions.service';
import type { Grant } from '../access/entities/grant.entity';
import { GrantPeriodsService } from '../access/grant-periods.service';
import { GrantsService } from '../access/grants.service';
import { CatalogContentService } from '../catalog/catalog-content.service';
import type { User } from '../identity/entities/user.entity';
import { UserReader } from '../identity/user-reader.service';
import { mailBrand } from '../outbox/mail-layout';
import { OutboxService } from '../outbox/outbox.service';
import { AuditService } from '../platform/audit/audit.service';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { osloDate } from '../platform/time/oslo-time';
import { Clock } from '../platform/time/clock';
import { wholeDaysLeft as daysLeft } from '../platform/time/calendar-period';
import { membershipEndingMail, renewingReminderMail } from './membership-mail';
import { krText, MEMBERSHIP_IDS, membershipPagePath } from './membership-renewal.service';

const DAY_MS = 86_400_000;

/** What one round did. */
export interface MembershipRound {
  /** Membership grants whose period was over and that this round ended. */
  ended: number;
  /** Reminder mails queued. */
  reminded: number;
}

/** A member's running membership of one product: back-to-back periods, from the first start to the last end. */
interface Running {
  userId: number;
  productId: CatalogId;
  startsAt: Date;
  endsAt: Date;
}

function running(grants: Grant[]): Running[] {
  const by = new Map<string, Running>();
  for (const g of grants) {
    if (!g.accessEndsAt || !isCatalogId(g.courseId)) continue;
    const key = `${g.userId}:${g.courseId}`;
    const start = new Date(g.grantedAt);
    const end = new Date(g.accessEndsAt);
    const r = by.get(key);
    if (!r) by.set(key, { userId: g.userId, productId: g.courseId, startsAt: start, endsAt: end });
    else {
      if (start < r.startsAt) r.startsAt = start;
      if (end > r.endsAt) r.endsAt = end;
    }
  }
  return [...by.values()];
}

/**
 * Memberships (VIP, 12 months; docs/decisions.md "Memberships"): the member's access period on
 * the dashboard, the reminder 14 days before it ends (once per period, with the renewal link), and the
 * end of access when it is over. A renewal is a new purchase whose period starts at the running
 * period's end (GrantsService); nothing renews by itself.
 */
@Injectable()
export class MembershipService {
  private readonly logger = new Logger('Membership');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
    private readonly clock: Clock,
    private readonly grants: GrantsService,
    private readonly periods: GrantPeriodsService,
    private readonly content: CatalogContentService,
    private readonly users: UserReader,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly subscriptions: SubscriptionsService,
    private readonly subscriptionRecords: SubscriptionRecords,
  ) {}

  private renewPath(productId: string): string {
    return `/bestill?course=${productId}`;
  }

  /**
   * Where «Åpne VIP-fellesskapet» goes: VIP_COMMUNITY_URL; else the site's own Discord server when it is
   * linked (DISCORD_*); else COMMUNITY_URL when it is an invitation. Never discord.com's front page (the
   * default of an unset COMMUNITY_URL): then null and the button is hidden.
   */
  private communityUrl(): string | null {
    if (this.cfg.vipCommunityUrl) return this.cfg.vipCommunityUrl;
    if (this.cfg.discord) return `https://discord.com/channels/${this.cfg.discord.guildId}`;
    return isDiscordFrontPage(this.cfg.communityUrl) ? null : this.cfg.communityUrl;
  }

  /** GET /api/membership: the signed-in student's memberships with their period. */
  async forStudent(user: Pick<User, 'id'>): Promise<MembershipResponse> {
    const now = this.clock.now();
    const memberships: MembershipView[] = [];
    for (const productId of MEMBERSHIP_IDS) {
      const [r] = running(await this.periods.activeMembershipGrants(user.id, productId));
      if (!r) continue;
      const active = r.endsAt.getTime() > now.getTime();
      const renewal = await this.subscriptions.stateFor(user.id, productId);
      memberships.push({
        productId,
        title: await this.content.titleOf(productId),
        startsAt: r.startsAt.toISOString(),
        endsAt: r.endsAt.toISOString(),
        daysLeft: daysLeft(r.endsAt, now),
        active,
        renewPath: this.renewPath(productId),
        communityUrl: active ? this.communityUrl() : null,
        renews: renewal.renews,
        renewsAt: renewal.renewsAt ? renewal.renewsAt.toISOString() : null,
        renewalMethod: renewal.method,
        renewalPriceOre: renewal.priceOre,
        subscription: renewal.view,
        receipts: await this.subscriptionRecords.receiptsOf(user.id, productId),
      });
    }
    return { memberships };
  }

  /** One round at the clock's time: first the periods that are over end, then the reminders that are due go out. */
  async runDue(): Promise<MembershipRound> {
    // A renewal whose grace ran out ends first, so that its access ends in this same round.
    await this.subscriptions.endLapsed(this.clock.now());
    // The charges of renewals by Vipps due soon are created by the shop (Vipps' Recurring API).
    await this.subscriptions.createRenewalCharges();
    const ended = await this.endOver();
    const reminded = await this.remind();
    if (ended > 0 || reminded > 0) this.logger.log({ ended, reminded }, 'Membership: periods ended and reminders sent');
    return { ended, reminded };
  }

  /**
   * Ends every membership grant whose period is over: revoked as any revocation (its included grants
   * with it, unless a course is owned on its own; `access.revoked` told for the courses whose access
   * ended), audited, each in its own transaction. The conditional revocation makes a second round,
   * or another instance, change nothing.
   */
  private async endOver(): Promise<number> {
    const now = this.clock.now();
    let ended = 0;
    for (;;) {
      const due = await this.periods.endedMembershipGrants(now, 200);
      if (due.length === 0) break;
      let changed = 0;
      for (const g of due) {
        // A renewal charge failed and its grace runs: the member keeps access until it ends (or is paid).
        if (await this.subscriptions.inGrace(g.userId, now)) continue;
        const done = await this.ds.transaction(async (m) => {
          const r = await this.grants.revoke(g.id, null, m);
          if (!r?.changed) return false;
          await this.audit.record(
            m,
            null,
            {
              action: 'grant.membership.end',
              entity: 'grant',
              entityId: g.id,
              before: { accessEndsAt: g.accessEndsAt!.toISOString(), revokedAt: null },
              after: { revokedAt: now.toISOString(), included: (r.included ?? []).map((i) => i.courseId), ended: r.ended ?? [] },
            },
            now,
          );
          return true;
        });
        if (done) changed++;
      }
      ended += changed;
      if (changed === 0 || due.length < 200) break;
    }
    return ended;
  }

  /**
   * The reminders that are due: a member whose running period ends within 14 days gets one mail per
   * period end (outbox dedupe key), so a renewal's new end gets its own, and running this again, or on
   * several instances, sends nothing twice.
   */
  private async remind(): Promise<number> {
    const now = this.clock.now();
    let queued = 0;
    const renewing = new Map((await this.subscriptions.renewing(MEMBERSHIP_IDS)).map((s) => [`${s.userId}:${s.productId}`, s]));
    for (const r of running(await this.periods.activeMemberships(MEMBERSHIP_IDS))) {
      const sub = renewing.get(`${r.userId}:${r.productId}`);
      if (sub?.currentPeriodEnd) {
        if (await this.remindRenewing(sub.userId!, r.productId, sub.currentPeriodEnd, sub.priceOre, sub.method, now)) queued++;
        continue;
      }
      const t = now.getTime();
      if (t >= r.endsAt.getTime() || t < r.endsAt.getTime() - MEMBERSHIP_REMINDER_DAYS * DAY_MS) continue;
      const dedupeKey = `membership-ending:${r.productId}:${r.userId}:${osloDate(r.endsAt)}`;
      if (await this.outbox.exists(dedupeKey)) continue;
      const user = await this.users.findById(r.userId);
      if (!user) continue;
      const title = await this.content.titleOf(r.productId);
      const mail = membershipEndingMail(mailBrand(this.cfg), {
        firstName: user.firstName,
        title,
        endsAt: r.endsAt,
        daysLeft: daysLeft(r.endsAt, now),
        months: MEMBERSHIP_MONTHS[r.productId] ?? 12,
        renewUrl: `${this.cfg.publicUrl}${this.renewPath(r.productId)}&email=${encodeURIComponent(user.email)}`,
        dashboardUrl: `${this.cfg.publicUrl}/dashboard`,
      });
      const id = await this.outbox.enqueue({ ...mail, kind: 'membership_ending', to: user.email, userId: user.id, dedupeKey });
      if (id !== null) queued++;
    }
    return queued;
  }

  /**
   * The reminder of a membership that renews by itself: 14 days before the renewal is charged, "fornyes
   * automatisk <dato> for <pris>" with the link to cancel; once per renewal date.
   */
  private async remindRenewing(
    userId: number,
    productId: CatalogId,
    renewsAt: Date,
    priceOre: number,
    method: string,
    now: Date,
  ): Promise<boolean> {
    const t = now.getTime();
    if (t >= renewsAt.getTime() || t < renewsAt.getTime() - MEMBERSHIP_REMINDER_DAYS * DAY_MS) return false;
    const dedupeKey = `membership-renewing:${productId}:${userId}:${osloDate(renewsAt)}`;
    if (await this.outbox.exists(dedupeKey)) return false;
    const user = await this.users.findById(userId);
    if (!user) return false;
    const mail = renewingReminderMail(mailBrand(this.cfg), {
      firstName: user.firstName,
      title: await this.content.titleOf(productId),
      pageUrl: `${this.cfg.publicUrl}${membershipPagePath(productId)}`,
      renewsAt,
      daysLeft: daysLeft(renewsAt, now),
      priceText: krText(priceOre),
      methodText: method === 'vipps' ? 'med Vipps' : 'med kortet ditt',
    });
    const id = await this.outbox.enqueue({ ...mail, kind: 'membership_renewing', to: user.email, userId: user.id, dedupeKey });
    return id !== null;
  }
}
